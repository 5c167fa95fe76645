import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GOLD_BUYBACK_FACTOR } from './constants';
import { isFrenchWorkingDay } from './french-holidays';
import {
  AML_THRESHOLD_EUR,
  CASH_PAYMENT_IMPOSSIBLE_REASON,
  GOLD_BUY_PAYMENT_METHOD_LABELS,
  GOLD_BUY_PAYMENT_METHODS,
  GOLD_BUY_TAX_LABELS,
  LEGAL_FINENESSES,
  amlVigilanceRequired,
  formatIban,
  goldBuyItemPrice,
  goldBuyTax,
  ibanIsValid,
  isGoldBuyPaymentMethod,
  isLegalFineness,
  isValidFineness,
  msUntilWithdrawalEnds,
  normalizeIban,
  withdrawalDeadline,
  withdrawalOpen,
  withdrawalPenalty,
  type GoldBuyItemCategory,
} from './gold-buy-rules';
import { parisInstant, parisWallClock, wallClockDay } from './paris-time';
import * as pricing from './pricing';

const HOUR_MS = 3_600_000;
const deadlineOf = (signedAtIso: string) => withdrawalDeadline(new Date(signedAtIso)).toISOString();

describe('withdrawalDeadline: 48 hours on Paris clocks, then the next working day at the same hour', () => {
  it.each([
    // [signed (UTC), deadline (UTC), what happens]
    ['2025-05-12T13:20:00.000Z', '2025-05-14T13:20:00.000Z', 'Monday 15:20 -> Wednesday 15:20'],
    ['2025-01-08T09:00:00.000Z', '2025-01-10T09:00:00.000Z', 'Wednesday -> Friday'],
    ['2025-01-09T09:00:00.000Z', '2025-01-13T09:00:00.000Z', 'Thursday -> Saturday -> Monday'],
    ['2025-01-10T09:00:00.000Z', '2025-01-13T09:00:00.000Z', 'Friday 10:00 -> Sunday -> Monday 10:00'],
    ['2025-01-11T09:00:00.000Z', '2025-01-13T09:00:00.000Z', 'Saturday -> Monday'],
    ['2025-01-12T09:00:00.000Z', '2025-01-14T09:00:00.000Z', 'Sunday -> Tuesday'],
  ])('%s -> %s (%s)', (signed, deadline) => {
    expect(deadlineOf(signed)).toBe(deadline);
  });

  it.each([
    ['2025-04-17T16:30:00.000Z', '2025-04-22T16:30:00.000Z', 'Thursday -> Saturday -> Easter Monday -> Tuesday'],
    ['2025-04-18T09:00:00.000Z', '2025-04-22T09:00:00.000Z', 'Good Friday -> Sunday -> Easter Monday -> Tuesday'],
    ['2025-04-19T09:00:00.000Z', '2025-04-22T09:00:00.000Z', 'Saturday -> Easter Monday -> Tuesday'],
    ['2025-04-29T14:45:00.000Z', '2025-05-02T14:45:00.000Z', 'Tuesday -> Thursday 1 May -> Friday'],
    ['2025-05-06T07:15:00.000Z', '2025-05-09T07:15:00.000Z', 'Tuesday -> Thursday 8 May -> Friday'],
    ['2025-05-07T07:15:00.000Z', '2025-05-09T07:15:00.000Z', 'Wednesday -> Friday (8 May is passed over)'],
    ['2026-04-29T08:00:00.000Z', '2026-05-04T08:00:00.000Z', 'Wednesday -> Friday 1 May -> weekend -> Monday'],
    ['2026-05-06T08:00:00.000Z', '2026-05-11T08:00:00.000Z', 'Wednesday -> Friday 8 May -> weekend -> Monday'],
    ['2026-05-12T10:00:00.000Z', '2026-05-15T10:00:00.000Z', 'Tuesday -> Ascension Thursday -> Friday'],
    ['2026-05-23T08:00:00.000Z', '2026-05-26T08:00:00.000Z', 'Saturday -> Whit Monday -> Tuesday'],
    ['2025-07-11T08:00:00.000Z', '2025-07-15T08:00:00.000Z', 'Friday -> Sunday -> Monday 14 July -> Tuesday'],
    ['2025-08-13T08:00:00.000Z', '2025-08-18T08:00:00.000Z', 'Wednesday -> Friday 15 August -> Monday'],
    ['2025-10-30T09:00:00.000Z', '2025-11-03T09:00:00.000Z', 'Thursday -> Saturday 1 November -> Monday'],
    ['2025-11-09T09:00:00.000Z', '2025-11-12T09:00:00.000Z', 'Sunday -> Tuesday 11 November -> Wednesday'],
  ])('public holidays: %s -> %s (%s)', (signed, deadline) => {
    expect(deadlineOf(signed)).toBe(deadline);
  });

  it.each([
    ['2025-12-23T08:30:00.000Z', '2025-12-26T08:30:00.000Z', 'Tuesday -> Christmas Thursday -> Friday 26th'],
    ['2025-12-30T08:30:00.000Z', '2026-01-02T08:30:00.000Z', 'Tuesday -> New Year Thursday -> Friday'],
    ['2026-12-23T13:00:00.000Z', '2026-12-28T13:00:00.000Z', 'Wednesday -> Christmas Friday -> weekend -> Monday'],
    ['2026-12-30T13:00:00.000Z', '2027-01-04T13:00:00.000Z', 'Wednesday -> New Year Friday -> weekend -> Monday'],
    ['2027-12-23T13:00:00.000Z', '2027-12-27T13:00:00.000Z', 'Thursday -> Christmas Saturday -> Monday'],
  ])('Christmas and New Year: %s -> %s (%s)', (signed, deadline) => {
    expect(deadlineOf(signed)).toBe(deadline);
  });

  it.each([
    // clocks go forward on Sunday 30 March 2025 (02:00 CET -> 03:00 CEST)
    ['2025-03-27T14:20:00.000Z', '2025-03-31T13:20:00.000Z', 'Thursday 15:20 CET -> Monday 15:20 CEST'],
    ['2025-03-28T09:00:00.000Z', '2025-03-31T08:00:00.000Z', 'Friday 10:00 CET -> Monday 10:00 CEST'],
    [
      '2025-03-29T09:00:00.000Z',
      '2025-04-01T08:00:00.000Z',
      'Saturday 10:00 CET -> Monday 10:00 CEST is 47 h: Tuesday',
    ],
    ['2025-03-30T00:30:00.000Z', '2025-04-01T23:30:00.000Z', 'Sunday 01:30 CET -> Tuesday 01:30 is 47 h: Wednesday'],
    ['2025-03-30T08:00:00.000Z', '2025-04-01T08:00:00.000Z', 'Sunday 10:00 CEST -> Tuesday 10:00 CEST, 48 h'],
    // clocks go back on Sunday 26 October 2025 (03:00 CEST -> 02:00 CET)
    ['2025-10-23T15:00:00.000Z', '2025-10-27T16:00:00.000Z', 'Thursday 17:00 CEST -> Monday 17:00 CET'],
    ['2025-10-24T08:00:00.000Z', '2025-10-27T09:00:00.000Z', 'Friday 10:00 CEST -> Monday 10:00 CET'],
    ['2025-10-25T08:00:00.000Z', '2025-10-27T09:00:00.000Z', 'Saturday 10:00 CEST -> Monday 10:00 CET, 49 h'],
    ['2025-10-26T00:30:00.000Z', '2025-10-28T01:30:00.000Z', 'Sunday 02:30 CEST -> Tuesday 02:30 CET'],
    ['2025-10-26T01:30:00.000Z', '2025-10-28T01:30:00.000Z', 'Sunday 02:30 CET -> Tuesday 02:30 CET'],
  ])('change of clocks: %s -> %s (%s)', (signed, deadline) => {
    expect(deadlineOf(signed)).toBe(deadline);
  });

  it('keeps the hour, the minute, the second and the millisecond', () => {
    expect(deadlineOf('2025-01-10T22:59:30.000Z')).toBe('2025-01-13T22:59:30.000Z'); // Friday 23:59:30
    expect(deadlineOf('2025-01-09T23:05:00.000Z')).toBe('2025-01-12T23:05:00.000Z'); // Friday 00:05 -> Monday 00:05
    expect(deadlineOf('2025-06-03T09:41:17.123Z')).toBe('2025-06-05T09:41:17.123Z');
    // Monday 23:30 Paris is Monday 21:30 UTC in summer, Wednesday is the day in Paris
    expect(deadlineOf('2025-06-02T21:30:00.000Z')).toBe('2025-06-04T21:30:00.000Z');
  });

  it('refuses an invalid date', () => {
    expect(() => withdrawalDeadline(new Date('nope'))).toThrow(RangeError);
  });

  it('at least 48 hours, on a working day, at the same Paris hour, and the first such day (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true }),
        (signedAt) => {
          const deadline = withdrawalDeadline(signedAt);
          const earliest = signedAt.getTime() + 48 * HOUR_MS;
          expect(deadline.getTime()).toBeGreaterThanOrEqual(earliest);
          const signedWall = parisWallClock(signedAt);
          const endWall = parisWallClock(deadline);
          const { hour, minute, second, millisecond } = endWall;
          expect({ hour, minute, second, millisecond }).toEqual({
            hour: signedWall.hour,
            minute: signedWall.minute,
            second: signedWall.second,
            millisecond: signedWall.millisecond,
          });
          expect(isFrenchWorkingDay(wallClockDay(endWall))).toBe(true);
          // no earlier day from the second one would do
          const days = (Date.parse(wallClockDay(endWall)) - Date.parse(wallClockDay(signedWall))) / (24 * HOUR_MS);
          expect(days).toBeGreaterThanOrEqual(2);
          expect(days).toBeLessThanOrEqual(7);
          for (let k = 2; k < days; k++) {
            const earlier = { ...signedWall, day: signedWall.day + k };
            const tooSoon = parisInstant(earlier).getTime() < earliest;
            expect(tooSoon || !isFrenchWorkingDay(wallClockDay(earlier))).toBe(true);
          }
        },
      ),
      { numRuns: 3000, seed: 12 },
    );
  });
});

