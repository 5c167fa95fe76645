import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { INSTRUMENTS, type Instrument } from '@shared/constants';
import { checkReading, JUMP_BOUNDS } from '../reading-guard';
import { createDemoProvider, DEMO_WALKS } from './demo.provider';

/**
 * Real levels of 2026 a shop may type in a manual source or a real feed may send: gold 24k has been seen
 * above 140 EUR/g, silver 2-3 EUR/g, platinum 55-70 EUR/g, 1 USD = 0.85-0.95 EUR, 1 ILS ≈ 0.28 EUR.
 */
const REAL_LEVELS: Readonly<Record<Instrument, readonly string[]>> = {
  XAU: ['118', '130', '142', '150'],
  XAG: ['2.1', '2.5', '2.9'],
  XPT: ['55', '62', '70'],
  'USD/EUR': ['0.85', '0.88', '0.92', '0.95'],
  'ILS/EUR': ['0.26', '0.28', '0.295'],
};

describe('demo simulator ranges contain 2026 real levels', () => {
  it('every real level lies within its walk bounds', () => {
    for (const instrument of INSTRUMENTS) {
      const walk = DEMO_WALKS[instrument];
      for (const level of REAL_LEVELS[instrument]) {
        expect(Number(level), `${instrument} ${level}`).toBeGreaterThanOrEqual(walk.min);
        expect(Number(level), `${instrument} ${level}`).toBeLessThanOrEqual(walk.max);
      }
    }
    expect(DEMO_WALKS.XAU.max).toBeGreaterThan(140);
  });

  it('a real reading after a demo reading at the centre passes the jump guard', () => {
    for (const instrument of INSTRUMENTS) {
      const center = String(DEMO_WALKS[instrument].center);
      for (const level of REAL_LEVELS[instrument]) {
        expect(checkReading(instrument, level, center).ok, `${instrument} ${level} after ${center}`).toBe(true);
      }
    }
  });

  it('the walk stays near its centre, so the guard never sees a real level as a jump from a demo value', async () => {
    const provider = createDemoProvider({ seed: 11 });
    const now = new Date('2026-06-01T10:00:00Z');
    const worst = new Map<Instrument, Decimal>();
    for (let step = 0; step < 3000; step += 1) {
      const readings = await provider.fetch({
        source: { id: 'demo', name: 'Démo', kind: 'demo', config: {}, secret: null },
        instruments: INSTRUMENTS,
        now,
        timeoutMs: 1000,
        lastValue: () => null,
      });
      for (const r of readings) {
        const move = new Decimal(r.value)
          .minus(DEMO_WALKS[r.instrument].center)
          .abs()
          .div(DEMO_WALKS[r.instrument].center);
        if (move.gt(worst.get(r.instrument) ?? 0)) worst.set(r.instrument, move);
      }
    }
    for (const instrument of INSTRUMENTS) {
      // Far within the guard's bound: a real level within (bound - this) of the centre is always accepted.
      expect(worst.get(instrument)!.lt(new Decimal(JUMP_BOUNDS[instrument]).div(4)), instrument).toBe(true);
    }
  });
});
