import Decimal from 'decimal.js';
import type { Instrument } from '@shared/constants';
import type { MarketProvider, ProviderContext, ProviderReading } from './provider.types';

/**
 * Simulated market so a fresh install lives with no network: a bounded, mean-reverting
 * random walk around plausible 2026 values. Deterministic when `config.seed` is a number.
 */
interface Walk {
  center: number;
  min: number;
  max: number;
  /** Standard step as a fraction of the value (per fetch). */
  step: number;
  decimals: number;
}

export const DEMO_WALKS: Readonly<Record<Instrument, Walk>> = {
  XAU: { center: 120, min: 105, max: 135, step: 0.002, decimals: 4 },
  XAG: { center: 1.45, min: 1.25, max: 1.65, step: 0.003, decimals: 4 },
  XPT: { center: 40, min: 35, max: 45, step: 0.0025, decimals: 4 },
  'USD/EUR': { center: 0.895, min: 0.86, max: 0.93, step: 0.0008, decimals: 6 },
  'ILS/EUR': { center: 0.255, min: 0.24, max: 0.27, step: 0.0008, decimals: 6 },
};

/** mulberry32: tiny seeded PRNG, good enough for a demo walk. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One step of the walk from `previous` (a number is fine here: this is simulation, not money arithmetic). */
export function demoStep(walk: Walk, previous: number, random: () => number): number {
  const start =
    Number.isFinite(previous) && previous > 0 ? Math.min(Math.max(previous, walk.min), walk.max) : walk.center;
  const shock = (random() * 2 - 1) * walk.step * start;
  const pull = (walk.center - start) * 0.05;
  return Math.min(Math.max(start + shock + pull, walk.min), walk.max);
}

export function createDemoProvider(config: Record<string, unknown>): MarketProvider {
  const seed = typeof config.seed === 'number' ? config.seed : Math.floor(Math.random() * 2 ** 32);
  const random = seededRandom(seed);
  const walked = new Map<Instrument, number>();
  return {
    async fetch(context: ProviderContext): Promise<ProviderReading[]> {
      return context.instruments.map((instrument) => {
        const walk = DEMO_WALKS[instrument];
        const last = walked.get(instrument) ?? Number(context.lastValue(instrument) ?? walk.center);
        const next = demoStep(walk, last, random);
        walked.set(instrument, next);
        return {
          instrument,
          value: new Decimal(next).toDecimalPlaces(walk.decimals).toFixed(),
          observedAt: context.now,
        };
      });
    },
  };
}
