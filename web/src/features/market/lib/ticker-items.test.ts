import { describe, expect, it } from 'vitest';
import type { AlloyPrice, FxRate, SpotPrice } from '@shared/schemas/market';
import {
  alloyReadings,
  formatTickerValue,
  fxReading,
  marketTickerEntries,
  mobileTickerEntries,
  spotReading,
} from './ticker-items';

const fresh = { source: 'demo', observedAt: '2026-01-02T10:00:00Z', fetchedAt: '', stale: false, ageSeconds: 0 };
const spot = (pricePerG: string): SpotPrice => ({ metal: 'gold', currency: 'EUR', pricePerG, ...fresh });
const fx = (rate: string): FxRate => ({ base: 'USD', quote: 'EUR', rate, ...fresh });
const alloy = (name: string, pricePerG: string): AlloyPrice => ({
  id: name,
  code: name,
  name,
  baseMetal: 'gold',
  fineness: 750,
  pricePerG,
  ...fresh,
});

describe('readings selected from market answers', () => {
  it('keep the value and the observation time only', () => {
    expect(spotReading(spot('120.5'))).toEqual({ value: '120.5', observedAt: fresh.observedAt });
    expect(fxReading(fx('0.92'))).toEqual({ value: '0.92', observedAt: fresh.observedAt });
    expect(alloyReadings([alloy('Or 18kt', '90')])).toEqual([
      { code: 'Or 18kt', name: 'Or 18kt', value: '90', observedAt: fresh.observedAt },
    ]);
  });
  it('are equal for two polls of the same reading (age and fetch time ignored)', () => {
    const later = { ...spot('120.5'), ageSeconds: 60, fetchedAt: '2026-01-02T10:01:00Z' };
    expect(spotReading(later)).toEqual(spotReading(spot('120.5')));
  });
});

describe('marketTickerEntries', () => {
  it('lists alloys, silver, platinum and both rates in order', () => {
    const entries = marketTickerEntries({
      alloys: alloyReadings([alloy('Or 18kt', '90.1')]),
      silver: spotReading(spot('1.02')),
      platinum: spotReading(spot('30')),
      usd: fxReading(fx('0.92')),
      ils: fxReading(fx('0.25')),
    });
    expect(entries.map((e) => [e.label, e.raw, e.kind])).toEqual([
      ['Or 18kt', '90.1', 'price'],
      ['Argent', '1.02', 'price'],
      ['Platine', '30', 'price'],
      ['USD/EUR', '0.92', 'rate'],
      ['ILS/EUR', '0.25', 'rate'],
    ]);
  });
  it('keeps a failed read as an empty item', () => {
    const entries = marketTickerEntries({
      alloys: [],
      silver: undefined,
      platinum: spotReading(spot('30')),
      usd: undefined,
      ils: undefined,
    });
    expect(entries.map((e) => [e.label, e.raw])).toEqual([
      ['Argent', null],
      ['Platine', '30'],
      ['USD/EUR', null],
      ['ILS/EUR', null],
    ]);
  });
});

describe('mobileTickerEntries', () => {
  it('keeps only loaded items', () => {
    const entries = mobileTickerEntries({
      gold: spotReading(spot('120')),
      silver: undefined,
      platinum: spotReading(spot('30')),
      alloys: alloyReadings([alloy('Or 18kt', '90'), alloy('Or 9kt', '45')]),
      usd: fxReading(fx('0.9')),
    });
    expect(entries.map((e) => e.label)).toEqual(['Or', 'Platine', 'Or 18kt', 'USD/EUR']);
  });
  it('is empty when nothing loaded', () => {
    expect(
      mobileTickerEntries({
        gold: undefined,
        silver: undefined,
        platinum: undefined,
        alloys: undefined,
        usd: undefined,
      }),
    ).toEqual([]);
  });
});

describe('formatTickerValue', () => {
  it('formats prices with €/g and 2 decimals, rates with 4 decimals, a dash when missing', () => {
    expect(formatTickerValue({ raw: '90.125', kind: 'price' })).toBe('90,13 €/g');
    expect(formatTickerValue({ raw: '0.92345', kind: 'rate' })).toBe('0,9235');
    expect(formatTickerValue({ raw: null, kind: 'rate' })).toBe('—');
  });
});
