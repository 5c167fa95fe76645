import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_VALUE, GOLD_BUYBACK_DISCOUNT_LABEL, GOLD_BUYBACK_FACTOR } from './constants';
import { formatBuybackPrice, formatNumber } from './format';
import * as exactPricing from './pricing-exact';
import * as pricing from './pricing';
import { mulberry32 } from './seeded-random';

const { ExactDecimal } = exactPricing;

/** Deterministic pseudo-random decimal strings (mulberry32), with up to `maxDecimals` decimals. */
function randomDecimals(count: number, seed: number, maxWhole: number, maxDecimals: number): string[] {
  const next = mulberry32(seed);
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

  it('adds, subtracts and writes a fixed number of decimals', () => {
    const a = ExactDecimal.parse('1.5')!;
    const b = ExactDecimal.parse('0.255')!;
    expect(a.plus(b).toString()).toBe('1.755');
    expect(b.minus(a).toString()).toBe('-1.245');
    expect(ExactDecimal.parse('24.5')!.toFixed(2)).toBe('24.50');
    expect(ExactDecimal.parse('0.125')!.toFixed(2)).toBe('0.13');
    expect(ExactDecimal.parse('-0.001')!.toFixed(2)).toBe('0.00');
    expect(ExactDecimal.parse('-1.005')!.toFixed(2)).toBe('-1.01');
    expect(ExactDecimal.parse('7')!.toFixed(0)).toBe('7');
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

  it('buy-back price for the documented example and for random weights and prices', () => {
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

  it('buy-back price with another factor (the organization setting)', () => {
    const factors = randomDecimals(400, 3, 1, 4).map((f) => (f === '0' ? '0.5' : f));
    weights.forEach((w, i) => {
      expect(exactPricing.buybackPrice(w, prices[i], factors[i]!).toString()).toBe(
        pricing.buybackPrice(w, prices[i], factors[i]!).toString(),
      );
    });
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

describe('the calculator can be checked by hand', () => {
  it('writes the discount of a factor as the note does', () => {
    expect(exactPricing.buybackDiscountLabel('0.755')).toBe('24,50%');
    expect(exactPricing.buybackDiscountLabel(GOLD_BUYBACK_FACTOR)).toBe(GOLD_BUYBACK_DISCOUNT_LABEL);
    expect(exactPricing.buybackDiscountLabel('0.8')).toBe('20,00%');
    expect(exactPricing.buybackDiscountLabel('0.7525')).toBe('24,75%');
    expect(exactPricing.buybackDiscountLabel('1')).toBe('0,00%');
    expect(exactPricing.buybackDiscountLabel('0.12345')).toBe('87,66%');
  });

  it('reads "12,5" g as 12.5 g, never 125 g', () => {
    expect(exactPricing.buybackPrice('12,5', '100').toString()).toBe('943.75');
  });

  /** A French number as shown ("1 234,57 €", "89,87") back to a decimal string. */
  const readShown = (text: string) => text.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');

  it('the price per gram shown x the weight x the factor = the result shown, to the cent (property)', () => {
    const decimal = (maxUnits: number, scale: number) =>
      fc.integer({ min: 1, max: maxUnits }).map((n) => new ExactDecimal(BigInt(n), scale).toString());
    fc.assert(
      fc.property(
        decimal(5_000_000, 3), // weight 0.001 .. 5,000 g
        decimal(300_000_000, 6), // alloy price 0.000001 .. 300 EUR/g
        decimal(10_000, 4), // factor 0.0001 .. 1
        (weight, alloyPrice, factor) => {
          const shownPerGram = formatNumber(exactPricing.buybackAppliedPricePerGram(alloyPrice).toString(), 2);
          const shownResult = formatBuybackPrice(exactPricing.buybackPrice(weight, alloyPrice, factor).toString());
          const byHand = exactPricing.toCents(ExactDecimal.parse(readShown(shownPerGram))!.mul(weight).mul(factor));
          const expected = byHand.isPositive() ? readShown(formatBuybackPrice(byHand.toString())) : EMPTY_VALUE;
          expect(shownResult === EMPTY_VALUE ? EMPTY_VALUE : readShown(shownResult)).toBe(expected);
          // and the server's Decimal arithmetic agrees with the browser's
          expect(exactPricing.buybackPrice(weight, alloyPrice, factor).toString()).toBe(
            pricing.buybackPrice(weight, alloyPrice, factor).toString(),
          );
        },
      ),
      { numRuns: 2000, seed: 10 },
    );
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
