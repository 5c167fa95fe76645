import type { Metal } from './constants';
import { ExactDecimal } from './exact-decimal';
import { goldBuyItemPrice, goldBuyTax, type GoldBuyTaxRegime } from './gold-buy-rules';
import type { GoldBuyItemInput, GoldBuyPricedItem, GoldBuyTaxAnswer } from './schemas/gold-buys';

/** What pricing a purchase reads: EUR per gram of pure metal (null when unknown), the factor, the tax facts. */
export interface GoldBuyPricingContext {
  pricePerGramPure: Partial<Record<Metal, string | null>>;
  buybackFactor: string;
  regime: GoldBuyTaxRegime;
  vatRegistered: boolean;
}

export interface GoldBuyPricing {
  items: GoldBuyPricedItem[];
  /** Null while an item has no price (its metal has no market price and none was typed). */
  tax: GoldBuyTaxAnswer | null;
  total: string;
  taxWithheld: string;
  netPaid: string;
  /** Sum of the items' net weights, grams with 3 decimals. */
  netWeightG: string;
}

/** Sum of decimal strings the schemas checked (a text that is not a number counts as 0). */
const sum = (values: readonly string[]) =>
  values.reduce((acc, v) => acc.plus(ExactDecimal.parse(v) ?? new ExactDecimal(0n)), new ExactDecimal(0n));

/**
 * Prices a purchase: each item at net weight x price per gram of its fineness x factor (shared/gold-buy-rules.ts),
 * or at the price typed over it; then the tax of the sale and the net paid. Pure: the web shows the same totals
 * live that the server stores.
 */
export function priceGoldBuy(items: readonly GoldBuyItemInput[], context: GoldBuyPricingContext): GoldBuyPricing {
  const priced: GoldBuyPricedItem[] = items.map((item) => {
    const pure = context.pricePerGramPure[item.metal] ?? null;
    const computed =
      pure === null
        ? null
        : goldBuyItemPrice({
            netWeightG: item.netWeightG,
            fineness: item.fineness,
            pricePerGramPure: pure,
            factor: context.buybackFactor,
          });
    const typed = item.priceOverride == null ? null : ExactDecimal.parse(item.priceOverride);
    const override = typed === null ? null : typed.toFixed(2);
    return {
      description: item.description,
      metal: item.metal,
      fineness: item.fineness,
      category: item.category,
      grossWeightG: item.grossWeightG,
      netWeightG: item.netWeightG,
      hallmark: item.hallmark,
      photoId: item.photoId ?? null,
      priceOverride: override,
      overrideReason: override === null ? null : (item.overrideReason ?? null),
      pricePerGram: computed?.pricePerGram ?? null,
      computedPrice: computed?.price ?? null,
      price: override ?? computed?.price ?? null,
    };
  });
  const netWeightG = sum(priced.map((i) => i.netWeightG)).toFixed(3);
  if (priced.some((i) => i.price === null)) {
    return { items: priced, tax: null, total: '0.00', taxWithheld: '0.00', netPaid: '0.00', netWeightG };
  }
  const tax = goldBuyTax({
    items: priced.map((i) => ({ category: i.category, amount: i.price ?? '0' })),
    vatRegistered: context.vatRegistered,
    regime: context.regime,
  });
  return {
    items: priced,
    tax: {
      regime: tax.regime,
      regimeLabel: tax.regimeLabel,
      flatTax: tax.flatTax,
      lines: tax.lines.map((l) => ({
        category: l.category,
        label: l.label,
        base: l.base,
        ratePct: l.ratePct,
        tax: l.tax,
        crds: l.crds,
        total: l.total,
      })),
      total: tax.total,
      taxDue: tax.taxDue,
      withheldByBuyer: tax.withheldByBuyer,
      taxWithheld: tax.taxWithheld,
      netPaid: tax.netPaid,
    },
    total: tax.total,
    taxWithheld: tax.taxWithheld,
    netPaid: tax.netPaid,
    netWeightG,
  };
}
