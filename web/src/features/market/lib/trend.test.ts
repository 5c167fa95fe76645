import { describe, expect, it } from 'vitest';
import { nextTrendState, trendDirection } from './trend';

describe('trendDirection', () => {
  it('compares decimal strings', () => {
    expect(trendDirection('58.10', '58.11')).toBe('up');
    expect(trendDirection('58.10', '58.09')).toBe('down');
    expect(trendDirection('58.10', '58.1')).toBe('neutral');
    expect(trendDirection('0.1', '0.30000000000000004')).toBe('up');
  });
  it('is neutral when a value is missing or not a number', () => {
    expect(trendDirection(null, '1')).toBe('neutral');
    expect(trendDirection('1', undefined)).toBe('neutral');
    expect(trendDirection('abc', '1')).toBe('neutral');
  });
});

describe('nextTrendState', () => {
  it('starts neutral, then follows new readings', () => {
    const s1 = nextTrendState({}, [{ key: 'gold', value: '58', observedAt: 't1' }]);
    expect(s1.gold?.trend).toBe('neutral');
    const s2 = nextTrendState(s1, [{ key: 'gold', value: '59', observedAt: 't2' }]);
    expect(s2.gold?.trend).toBe('up');
    const s3 = nextTrendState(s2, [{ key: 'gold', value: '57', observedAt: 't3' }]);
    expect(s3.gold?.trend).toBe('down');
    const s4 = nextTrendState(s3, [{ key: 'gold', value: '57', observedAt: 't4' }]);
    expect(s4.gold?.trend).toBe('neutral');
  });
  it('keeps an item trend until a new reading of that item arrives', () => {
    const s1 = nextTrendState({}, [
      { key: 'gold', value: '58', observedAt: 't1' },
      { key: 'silver', value: '1', observedAt: 't1' },
    ]);
    const s2 = nextTrendState(s1, [
      { key: 'gold', value: '59', observedAt: 't2' },
      { key: 'silver', value: '1', observedAt: 't1' },
    ]);
    const s3 = nextTrendState(s2, [
      { key: 'gold', value: '59', observedAt: 't2' },
      { key: 'silver', value: '0.9', observedAt: 't3' },
    ]);
    expect(s3.gold?.trend).toBe('up');
    expect(s3.silver?.trend).toBe('down');
  });
  it('returns the same object when nothing changed', () => {
    const s1 = nextTrendState({}, [{ key: 'gold', value: '58', observedAt: 't1' }]);
    expect(nextTrendState(s1, [{ key: 'gold', value: '58', observedAt: 't1' }])).toBe(s1);
  });
});