describe('withdrawalOpen and msUntilWithdrawalEnds', () => {
  const signedAt = new Date('2025-05-12T13:20:00.000Z'); // Monday 15:20 Paris; ends Wednesday 15:20
  const at = (iso: string) => new Date(iso);

  it('is open until the deadline, excluded', () => {
    expect(withdrawalOpen(signedAt, signedAt)).toBe(true);
    expect(withdrawalOpen(signedAt, at('2025-05-14T13:19:59.999Z'))).toBe(true);
    expect(withdrawalOpen(signedAt, at('2025-05-14T13:20:00.000Z'))).toBe(false);
    expect(withdrawalOpen(signedAt, at('2025-06-01T00:00:00.000Z'))).toBe(false);
  });

  it('counts down to 0 and stays there', () => {
    expect(msUntilWithdrawalEnds(signedAt, signedAt)).toBe(48 * HOUR_MS);
    expect(msUntilWithdrawalEnds(signedAt, at('2025-05-14T13:19:00.000Z'))).toBe(60_000);
    expect(msUntilWithdrawalEnds(signedAt, at('2025-05-14T13:20:00.000Z'))).toBe(0);
    expect(msUntilWithdrawalEnds(signedAt, at('2025-05-20T00:00:00.000Z'))).toBe(0);
    // Friday 10:00 -> Monday 10:00: 72 hours
    expect(msUntilWithdrawalEnds(at('2025-01-10T09:00:00Z'), at('2025-01-10T09:00:00Z'))).toBe(72 * HOUR_MS);
  });

  it('refuses an invalid now', () => {
    expect(() => withdrawalOpen(signedAt, new Date('nope'))).toThrow(RangeError);
  });
});

