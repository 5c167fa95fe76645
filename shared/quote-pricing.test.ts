import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceDifference, priceQuote } from './quote-pricing';
import { ALLOY, PRODUCT, SAMPLE_CONTEXT as context, STEP, STONE } from './quote-pricing.sample';
import { quoteLineSchema, type QuoteLineInput } from './schemas/quotes';

const line = (raw: Record<string, unknown>): QuoteLineInput => quoteLineSchema.parse(raw);

describe('priceQuote, one line of each kind computed by hand', () => {
  it('prices metal, diamond, melee, stone, labour, product and free lines', () => {
    const quote = priceQuote(
      [
        // 4 g + 5 % = 4.200 g x (120.50 x 0.75 = 90.375 -> 90.38 €/g) = 379.596 -> 379.60; x 1.5 = 569.40
        line({ kind: 'metal', alloyId: ALLOY, weightG: '4', lossPct: '5' }),
        // 1840.00 x 1.8 = 3312.00
        line({ kind: 'diamond', diamondId: 42 }),
        // melee 1.3 mm: 0.0100 ct x 900 $ x 0.92 = 8.28 € per stone; x 1.8 = 14.90 (14.904); x 12 = 178.80
        line({ kind: 'melee', mm: '1,3', clarity: 'VS1', quantity: '12' }),
        // 85.00 x 2 (typed coefficient) = 170.00; x 2 = 340.00, minus 10 % = 306.00
        line({ kind: 'stone', stoneId: STONE, quantity: '2', coefficient: '2', discountPct: '10' }),
        // 90 min at 60 €/h = 90.00; margin 40 %: 90 / 0.6 = 150.00
        line({ kind: 'labour', productionStepId: STEP, minutes: '90', priceMode: 'margin', marginPct: '40' }),
        // the sheet's own price: 640.00
        line({ kind: 'product', productId: PRODUCT }),
        // typed price 25.00 x 3 = 75.00 at 10 % VAT
        line({ kind: 'free', label: 'Gravure', quantity: '3', priceMode: 'price', unitPrice: '25', vatRatePct: '10' }),
      ],
      context,
    );
    expect(quote.lines.map((l) => l.total)).toEqual([
      '569.40',
      '3312.00',
      '178.80',
      '306.00',
      '150.00',
      '640.00',
      '75.00',
    ]);
    expect(quote.lines[0]!.unitCost).toBe('379.60');
    expect(quote.lines[2]!.unitCost).toBe('8.28');
    expect(quote.totalExclVat).toBe('5231.20');
    expect(quote.vatByRate).toEqual([
      { ratePct: '20', base: '5156.20', amount: '1031.24' },
      { ratePct: '10', base: '75.00', amount: '7.50' },
    ]);
    expect(quote.totalVat).toBe('1038.74');
    expect(quote.totalInclVat).toBe('6269.94');
    expect(quote.complete).toBe(true);
    // costs: 379.60 + 1840 + 99.36 + 170 + 90 + 300 + 0
    expect(quote.totalCost).toBe('2878.96');
  });

  it('flags a line it cannot price and leaves it out of the totals', () => {
    const quote = priceQuote(
      [
        line({ kind: 'diamond', diamondId: '999' }),
        line({ kind: 'free', label: 'Gravure', priceMode: 'price', unitPrice: '10' }),
      ],
      context,
    );
    expect(quote.lines[0]!.total).toBeNull();
    expect(quote.lines[0]!.missing?.message).toBe('Diamant introuvable dans le catalogue');
    expect(quote.complete).toBe(false);
    expect(quote.totalExclVat).toBe('10.00');
  });

  it('prices a subcontracted step at its price per piece', () => {
    const quote = priceQuote(
      [line({ kind: 'labour', productionStepId: STEP, subcontractPrice: '45', quantity: '2' })],
      context,
    );
    expect(quote.lines[0]!.unitCost).toBe('45.00');
    expect(quote.lines[0]!.total).toBe('180.00'); // 45 x 2 (labour coefficient) x 2
  });

  it('reads the difference between two prices', () => {
    expect(priceDifference('100.00', '112.40')).toEqual({ amount: '12.40', percent: '12.40' });
    expect(priceDifference('0', '5')).toEqual({ amount: '5.00', percent: null });
  });
});

