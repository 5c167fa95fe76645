import { describe, expect, it } from 'vitest';
import type { DiamondRow } from './random-diamonds';
import { drawAtRandom, MAX_AGE_MS, MAX_SAMPLES, RandomSamples, REFRESH_AFTER_MS, SAMPLE_SIZE } from './random-sample';

const row = (id: number) => ({ id: String(id) }) as DiamondRow;

/** A loader counting its calls, answering `size` rows numbered from `base`, which the test changes. */
function loader(size = SAMPLE_SIZE) {
  const state = { calls: 0, base: 0, pending: [] as Array<() => void>, hold: false };
  const load = async (limit: number) => {
    state.calls += 1;
    if (state.hold) await new Promise<void>((resolve) => state.pending.push(resolve));
    return Array.from({ length: Math.min(limit, size) }, (_, i) => row(state.base + i));
  };
  return { state, load };
}

describe('drawAtRandom', () => {
  it('draws distinct rows, all of them when fewer, and every row can come', () => {
    const rows = Array.from({ length: 20 }, (_, i) => i);
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const pick = drawAtRandom(rows, 6);
      expect(new Set(pick).size).toBe(6);
      pick.forEach((p) => seen.add(p));
    }
    expect(seen.size).toBe(20);
    expect(drawAtRandom([1, 2, 3], 6).sort()).toEqual([1, 2, 3]);
  });
});

describe('RandomSamples', () => {
  it('answers six stones of one query per range, then refreshes in the background after 30 s', async () => {
    let now = 0;
    const { state, load } = loader();
    const samples = new RandomSamples(load, () => now);
    const scope = { organizationId: 'o1' };
    const first = await samples.pick(scope, { min: 0.5, max: 0.59 });
    expect(first).toHaveLength(6);
    for (let i = 0; i < 50; i++) await samples.pick(scope, { min: 0.5, max: 0.59 });
    expect(state.calls).toBe(1);
    // Another range or organization has its own sample.
    await samples.pick(scope, { min: 1, max: 1.5 });
    await samples.pick({ organizationId: 'o2' }, { min: 0.5, max: 0.59 });
    expect(state.calls).toBe(3);
    // Past 30 s: served from the kept sample while one refresh runs.
    now = REFRESH_AFTER_MS + 1;
    state.base = 1000;
    const during = await samples.pick(scope, { min: 0.5, max: 0.59 });
    expect(during.every((r) => Number(r.id) < 1000)).toBe(true);
    await samples.pick(scope, { min: 0.5, max: 0.59 });
    expect(state.calls).toBe(4);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const after = await samples.pick(scope, { min: 0.5, max: 0.59 });
    expect(after.every((r) => Number(r.id) >= 1000)).toBe(true);
  });

  it('never serves a sample older than a minute: the request waits for a new one', async () => {
    let now = 0;
    const { state, load } = loader();
    const samples = new RandomSamples(load, () => now);
    const scope = { organizationId: 'o1' };
    await samples.pick(scope, {});
    now = MAX_AGE_MS + 1;
    state.base = 5000;
    const [a, b] = await Promise.all([samples.pick(scope, {}), samples.pick(scope, {})]);
    expect([...a!, ...b!].every((r) => Number(r.id) >= 5000)).toBe(true);
    expect(state.calls).toBe(2);
  });

  it('forgets a sample whose first load failed, and keeps at most MAX_SAMPLES', async () => {
    let fail = true;
    const samples = new RandomSamples(async () => {
      if (fail) throw new Error('database down');
      return [row(1)];
    });
    await expect(samples.pick('installation', {})).rejects.toThrow('database down');
    expect(samples.size).toBe(0);
    fail = false;
    expect(await samples.pick('installation', {})).toEqual([row(1)]);
    for (let i = 0; i < MAX_SAMPLES + 10; i++) await samples.pick({ organizationId: `o${i}` }, {});
    expect(samples.size).toBe(MAX_SAMPLES);
  });
});
