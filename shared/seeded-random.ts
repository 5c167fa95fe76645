/** A source of numbers in [0, 1), like Math.random. */
export type Rng = () => number;

/**
 * A tiny deterministic PRNG (mulberry32): the same seed gives the same sequence, so the demo catalogue, the
 * demo price walk and the property tests can be reproduced. Not for anything secret (use node:crypto).
 */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
