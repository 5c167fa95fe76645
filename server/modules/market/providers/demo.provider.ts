import Decimal from 'decimal.js';
import type { Instrument } from '@shared/constants';
import { mulberry32 } from '@shared/seeded-random';
import type { MarketProvider, ProviderContext, ProviderReading } from './provider.types';

/**
 * Simulated market so a fresh install lives with no network: a bounded, mean-reverting
 * random walk around plausible 2026 values. Deterministic when `config.seed` is a number.
 *
 * The centres are today's real levels (2026: gold 24k has been seen above 140 EUR/g, silver between 2 and 3.3
 * EUR/g, platinum 55-75 EUR/g, 1 USD = 0.85-0.95 EUR, 1 ILS ≈ 0.28 EUR), so that a manual price typed by a shop
 * or a real feed taking over is never judged an outlier by the jump guard (reading-guard.ts, jump-reference.ts):
 * demo.provider.unit.test.ts checks those levels lie within the guard's bound of each centre.
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
  XAU: { center: 135, min: 112, max: 160, step: 0.002, decimals: 4 },
  XAG: { center: 2.5, min: 2, max: 3.1, step: 0.003, decimals: 4 },
  XPT: { center: 62, min: 52, max: 74, step: 0.0025, decimals: 4 },
  'USD/EUR': { center: 0.88, min: 0.82, max: 0.95, step: 0.0008, decimals: 6 },
  'ILS/EUR': { center: 0.275, min: 0.25, max: 0.3, step: 0.0008, decimals: 6 },
};

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
  const random = mulberry32(seed);
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
