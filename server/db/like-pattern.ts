/**
 * LIKE / ILIKE patterns built from what a person typed or a stored value: `%`, `_` and the escape
 * character `\` are matched literally (PostgreSQL's default escape is `\`, on both drivers).
 */

/** `text` with the LIKE wildcards and the escape character escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A pattern matching `text` anywhere: "50%" -> "%50\%%". */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** A pattern matching values that start with `text`: "bague-" -> "bague-%". */
export function startsWithPattern(text: string): string {
  return `${escapeLike(text)}%`;
}
