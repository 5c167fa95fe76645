import { describe, expect, it } from 'vitest';
import type { AlloyPrice, FxRate, SpotPrice } from '@shared/schemas/market';
import { formatTickerValue, marketTickerEntries, mobileTickerEntries } from './ticker-items';

const fresh = { source: 'demo', observedAt: '', fetchedAt: '', stale: false, ageSeconds: 0 };
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
const read = <T>(data: T | undefined) => ({ data, dataUpdatedAt: 1 });

describe('marketTickerEntries', () => {
  it('lists alloys, silver, platinum and both rates in order', () => {
    const entries = marketTickerEntries({
      alloys: read([alloy('Or 18kt', '90.1')]),
      silver: read(spot('1.02')),
      platinum: read(spot('30')),
      usd: read(fx('0.92')),
      ils: read(fx('0.25')),
    });
    expect(entries.map((e) => [e.label, e.raw, e.kind])).toEqual([
      ['Or 18kt', '90.1', 'price'],
      ['Argent', '1.02', 'price'],
      ['Platine', '30', 'price'],
      ['USD/EUR', '0.92', 'rate'],
      ['ILS/EUR', '0.25', 'rate'],
    ]);
  });
});

describe('mobileTickerEntries', () => {
  it('keeps only loaded items', () => {
    const entries = mobileTickerEntries({
      gold: read(spot('120')),
      silver: read<SpotPrice>(undefined),
      platinum: read(spot('30')),
      alloys: read([alloy('Or 18kt', '90'), alloy('Or 9kt', '45')]),
      usd: read(fx('0.9')),
    });
    expect(entries.map((e) => e.label)).toEqual(['Or', 'Platine', 'Or 18kt', 'USD/EUR']);
  });
  it('is empty when nothing loaded', () => {
    const none = read<SpotPrice>(undefined);
    expect(
      mobileTickerEntries({ gold: none, silver: none, platinum: none, alloys: read(undefined), usd: read(undefined) }),
    ).toEqual([]);
  });
});

describe('formatTickerValue', () => {
  it('formats prices with €/g and 2 decimals, rates with 4 decimals, a dash when missing', () => {
    const base = { key: 'k', label: 'l', updatedAt: 0 };
    expect(formatTickerValue({ ...base, raw: '90.125', kind: 'price' })).toBe('90,13 €/g');
    expect(formatTickerValue({ ...base, raw: '0.92345', kind: 'rate' })).toBe('0,9235');
    expect(formatTickerValue({ ...base, raw: null, kind: 'rate' })).toBe('—');
  });
});
