import { describe, expect, it } from 'vitest';
import type { DiamondImportRunView } from '@shared/schemas/diamond-feeds';
import { CLOCK_ALLOWANCE_MS, keepPolling, liveCountsText, liveRunOf, spokenDelay, type LiveRunWatch } from './live-run';

const SINCE = Date.parse('2026-11-26T14:00:00.000Z');

function run(overrides: Partial<DiamondImportRunView> = {}): DiamondImportRunView {
  return {
    id: 'run-new',
    feedId: 'feed-1',
    status: 'running',
    preset: null,
    fxRate: '0.92',
    startedAt: '2026-11-26T14:00:01.250Z',
    finishedAt: null,
    rowsRead: 12500,
    rowsAccepted: 12480,
    rowsRejected: 20,
    added: 0,
    updated: 0,
    unchanged: 0,
    removed: 0,
    error: null,
    ...overrides,
  };
}

const watch: LiveRunWatch = { since: SINCE, knownRunIds: ['run-old'] };

describe('liveRunOf', () => {
  it('shows the newest run while it runs, recorded after the import started', () => {
    const current = run();
    expect(liveRunOf([current], watch)).toBe(current);
  });

  it('shows nothing before the server answers or when the feed has no run yet', () => {
    expect(liveRunOf(undefined, watch)).toBeNull();
    expect(liveRunOf(null, watch)).toBeNull();
    expect(liveRunOf([], watch)).toBeNull();
  });

  it('ignores a run the screen knew before the import, even one still running', () => {
    expect(liveRunOf([run({ id: 'run-old' })], watch)).toBeNull();
  });

  it('ignores a run recorded long before the import started', () => {
    const before = new Date(SINCE - CLOCK_ALLOWANCE_MS - 1).toISOString();
    expect(liveRunOf([run({ startedAt: before })], watch)).toBeNull();
    expect(liveRunOf([run({ startedAt: 'pas une date' })], watch)).toBeNull();
  });

  it('allows a server clock a little behind the browser', () => {
    const current = run({ startedAt: new Date(SINCE - 2000).toISOString() });
    expect(liveRunOf([current], watch)).toBe(current);
  });

  it('shows nothing once the run is over: the report says the final counts', () => {
    expect(liveRunOf([run({ status: 'succeeded' })], watch)).toBeNull();
    expect(liveRunOf([run({ status: 'failed' })], watch)).toBeNull();
  });

  it('reads only the newest run', () => {
    expect(liveRunOf([run({ id: 'run-old', status: 'succeeded' }), run()], watch)).toBeNull();
  });
});

describe('keepPolling', () => {
  it('polls until the import’s own run is recorded', () => {
    expect(keepPolling(undefined, watch)).toBe(true);
    expect(keepPolling([], watch)).toBe(true);
    expect(keepPolling([run({ id: 'run-old', status: 'succeeded' })], watch)).toBe(true);
    expect(keepPolling([run({ id: 'run-old', status: 'running' })], watch)).toBe(true);
  });

  it('polls while the import’s run is running, not once it is over', () => {
    expect(keepPolling([run()], watch)).toBe(true);
    expect(keepPolling([run({ status: 'succeeded' })], watch)).toBe(false);
    expect(keepPolling([run({ status: 'failed' })], watch)).toBe(false);
  });
});

describe('liveCountsText', () => {
  it('writes the counters in French, grouped by thousands', () => {
    expect(liveCountsText(run())).toBe('12\u202f500 lignes lues · 12\u202f480 acceptées · 20 rejetées');
  });

  it('uses the singular for 0 and 1', () => {
    expect(liveCountsText({ rowsRead: 1, rowsAccepted: 1, rowsRejected: 0 })).toBe(
      '1 ligne lue · 1 acceptée · 0 rejetée',
    );
    expect(liveCountsText({ rowsRead: 2, rowsAccepted: 1, rowsRejected: 1 })).toBe(
      '2 lignes lues · 1 acceptée · 1 rejetée',
    );
  });

  it('takes another separator for the spoken copy', () => {
    expect(liveCountsText({ rowsRead: 1000, rowsAccepted: 998, rowsRejected: 2 }, ', ')).toBe(
      '1\u202f000 lignes lues, 998 acceptées, 2 rejetées',
    );
  });
});

describe('spokenDelay', () => {
  it('speaks the first counters at once', () => {
    expect(spokenDelay(null, 1000)).toBe(0);
  });

  it('waits for what remains of the 5 seconds since the last time', () => {
    expect(spokenDelay(10_000, 11_000)).toBe(4000);
    expect(spokenDelay(10_000, 14_999)).toBe(1);
    expect(spokenDelay(10_000, 15_000)).toBe(0);
    expect(spokenDelay(10_000, 60_000)).toBe(0);
  });

  it('never waits longer than the interval, whatever the clock did', () => {
    expect(spokenDelay(10_000, 2000)).toBe(5000);
    expect(spokenDelay(10_000, 11_000, 2000)).toBe(1000);
  });
});