describe('withdrawalPenalty: twice the price when the items cannot be given back', () => {
  it('doubles exactly, to the cent', () => {
    expect(withdrawalPenalty('566.25')).toBe('1132.50');
    expect(withdrawalPenalty('0.01')).toBe('0.02');
    expect(withdrawalPenalty('4999999.99')).toBe('9999999.98');
    expect(withdrawalPenalty('0')).toBe('0.00');
  });

  it('refuses what is not a price', () => {
    expect(() => withdrawalPenalty('douze')).toThrow();
  });
});

describe('finenesses', () => {
  it('lists the legal French titles', () => {
    expect(LEGAL_FINENESSES).toEqual({
      gold: [999, 916, 750, 585, 375],
      silver: [999, 925, 800],
      platinum: [999, 950, 900, 850],
    });
    expect(isLegalFineness('gold', 750)).toBe(true);
    expect(isLegalFineness('gold', 833)).toBe(false);
    expect(isLegalFineness('silver', 925)).toBe(true);
    expect(isLegalFineness('platinum', 925)).toBe(false);
  });

  it('accepts any whole number of thousandths from 1 to 999', () => {
    for (const fineness of [1, 333, 833, 999]) expect(isValidFineness(fineness)).toBe(true);
    for (const fineness of [0, 1000, -750, 750.5, Number.NaN]) expect(isValidFineness(fineness)).toBe(false);
  });
});

