import { describe, expect, it } from 'vitest';
import { stampManualPrices } from './manual-prices';

const t0 = new Date('2026-11-19T08:00:00Z');
const t1 = new Date('2026-11-20T09:30:00Z');

describe('stampManualPrices', () => {
  it('stamps every typed price with the server time', () => {
    expect(stampManualPrices({}, { XAU: '118.2', 'USD/EUR': '0.92' }, t0)).toEqual({
      values: { XAU: '118.2', 'USD/EUR': '0.92' },
      setAt: { XAU: t0.toISOString(), 'USD/EUR': t0.toISOString() },
      updatedAt: t0.toISOString(),
    });
  });

  it('keeps the stamp of an unchanged price (same number written differently) and restamps a changed one', () => {
    const first = stampManualPrices({}, { XAU: '118.2', XAG: '1.05' }, t0);
    const second = stampManualPrices(first, { XAU: '118.20', XAG: '1.07' }, t1);
    expect(second).toEqual({
      values: { XAU: '118.20', XAG: '1.07' },
      setAt: { XAU: t0.toISOString(), XAG: t1.toISOString() },
      updatedAt: t1.toISOString(),
    });
  });

  it('drops a removed price, keeps the stored stamp of an unchanged one and the other config keys', () => {
    const first = stampManualPrices({ note: 'affiché en vitrine' }, { XAU: '118.2', XAG: '1.05' }, t0);
    const second = stampManualPrices({ ...first, setAt: { XAU: '1999-01-01T00:00:00Z' } }, { XAU: '118.2' }, t1);
    expect(second).toEqual({
      note: 'affiché en vitrine',
      values: { XAU: '118.2' },
      setAt: { XAU: '1999-01-01T00:00:00Z' },
      updatedAt: t1.toISOString(),
    });
  });

  it('stamps an older config without setAt from its updatedAt', () => {
    const old = { values: { XAU: '118.2' }, updatedAt: t0.toISOString() };
    expect(stampManualPrices(old, { XAU: '118.2' }, t1)).toEqual({
      values: { XAU: '118.2' },
      setAt: { XAU: t0.toISOString() },
      updatedAt: t0.toISOString(),
    });
  });
});
