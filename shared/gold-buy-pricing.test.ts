import { describe, expect, it } from 'vitest';
import { priceGoldBuy, type GoldBuyPricingContext } from './gold-buy-pricing';
import { goldBuyItemSchema } from './schemas/gold-buys';

const context: GoldBuyPricingContext = {
  pricePerGramPure: { gold: '100', silver: '0.8', platinum: null },
  buybackFactor: '0.755',
  regime: 'flat',
  vatRegistered: true,
};
const item = (fields: Record<string, unknown>) =>
  goldBuyItemSchema.parse({
    description: 'Objet',
    metal: 'gold',
    fineness: 750,
    grossWeightG: '10',
    netWeightG: '10',
    ...fields,
  });

describe('priceGoldBuy', () => {
  it('prices each item, keeps a typed price, sums the net weights and withholds the tax', () => {
    const priced = priceGoldBuy(
      [
        item({ category: 'metal' }), // 10 x 75,00 x 0,755 = 566,25
        item({ metal: 'silver', fineness: 925, netWeightG: '100,5', grossWeightG: '101', category: 'metal' }),
        item({ priceOverride: '80', overrideReason: 'Pierre retirée' }),
      ],
      context,
    );
    // silver: 0,8 x 925 / 1000 = 0,74 €/g -> 100,5 x 0,74 x 0,755 = 56,15
    expect(priced.items.map((i) => [i.pricePerGram, i.computedPrice, i.price])).toEqual([
      ['75.00', '566.25', '566.25'],
      ['0.74', '56.15', '56.15'],
      ['75.00', '566.25', '80.00'],
    ]);
    expect(priced.netWeightG).toBe('120.500');
    // metal 622,40 x 11,5 % (68,46 + 3,11 = 71,57); jewellery 80 <= 5 000: exempt
    expect(priced.tax).toMatchObject({ total: '702.40', taxDue: '71.57', taxWithheld: '71.57', netPaid: '630.83' });
  });

  it('never counts an unpriced item as 0: no tax nor total while a metal has no market price', () => {
    const priced = priceGoldBuy([item({}), item({ metal: 'platinum', fineness: 950 })], context);
    expect(priced.items[1]).toMatchObject({ pricePerGram: null, computedPrice: null, price: null });
    expect(priced).toMatchObject({ tax: null, total: '0.00', netPaid: '0.00' });
    const typed = priceGoldBuy(
      [item({ metal: 'platinum', fineness: 950, priceOverride: '300', overrideReason: 'Cours du jour' })],
      context,
    );
    expect(typed.tax?.total).toBe('300.00');
  });
});