// ---- properties over random quotes ----

const decimalText = (max: number, scale: number, min = 0) =>
  fc
    .integer({ min: Math.round(min * 10 ** scale), max: max * 10 ** scale })
    .map((n) => new Decimal(n).div(10 ** scale).toFixed());

const commercial = fc.record({
  quantity: decimalText(50, 3, 0.001),
  priceMode: fc.constantFrom('coefficient', 'margin', 'price'),
  coefficient: fc.option(decimalText(10, 3, 0.001), { nil: undefined }),
  marginPct: decimalText(99, 2),
  unitPrice: decimalText(100_000, 2),
  discountPct: decimalText(100, 2),
  vatRatePct: fc.constantFrom('20', '10', '5.5', '0'),
});

const kindFields = fc.oneof(
  fc.record({
    kind: fc.constant('metal'),
    alloyId: fc.constant(ALLOY),
    weightG: decimalText(200, 3, 0.001),
    lossPct: decimalText(20, 2),
  }),
  fc.record({ kind: fc.constant('diamond'), diamondId: fc.constantFrom('42', '999') }),
  fc.record({ kind: fc.constant('melee'), mm: decimalText(4, 2, 0.7), clarity: fc.constant('VS1') }),
  fc.record({ kind: fc.constant('stone'), stoneId: fc.constant(STONE) }),
  fc.record({ kind: fc.constant('labour'), productionStepId: fc.constant(STEP), minutes: decimalText(600, 2, 0.01) }),
  fc.record({ kind: fc.constant('product'), productId: fc.constant(PRODUCT) }),
  fc.record({ kind: fc.constant('free'), label: fc.constant('Libre'), unitCost: decimalText(5000, 2) }),
);

const quoteLine = fc.tuple(kindFields, commercial).map(([k, c]) => line({ ...k, ...c }));
const quoteLines = fc.array(quoteLine, { minLength: 0, maxLength: 12 });

describe('priceQuote properties (10,000 random quotes)', () => {
  it('totals are the sums of the rounded lines; no price is negative; every figure is in cents', () => {
    const inCents = /^\d+\.\d{2}$/;
    fc.assert(
      fc.property(quoteLines, (lines) => {
        const q = priceQuote(lines, context);
        let sum = new Decimal(0);
        const byRate = new Map<string, Decimal>();
        for (const l of q.lines) {
          for (const figure of [l.unitPrice, l.gross, l.discount, l.total, l.cost, l.unitCost]) {
            if (figure !== null && !inCents.test(figure)) return false; // negative or not in cents
          }
          if (l.total === null) continue;
          if (new Decimal(l.gross!).minus(l.discount!).toFixed(2) !== l.total) return false;
          sum = sum.plus(l.total);
          byRate.set(l.vatRatePct, (byRate.get(l.vatRatePct) ?? new Decimal(0)).plus(l.total));
        }
        let vat = new Decimal(0);
        for (const v of q.vatByRate) {
          if (v.base !== byRate.get(v.ratePct)?.toFixed(2)) return false;
          vat = vat.plus(v.amount);
        }
        return (
          q.vatByRate.length === byRate.size &&
          q.totalExclVat === sum.toFixed(2) &&
          q.totalVat === vat.toFixed(2) &&
          q.totalInclVat === sum.plus(vat).toFixed(2)
        );
      }),
      { numRuns: 10_000 },
    );
  }, 120_000);

  it('a coefficient change moves only its own line', () => {
    fc.assert(
      fc.property(
        quoteLines.filter((l) => l.length > 0),
        fc.nat(),
        decimalText(10, 3, 0.001),
        (lines, pick, coefficient) => {
          const index = pick % lines.length;
          const changed = lines.map((l, i) =>
            i === index ? { ...l, priceMode: 'coefficient' as const, coefficient } : l,
          );
          const before = priceQuote(lines, context);
          const after = priceQuote(changed, context);
          after.lines.forEach((l, i) => {
            if (i !== index) expect(l).toEqual(before.lines[i]);
          });
        },
      ),
      { numRuns: 2_000 },
    );
  }, 60_000);
});
