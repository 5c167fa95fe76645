import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as exactPricing from './pricing-exact';
import * as pricing from './pricing';

const { ExactDecimal } = exactPricing;

/** Deterministic pseudo-random decimal strings (mulberry32), with up to `maxDecimals` decimals. */
function randomDecimals(count: number, seed: number, maxWhole: number, maxDecimals: number): string[] {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const whole = Math.floor(next() * maxWhole);
    const decimals = Math.floor(next() * (maxDecimals + 1));
    const fraction = Array.from({ length: decimals }, () => Math.floor(next() * 10)).join('');
    out.push(decimals ? `${whole}.${fraction}` : String(whole));
  }
  return out;
}

describe('ExactDecimal', () => {
  it('parses decimal strings, commas, exponents and numbers, and rejects the rest', () => {
    expect(ExactDecimal.parse('12,5')?.toString()).toBe('12.5');
    expect(ExactDecimal.parse(' -0.750 ')?.toString()).toBe('-0.75');
    expect(ExactDecimal.parse('1e3')?.toString()).toBe('1000');
    expect(ExactDecimal.parse('2.5E-3')?.toString()).toBe('0.0025');
    expect(ExactDecimal.parse(0.1)?.toString()).toBe('0.1');
    expect(ExactDecimal.parse('.5')?.toString()).toBe('0.5');
    expect(ExactDecimal.parse('12.')?.toString()).toBe('12');
    for (const bad of ['', ' ', '.', 'abc', '1.2.3', '1,2,3', '--1', 'Infinity', null, undefined, NaN, {}, '1e99999'])
      expect(ExactDecimal.parse(bad)).toBeNull();
  });

  it('rounds half-up away from zero, like Decimal.ROUND_HALF_UP', () => {
    expect(ExactDecimal.parse('2.345')!.toDecimalPlacesHalfUp(2).toString()).toBe('2.35');
    expect(ExactDecimal.parse('2.344999')!.toDecimalPlacesHalfUp(2).toString()).toBe('2.34');
    expect(ExactDecimal.parse('-2.345')!.toDecimalPlacesHalfUp(2).toString()).toBe('-2.35');
    expect(ExactDecimal.parse('-0.004')!.toDecimalPlacesHalfUp(2).toString()).toBe('0');
    expect(ExactDecimal.parse('0.5')!.toDecimalPlacesHalfUp(0).toString()).toBe('1');
  });

  it('compares across scales', () => {
    const a = ExactDecimal.parse('1.50')!;
    expect(a.comparedTo(ExactDecimal.parse('1.5')!)).toBe(0);
    expect(a.comparedTo(ExactDecimal.parse('1.499999')!)).toBe(1);
    expect(a.comparedTo(ExactDecimal.parse('2')!)).toBe(-1);
  });
});

describe('pricing-exact gives the same results as pricing (decimal.js)', () => {
  const weights = randomDecimals(400, 1, 2000, 3);
  const prices = randomDecimals(400, 2, 150, 4);

  it('buy-back price for the spec example and for random weights and prices', () => {
    expect(exactPricing.buybackPrice('10', '100').toString()).toBe('755');
    expect(exactPricing.buybackPrice('3,37', '89.1234').toString()).toBe(
      pricing.buybackPrice('3.37', '89.1234').toString(),
    );
    weights.forEach((w, i) => {
      expect(exactPricing.buybackPrice(w, prices[i]).toString()).toBe(pricing.buybackPrice(w, prices[i]).toString());
    });
  });

  it('buy-back price is 0 without a weight above 0 or an alloy price', () => {
    for (const [w, p] of [
      ['', '100'],
      ['0', '100'],
      ['-1', '100'],
      ['abc', '100'],
      ['10', undefined],
      ['10', '0'],
    ] as const) {
      expect(exactPricing.buybackPrice(w, p).toString()).toBe('0');
      expect(pricing.buybackPrice(w, p).toString()).toBe('0');
    }
  });

  it('18kt from 24kt, applied price per gram and cents', () => {
    prices.forEach((p) => {
      expect(exactPricing.gold18ktFrom24kt(p).toString()).toBe(pricing.gold18ktFrom24kt(p).toString());
      expect(exactPricing.buybackAppliedPricePerGram(p).toString()).toBe(
        pricing.buybackAppliedPricePerGram(p).toString(),
      );
      expect(exactPricing.toCents(p).toString()).toBe(pricing.toCents(p).toString());
    });
  });

  it('parseDecimal and comparisons agree', () => {
    const values = [...weights.slice(0, 100), '1,5', ' 2 ', '', 'x', '-3.25', '0'];
    values.forEach((v, i) => {
      const a = exactPricing.parseDecimal(v);
      const b = pricing.parseDecimal(v);
      expect(a?.toString() ?? null).toBe(b?.toString() ?? null);
      const w = values[(i + 1) % values.length];
      const a2 = exactPricing.parseDecimal(w);
      const b2 = pricing.parseDecimal(w);
      if (a && a2 && b && b2) expect(a.comparedTo(a2)).toBe(b.comparedTo(b2));
    });
  });
});

describe('the browser bundle carries no decimal.js', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/src');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
    );

  it('no web source imports decimal.js or @shared/pricing (use @shared/pricing-exact)', () => {
    // Type-only imports are erased by the compiler and cost nothing.
    const heavyImport = /^import (?!type )[^;]*from ['"](decimal\.js|@shared\/pricing|@shared\/product-pricing)['"]/m;
    const offenders = files(root).filter((f) => heavyImport.test(readFileSync(f, 'utf8')));
    expect(offenders.map((f) => path.relative(root, f))).toEqual([]);
  });
});
