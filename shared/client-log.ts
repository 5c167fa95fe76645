/*
 * Limits of the browser's error journal entries (POST /api/logs), without zod: the web logger runs on every page
 * and imports these, while the request schema (shared/schemas/logs.ts) stays out of the first screen's JavaScript.
 */

/** What the browser may write to the error journal: its own entries only (source 'frontend', ADR 0007). */
export const CLIENT_LOG_SOURCE = 'frontend';
/** Bytes of one POST /api/logs body at most. */
export const CLIENT_LOG_BODY_MAX_BYTES = 48 * 1024;
/** `context` as JSON text at most, and its nesting at most. */
export const CLIENT_LOG_CONTEXT_MAX_CHARS = 10_000;
export const CLIENT_LOG_CONTEXT_MAX_DEPTH = 6;

/** Pure, iterative (a deep value cannot overflow the stack): the nesting depth of a JSON value. */
export function jsonDepth(value: unknown, stopAt = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > deepest) deepest = depth + 1;
    if (deepest > stopAt) return deepest;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return deepest;
}
