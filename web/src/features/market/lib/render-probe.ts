/**
 * Render counter for the browser tests (tests/e2e/ticker.e2e.test.ts): a test defines
 * `window.__pricerRenderProbe = {}` before the app loads and reads how many times each named component rendered.
 * Without that object (every real visit) a call costs one property read.
 */
type Probe = Record<string, number>;

export function countRender(name: string): void {
  const probe = (globalThis as { __pricerRenderProbe?: Probe }).__pricerRenderProbe;
  if (probe) probe[name] = (probe[name] ?? 0) + 1;
}
