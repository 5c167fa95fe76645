import { describe, expect, it } from 'vitest';
import { goldBuyCreateSchema } from '@shared/schemas/gold-buys';
import { emptyItem, itemForPricing, itemFromQuery, livePricing, newFormValues } from './gold-buy-form';
import { countdownText } from '../components/withdrawal-panel';
import { formatDateTime, parisToday } from './display';

const CONTEXT = {
  pricePerGramPure: { gold: '100', silver: '1', platinum: null },
  buybackFactor: '0.755',
  regime: 'flat' as const,
  vatRegistered: false,
};

describe('itemFromQuery: the dashboard calculator carried over', () => {
  it('takes the weight typed the French way, the fineness and the metal', () => {
    const item = itemFromQuery(new URLSearchParams('weight=12,5&fineness=750&metal=gold'));
    expect(item).toMatchObject({ metal: 'gold', fineness: '750', grossWeightG: '12,5', netWeightG: '12,5' });
  });

  it('leaves out what is not a weight, a metal or a fineness', () => {
    const item = itemFromQuery(new URLSearchParams('weight=abc&fineness=1200&metal=copper'));
    expect(item).toMatchObject({ metal: 'gold', fineness: '750', grossWeightG: '', netWeightG: '' });
    expect(itemFromQuery(new URLSearchParams('weight=-3')).netWeightG).toBe('');
  });
});

describe('livePricing: what the form shows as it is typed', () => {
  it('prices an item at net weight x price per gram of the fineness x factor, to the cent', () => {
    const live = livePricing([emptyItem({ netWeightG: '12,5', grossWeightG: '13', fineness: '750' })], CONTEXT);
    // 100 x 0.750 = 75.00 €/g; 12.5 x 75 x 0.755 = 707.8125 -> 707.81.
    expect(live.lines[0]).toMatchObject({ pricePerGram: '75.00', price: '707.81' });
    expect(live.pricing?.total).toBe('707.81');
    expect(live.pricing?.netPaid).toBe('707.81');
  });

  it('keeps a typed price and waits for every item before showing totals', () => {
    const typed = emptyItem({ netWeightG: '10', grossWeightG: '10', priceOverride: '500', overrideReason: 'Négocié' });
    const unfinished = emptyItem({ netWeightG: '' });
    const live = livePricing([typed, unfinished], CONTEXT);
    expect(live.lines[0]?.price).toBe('500.00');
    expect(live.lines[1]).toBeNull();
    expect(live.pricing).toBeNull();
  });

  it('has no price for a metal without a market price', () => {
    const live = livePricing(
      [emptyItem({ metal: 'platinum', fineness: '950', netWeightG: '5', grossWeightG: '5' })],
      CONTEXT,
    );
    expect(live.lines[0]?.price).toBeNull();
    expect(live.pricing).toBeNull();
  });

  it('reads a fineness that is not a whole number of thousandths as unpriceable', () => {
    expect(itemForPricing(emptyItem({ fineness: '75,5', netWeightG: '1' }))).toBeNull();
    expect(itemForPricing(emptyItem({ fineness: '0', netWeightG: '1' }))).toBeNull();
  });
});

describe('the form values go through the shared schema', () => {
  it('a new purchase from the calculator, completed, parses', () => {
    const values = newFormValues(new URLSearchParams('weight=12,5&fineness=585&metal=gold'));
    values.items[0]!.description = 'Bague';
    const parsed = goldBuyCreateSchema.parse(values);
    expect(parsed.items[0]).toMatchObject({ fineness: 585, netWeightG: '12.5', grossWeightG: '12.5' });
    expect(parsed.sellerClientId).toBeNull();
  });
});

describe('display', () => {
  it('counts down in days, hours, minutes and seconds', () => {
    expect(countdownText(((26 * 60 + 4) * 60 + 9) * 1000)).toBe('1 j 02 h 04 min 09 s');
    expect(countdownText(-5)).toBe('00 h 00 min 00 s');
  });

  it('writes dates on the wall clock of Paris', () => {
    expect(formatDateTime('2026-07-01T10:05:00Z')).toBe('01/07/2026 12:05');
    expect(formatDateTime(null)).toBe('—');
    expect(parisToday(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});