describe('goldBuyItemPrice', () => {
  const price = (netWeightG: string, fineness: number, pricePerGramPure: string, factor = GOLD_BUYBACK_FACTOR) =>
    goldBuyItemPrice({ netWeightG, fineness, pricePerGramPure, factor });

  it('weight x (price of pure metal x fineness / 1000, to the cent) x factor, to the cent', () => {
    // 100.00 x 0.750 = 75.00 €/g; 10 x 75.00 x 0.755 = 566.25
    expect(price('10', 750, '100')).toEqual({ pricePerGram: '75.00', price: '566.25' });
    // 95.4321 x 0.585 = 55.8277785 -> 55.83 €/g; 3.37 x 55.83 x 0.755 = 142.0510605 -> 142.05
    expect(price('3.37', 585, '95.4321')).toEqual({ pricePerGram: '55.83', price: '142.05' });
    // silver: 0.95 x 0.925 = 0.87875 -> 0.88 €/g; 100 x 0.88 x 0.755 = 66.44
    expect(price('100', 925, '0.95')).toEqual({ pricePerGram: '0.88', price: '66.44' });
    // a foreign 20 kt piece: 90 x 0.833 = 74.97 €/g; 5 x 74.97 x 0.8 = 299.88
    expect(price('5', 833, '90', '0.8')).toEqual({ pricePerGram: '74.97', price: '299.88' });
  });

  it('rounds half-up, the price per gram first: the printed figures redo the price', () => {
    // 60.01 x 0.750 = 45.0075 -> 45.01
    expect(price('1', 750, '60.01').pricePerGram).toBe('45.01');
    // 1 x 1.00 x 0.755 = 0.755 -> 0.76
    expect(price('1', 999, '1')).toEqual({ pricePerGram: '1.00', price: '0.76' });
    // 100.01 x 0.375 = 37.50375 -> 37.50 €/g; 1000 x 37.50 x 0.755 = 28312.50 (not 28315.33 from 37.50375)
    expect(price('1000', 375, '100.01')).toEqual({ pricePerGram: '37.50', price: '28312.50' });
  });

  it('reads a decimal comma, and a weight of 0 costs 0.00', () => {
    expect(price('12,5', 750, '100').price).toBe('707.81'); // 12.5 x 75 x 0.755 = 707.8125
    expect(price('0', 750, '100').price).toBe('0.00');
    expect(price('10', 750, '0')).toEqual({ pricePerGram: '0.00', price: '0.00' });
  });

  it('refuses a weight or a price below 0, a fineness outside 1-999, a factor outside ]0, 1]', () => {
    expect(() => price('-1', 750, '100')).toThrow(RangeError);
    expect(() => price('abc', 750, '100')).toThrow(RangeError);
    expect(() => price('', 750, '100')).toThrow(RangeError);
    expect(() => price('10', 750, '-100')).toThrow(RangeError);
    for (const fineness of [0, 1000, 750.5]) expect(() => price('10', fineness, '100')).toThrow(RangeError);
    for (const factor of ['0', '-0.5', '1.01', '75.5', 'x'])
      expect(() => price('10', 750, '100', factor)).toThrow(RangeError);
    expect(price('10', 750, '100', '1').price).toBe('750.00');
  });

  const weight = fc.integer({ min: 0, max: 5_000_000 }).map((n) => new Decimal(n).div(1000).toString()); // 0-5 kg
  const pure = fc.integer({ min: 0, max: 30_000_000 }).map((n) => new Decimal(n).div(10_000).toString()); // 0-3000 €/g
  const fineness = fc.integer({ min: 1, max: 999 });
  const factor = fc.integer({ min: 1, max: 10_000 }).map((n) => new Decimal(n).div(10_000).toString()); // ]0, 1]

  it('is never negative, grows with the weight, and is what the dashboard calculator computes (property)', () => {
    fc.assert(
      fc.property(weight, weight, pure, fineness, factor, (w1, w2, p, f, k) => {
        const [light, heavy] = new Decimal(w1).lte(w2) ? [w1, w2] : [w2, w1];
        const a = goldBuyItemPrice({ netWeightG: light, fineness: f, pricePerGramPure: p, factor: k });
        const b = goldBuyItemPrice({ netWeightG: heavy, fineness: f, pricePerGramPure: p, factor: k });
        expect(new Decimal(a.price).gte(0)).toBe(true);
        expect(new Decimal(a.price).lte(b.price)).toBe(true);
        // the printed figures redo the price
        expect(b.price).toBe(new Decimal(heavy).mul(b.pricePerGram).mul(k).toFixed(2, Decimal.ROUND_HALF_UP));
        // the calculator's functions (shared/pricing.ts) give the same
        const alloyPrice = pricing.alloyPricePerGram(p, f).toString();
        expect(b.pricePerGram).toBe(pricing.buybackAppliedPricePerGram(alloyPrice).toFixed(2));
        expect(b.price).toBe(pricing.buybackPrice(heavy, alloyPrice, k).toFixed(2));
      }),
      { numRuns: 2000, seed: 12 },
    );
  });
});

