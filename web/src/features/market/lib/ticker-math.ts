/**
 * Scrolling strip math: the track holds several identical copies side by side and one animation moves it left by
 * one copy width, repeated forever, so the loop never shows a gap. Positions are animation times: time t (ms)
 * puts the track at -(t x speed / 1000) px.
 */

/** Duration (ms) of one loop: the track moves one copy width at `speedPxPerS`. 0 for an unmeasured strip. */
export function loopDurationMs(copyWidth: number, speedPxPerS: number): number {
  if (!(copyWidth > 0) || !(speedPxPerS > 0)) return 0;
  return (copyWidth / speedPxPerS) * 1000;
}

/** Brings an animation time into [0, durationMs). */
export function wrapTime(timeMs: number, durationMs: number): number {
  if (!Number.isFinite(timeMs) || !(durationMs > 0)) return 0;
  const wrapped = timeMs % durationMs;
  return wrapped < 0 ? wrapped + durationMs : wrapped;
}

/**
 * Time after dragging the strip by `dxPx` (positive = to the right) from `startTimeMs`: the content follows the
 * pointer, so dragging right goes back in time.
 */
export function dragTime(startTimeMs: number, dxPx: number, speedPxPerS: number, durationMs: number): number {
  if (!(speedPxPerS > 0)) return wrapTime(startTimeMs, durationMs);
  return wrapTime(startTimeMs - (dxPx / speedPxPerS) * 1000, durationMs);
}

/** Time keeping the same place in the loop when its duration changes (the copy width changed). */
export function rescaleTime(timeMs: number, oldDurationMs: number, newDurationMs: number): number {
  if (!(oldDurationMs > 0) || !(newDurationMs > 0)) return 0;
  return wrapTime((wrapTime(timeMs, oldDurationMs) / oldDurationMs) * newDurationMs, newDurationMs);
}
