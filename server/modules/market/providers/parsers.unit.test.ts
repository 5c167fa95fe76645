import { describe, expect, it } from 'vitest';
import { ECB_SAMPLE_RATES, ecbDailyXml, goldApiJson } from '../test/samples';
import { createDemoProvider, DEMO_WALKS } from './demo.provider';
import { invertEcbRate, parseEcbXml } from './ecb.provider';
import { parseGoldApiAnswer } from './goldapi.provider';
import { manualProvider } from './manual.provider';
import { ProviderError, type ProviderContext } from './provider.types';
import type { Instrument } from '@shared/constants';

const context = (config: Record<string, unknown>, instruments: Instrument[]): ProviderContext => ({
  source: { id: 's1', kind: 'demo', name: 'test', config, secret: null },
  instruments,
  now: new Date('2026-11-20T10:00:00Z'),
  timeoutMs: 1000,
  lastValue: () => null,
});

describe('ECB eurofxref-daily.xml', () => {
  it('reads the reference date and every rate of the real format', () => {
    const parsed = parseEcbXml(ecbDailyXml(ECB_SAMPLE_RATES, '2026-11-19'));
    expect(parsed.date).toBe('2026-11-19');
    expect(parsed.rates.USD).toBe('1.1612');
    expect(parsed.rates.ILS).toBe('3.8121');
    expect(Object.keys(parsed.rates)).toHaveLength(Object.keys(ECB_SAMPLE_RATES).length);
  });

  it('reads a document with a single currency', () => {
    expect(parseEcbXml(ecbDailyXml({ USD: '1.08' })).rates).toEqual({ USD: '1.08' });
  });

  it('inverts EUR-based rates with decimal precision', () => {
    expect(invertEcbRate('1.0812')).toBe('0.92489826');
    expect(invertEcbRate('3.8121')).toBe('0.2623226');
    expect(invertEcbRate('2')).toBe('0.5');
  });

  it('rejects a zero or non-numeric rate, and documents that are not ECB rates', () => {
    expect(() => invertEcbRate('0')).toThrow(ProviderError);
    expect(() => invertEcbRate('abc')).toThrow(ProviderError);
    expect(() => parseEcbXml('<html><body>Maintenance</body></html>')).toThrow('Réponse BCE inattendue');
    expect(() => parseEcbXml('not xml at all <<<')).toThrow(ProviderError);
  });
});

describe('goldapi.io answer', () => {
  it('uses price_gram_24k when present', () => {
    const reading = parseGoldApiAnswer(
      JSON.stringify(goldApiJson('XAU', 3780.12, { perGram: 121.5345, timestamp: 1_795_000_000 })),
      'XAU',
    );
    expect(reading.value).toBe('121.5345');
    expect(reading.observedAt.toISOString()).toBe(new Date(1_795_000_000 * 1000).toISOString());
  });

  it('divides the ounce price by 31.1034768 when the gram price is missing', () => {
    const reading = parseGoldApiAnswer(JSON.stringify(goldApiJson('XAG', 46.2, { perGram: null })), 'XAG');
    expect(reading.value).toBe('1.48536449');
  });

  it('rejects garbage, other metals and other currencies', () => {
    expect(() => parseGoldApiAnswer('{"oops":', 'XAU')).toThrow('Réponse goldapi illisible');
    expect(() => parseGoldApiAnswer(JSON.stringify({ error: 'No API Key provided' }), 'XAU')).toThrow(
      'Réponse goldapi inattendue',
    );
    expect(() => parseGoldApiAnswer(JSON.stringify(goldApiJson('XAG', 46)), 'XAU')).toThrow(ProviderError);
    expect(() => parseGoldApiAnswer(JSON.stringify({ ...goldApiJson('XAU', 3780), currency: 'USD' }), 'XAU')).toThrow(
      ProviderError,
    );
  });
});

describe('demo provider', () => {
  const all: Instrument[] = ['XAU', 'XAG', 'XPT', 'USD/EUR', 'ILS/EUR'];

  it('is deterministic when seeded', async () => {
    const a = createDemoProvider({ seed: 42 });
    const b = createDemoProvider({ seed: 42 });
    const c = createDemoProvider({ seed: 43 });
    const ra = await a.fetch(context({}, all));
    const rb = await b.fetch(context({}, all));
    const rc = await c.fetch(context({}, all));
    expect(ra.map((r) => r.value)).toEqual(rb.map((r) => r.value));
    expect(ra.map((r) => r.value)).not.toEqual(rc.map((r) => r.value));
  });

  it('stays within plausible bounds over a long walk', async () => {
    const provider = createDemoProvider({ seed: 7 });
    for (let step = 0; step < 2000; step += 1) {
      for (const reading of await provider.fetch(context({}, all))) {
        const walk = DEMO_WALKS[reading.instrument];
        const value = Number(reading.value);
        expect(value).toBeGreaterThanOrEqual(walk.min);
        expect(value).toBeLessThanOrEqual(walk.max);
      }
    }
  });
});

describe('manual provider', () => {
  it('returns the typed values for the wanted instruments', async () => {
    const readings = await manualProvider.fetch(
      context({ values: { XAU: '118,20', 'USD/EUR': 0.91 }, updatedAt: '2026-11-19T08:00:00Z' }, [
        'XAU',
        'USD/EUR',
        'XPT',
      ]),
    );
    expect(readings).toEqual([
      { instrument: 'XAU', value: '118.20', observedAt: new Date('2026-11-19T08:00:00Z') },
      { instrument: 'USD/EUR', value: '0.91', observedAt: new Date('2026-11-19T08:00:00Z') },
    ]);
  });

  it('fails when nothing was typed', async () => {
    await expect(manualProvider.fetch(context({}, ['XAU']))).rejects.toThrow('Aucune valeur saisie');
  });
});