describe('goldBuyTax', () => {
  const metal = (amount: string) => ({ category: 'metal' as const, amount });
  const jewellery = (amount: string) => ({ category: 'jewellery' as const, amount });

  it('precious metal: 11 % + 0.5 % CRDS, withheld by a VAT-registered buyer', () => {
    expect(goldBuyTax({ items: [metal('600.00'), metal('400.00')], vatRegistered: true, regime: 'flat' })).toEqual({
      regime: 'flat',
      regimeLabel: 'Taxe forfaitaire',
      flatTax: true,
      lines: [
        {
          category: 'metal',
          label: 'Taxe forfaitaire sur les métaux précieux',
          base: '1000.00',
          taxRatePct: '11',
          crdsRatePct: '0.5',
          ratePct: '11.5',
          tax: '110.00',
          crds: '5.00',
          total: '115.00',
        },
      ],
      total: '1000.00',
      taxDue: '115.00',
      withheldByBuyer: true,
      taxWithheld: '115.00',
      netPaid: '885.00',
    });
  });

  it('shows the tax as due by the seller, not withheld, when the buyer is not VAT-registered', () => {
    const tax = goldBuyTax({ items: [metal('1000.00')], vatRegistered: false, regime: 'flat' });
    expect(tax).toMatchObject({ taxDue: '115.00', withheldByBuyer: false, taxWithheld: '0.00', netPaid: '1000.00' });
  });

  it('rounds the tax and the CRDS half-up to the cent, each', () => {
    // 123.45 x 11 % = 13.5795 -> 13.58; x 0.5 % = 0.61725 -> 0.62
    expect(goldBuyTax({ items: [metal('123.45')], vatRegistered: true, regime: 'flat' }).lines[0]).toMatchObject({
      tax: '13.58',
      crds: '0.62',
      total: '14.20',
    });
    // 0.50 x 11 % = 0.055 -> 0.06; x 0.5 % = 0.0025 -> 0.00
    expect(goldBuyTax({ items: [metal('0.50')], vatRegistered: true, regime: 'flat' }).lines[0]).toMatchObject({
      tax: '0.06',
      crds: '0.00',
    });
    // 1.00 x 0.5 % = 0.005 -> 0.01
    expect(goldBuyTax({ items: [metal('1.00')], vatRegistered: true, regime: 'flat' }).lines[0]!.crds).toBe('0.01');
  });

  it('jewellery: exempt at or under 5,000.00 for the sale, 6 % + 0.5 % on the whole total above', () => {
    const at = goldBuyTax({ items: [jewellery('5000.00')], vatRegistered: true, regime: 'flat' });
    expect(at.lines).toEqual([
      {
        category: 'jewellery',
        label: 'Exonéré (bijoux \u2264 5\u202f000\u00a0€)',
        base: '5000.00',
        taxRatePct: '0',
        crdsRatePct: '0',
        ratePct: '0',
        tax: '0.00',
        crds: '0.00',
        total: '0.00',
      },
    ]);
    expect(at).toMatchObject({ taxDue: '0.00', taxWithheld: '0.00', netPaid: '5000.00' });

    // 5000.01 x 6 % = 300.0006 -> 300.00; x 0.5 % = 25.00005 -> 25.00
    const above = goldBuyTax({ items: [jewellery('5000.01')], vatRegistered: true, regime: 'flat' });
    expect(above.lines[0]).toMatchObject({
      label: GOLD_BUY_TAX_LABELS.jewellery,
      ratePct: '6.5',
      tax: '300.00',
      crds: '25.00',
      total: '325.00',
    });
    expect(above).toMatchObject({ taxDue: '325.00', netPaid: '4675.01' });
  });

  it('adds up the jewellery of the sale for the 5,000.00 threshold', () => {
    // 3000 + 2500 = 5500: 330.00 + 27.50
    const tax = goldBuyTax({
      items: [jewellery('3000.00'), jewellery('2500.00')],
      vatRegistered: true,
      regime: 'flat',
    });
    expect(tax.lines[0]).toMatchObject({ base: '5500.00', tax: '330.00', crds: '27.50', total: '357.50' });
    expect(tax.netPaid).toBe('5142.50');
  });

  it('metal and jewellery in one sale: one line each, metal first; the metal does not count for the threshold', () => {
    const tax = goldBuyTax({
      items: [jewellery('4999.99'), metal('2000.00'), metal('1000.00')],
      vatRegistered: true,
      regime: 'flat',
    });
    expect(tax.lines.map((l) => [l.category, l.label, l.base, l.total])).toEqual([
      ['metal', GOLD_BUY_TAX_LABELS.metal, '3000.00', '345.00'],
      ['jewellery', GOLD_BUY_TAX_LABELS.jewelleryExempt, '4999.99', '0.00'],
    ]);
    expect(tax).toMatchObject({ total: '7999.99', taxDue: '345.00', taxWithheld: '345.00', netPaid: '7654.99' });
  });

  it('capital-gains regime: no flat tax, and it says so', () => {
    const tax = goldBuyTax({
      items: [metal('8000.00'), jewellery('6000.00')],
      vatRegistered: true,
      regime: 'capital-gains',
    });
    expect(tax).toMatchObject({
      regime: 'capital-gains',
      regimeLabel: 'Régime des plus-values',
      flatTax: false,
      total: '14000.00',
      taxDue: '0.00',
      withheldByBuyer: false,
      taxWithheld: '0.00',
      netPaid: '14000.00',
    });
    expect(tax.lines.map((l) => [l.label, l.ratePct, l.tax, l.crds])).toEqual([
      ['Régime des plus-values', '0', '0.00', '0.00'],
      ['Régime des plus-values', '0', '0.00', '0.00'],
    ]);
  });

  it('a sale without items is all zeros', () => {
    expect(goldBuyTax({ items: [], vatRegistered: true, regime: 'flat' })).toMatchObject({
      lines: [],
      total: '0.00',
      taxDue: '0.00',
      taxWithheld: '0.00',
      netPaid: '0.00',
    });
  });

  it('refuses an amount below 0, with more than 2 decimals, or not a number', () => {
    for (const amount of ['-1.00', '1.005', 'abc', '']) {
      expect(() => goldBuyTax({ items: [metal(amount)], vatRegistered: true, regime: 'flat' })).toThrow(RangeError);
    }
    expect(goldBuyTax({ items: [metal('12.5'), metal('3')], vatRegistered: true, regime: 'flat' }).total).toBe('15.50');
  });

  it('net paid + withheld tax = total; each line = tax + CRDS = base x rate to the cent (property)', () => {
    const item = fc.record({
      category: fc.constantFrom<GoldBuyItemCategory>('metal', 'jewellery'),
      amount: fc.integer({ min: 0, max: 500_000_00 }).map((c) => new Decimal(c).div(100).toFixed(2)),
    });
    fc.assert(
      fc.property(
        fc.array(item, { maxLength: 12 }),
        fc.boolean(),
        fc.constantFrom('flat' as const, 'capital-gains' as const),
        (items, vatRegistered, regime) => {
          const tax = goldBuyTax({ items, vatRegistered, regime });
          const total = items.reduce((s, i) => s.plus(i.amount), new Decimal(0));
          expect(tax.total).toBe(total.toFixed(2));
          expect(new Decimal(tax.netPaid).plus(tax.taxWithheld).toFixed(2)).toBe(tax.total);
          expect(tax.taxWithheld).toBe(vatRegistered && regime === 'flat' ? tax.taxDue : '0.00');
          expect(new Decimal(tax.netPaid).gte(0)).toBe(true);
          expect(tax.lines.reduce((s, l) => s.plus(l.total), new Decimal(0)).toFixed(2)).toBe(tax.taxDue);
          const jewelleryTotal = items
            .filter((i) => i.category === 'jewellery')
            .reduce((s, i) => s.plus(i.amount), new Decimal(0));
          for (const line of tax.lines) {
            expect(new Decimal(line.tax).plus(line.crds).toFixed(2)).toBe(line.total);
            const [taxPct, crdsPct] =
              regime === 'capital-gains' || (line.category === 'jewellery' && jewelleryTotal.lte(5000))
                ? [0, 0]
                : line.category === 'metal'
                  ? [11, 0.5]
                  : [6, 0.5];
            expect(line.tax).toBe(new Decimal(line.base).mul(taxPct).div(100).toFixed(2, Decimal.ROUND_HALF_UP));
            expect(line.crds).toBe(new Decimal(line.base).mul(crdsPct).div(100).toFixed(2, Decimal.ROUND_HALF_UP));
          }
        },
      ),
      { numRuns: 2000, seed: 12 },
    );
  });
});

