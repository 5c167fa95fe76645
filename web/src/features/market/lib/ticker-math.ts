/**
 * Scrolling strip math: the track holds several identical copies side by side and moves left; the offset
 * is kept within one copy width so the loop never shows a gap.
 */

/** Brings an offset (px, negative = moved left) into (-copyWidth, 0]. */
export function wrapOffset(offset: number, copyWidth: number): number {
  if (!Number.isFinite(offset) || !(copyWidth > 0)) return 0;
  let wrapped = offset % copyWidth;
  if (wrapped > 0) wrapped -= copyWidth;
  return wrapped === 0 ? 0 : wrapped;
}

/** Offset after `elapsedMs` of auto scroll at `speedPxPerS`, wrapped. Large gaps (tab hidden) are capped. */
export function advanceOffset(offset: number, elapsedMs: number, speedPxPerS: number, copyWidth: number): number {
  const dt = Math.min(Math.max(elapsedMs, 0), 100);
  return wrapOffset(offset - (speedPxPerS * dt) / 1000, copyWidth);
}
