/** Record ids are uuids: the server and the screens tell a well-formed one the same way. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` can name a record (any letter case). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