describe('IBAN', () => {
  it.each([
    'FR76 3000 6000 0112 3456 7890 189',
    'FR14 2004 1010 0505 0001 3M02 606',
    'DE89 3704 0044 0532 0130 00',
    'GB82 WEST 1234 5698 7654 32',
    'BE68 5390 0754 7034',
    'NL91 ABNA 0417 1643 00',
    'CH93 0076 2011 6238 5295 7',
    'ES91 2100 0418 4502 0005 1332',
    'IT60 X054 2811 1010 0000 0123 456',
    'MC58 1122 2000 0101 2345 6789 030',
    'LU28 0019 4006 4475 0000',
    'AT61 1904 3002 3457 3201',
    'NO93 8601 1117 947',
    'MT84 MALT 0110 0001 2345 MTLC AST0 01S',
    'PT50 0002 0123 1234 5678 9015 4',
    'IE29 AIBK 9311 5212 3456 78',
    'PL61 1090 1014 0000 0712 1981 2874',
    'FR9730006000011234567890102',
    'FR9830006000011234567890181',
    'FR0230006000011234567890163',
  ])('accepts %s', (iban) => {
    expect(ibanIsValid(iban)).toBe(true);
  });

  it('ignores spaces and case', () => {
    expect(ibanIsValid('fr7630006000011234567890189')).toBe(true);
    expect(ibanIsValid(' gb82 west 1234 5698 7654 32 ')).toBe(true);
    expect(ibanIsValid('FR76\u00a03000\t6000 0112 3456 7890 189')).toBe(true);
  });

  it.each([
    ['FR76 3000 6000 0112 3456 7890 188', 'a digit changed'],
    ['FR76 3000 6000 0112 3456 7809 189', 'two digits swapped'],
    ['FR67 3000 6000 0112 3456 7890 189', 'check digits swapped'],
    ['FR76 3000 6000 0112 3456 7890 18', 'a digit missing'],
    ['FR76 3000 6000 0112 3456 7890 1890', 'a digit too many'],
    ['DE89 3704 0044 0532 0130 000', 'German, one digit too many'],
    ['GB82 WEST 1234 5698 7654 33', 'British, a digit changed'],
    ['GB82 WSET 1234 5698 7654 32', 'British, letters swapped'],
    ['XX76 3000 6000 0112 3456 7890 189', 'unknown country'],
    ['US64 SVBK US6S 3300 9673 8637', 'country outside the table'],
    ['FR00 3000 6000 0112 3456 7890 102', 'check digits 00 (passes mod 97 in place of 97)'],
    ['FR01 3000 6000 0112 3456 7890 181', 'check digits 01 (passes mod 97 in place of 98)'],
    ['FR99 3000 6000 0112 3456 7890 163', 'check digits 99 (passes mod 97 in place of 02)'],
    ['FR7A 3000 6000 0112 3456 7890 189', 'a letter in the check digits'],
    ['FR76-3000-6000-0112-3456-7890-189', 'dashes'],
    ['FR76 3000 6000 0112 3456 7890 18é', 'an accented letter'],
    ['', 'empty'],
    ['FR', 'a country alone'],
  ])('refuses %s (%s)', (iban) => {
    expect(ibanIsValid(iban)).toBe(false);
  });

  it('detects any changed digit and any two neighbouring digits swapped (property)', () => {
    const valid = 'FR7630006000011234567890189';
    fc.assert(
      fc.property(fc.integer({ min: 4, max: valid.length - 1 }), fc.integer({ min: 1, max: 9 }), (i, delta) => {
        const changed = `${valid.slice(0, i)}${(Number(valid[i]) + delta) % 10}${valid.slice(i + 1)}`;
        expect(ibanIsValid(changed)).toBe(false);
        if (i < valid.length - 1 && valid[i] !== valid[i + 1]) {
          const swapped = `${valid.slice(0, i)}${valid[i + 1]}${valid[i]}${valid.slice(i + 2)}`;
          expect(ibanIsValid(swapped)).toBe(false);
        }
      }),
      { numRuns: 500, seed: 12 },
    );
  });

  it('formats in groups of 4, in capitals', () => {
    expect(formatIban('fr7630006000011234567890189')).toBe('FR76 3000 6000 0112 3456 7890 189');
    expect(formatIban(' GB82WEST 12345698765432')).toBe('GB82 WEST 1234 5698 7654 32');
    expect(formatIban('BE68 5390 0754 7034')).toBe('BE68 5390 0754 7034');
    expect(formatIban('')).toBe('');
    expect(normalizeIban('fr76 3000 6000')).toBe('FR7630006000');
  });
});

describe('anti-money-laundering vigilance', () => {
  it('from 10,000.00 included, per seller and day', () => {
    expect(AML_THRESHOLD_EUR).toBe('10000.00');
    expect(amlVigilanceRequired('0')).toBe(false);
    expect(amlVigilanceRequired('9999.99')).toBe(false);
    expect(amlVigilanceRequired('10000.00')).toBe(true);
    expect(amlVigilanceRequired('10000')).toBe(true);
    expect(amlVigilanceRequired('10000.01')).toBe(true);
    expect(amlVigilanceRequired('25000.5')).toBe(true);
  });

  it('refuses what is not an amount', () => {
    expect(() => amlVigilanceRequired('')).toThrow(RangeError);
    expect(() => amlVigilanceRequired('dix mille')).toThrow(RangeError);
  });
});

describe('payment methods', () => {
  it('transfer or crossed cheque, never cash', () => {
    expect(GOLD_BUY_PAYMENT_METHODS).toEqual(['transfer', 'cheque']);
    expect(GOLD_BUY_PAYMENT_METHOD_LABELS).toEqual({
      transfer: 'Virement sur un compte au nom du vendeur',
      cheque: 'Chèque barré',
    });
    expect(isGoldBuyPaymentMethod('transfer')).toBe(true);
    expect(isGoldBuyPaymentMethod('cheque')).toBe(true);
    for (const value of ['cash', 'especes', 'card', '', null, undefined, 1]) {
      expect(isGoldBuyPaymentMethod(value)).toBe(false);
    }
  });

  it('says in French why cash is impossible', () => {
    expect(CASH_PAYMENT_IMPOSSIBLE_REASON).toContain('espèces');
    expect(CASH_PAYMENT_IMPOSSIBLE_REASON).toContain('L112-6 du Code monétaire et financier');
    expect(CASH_PAYMENT_IMPOSSIBLE_REASON).toContain('quel que soit le montant');
  });
});
