import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { shapeName } from '@shared/diamond-names';
import { priceProduct } from '@shared/product-pricing';
import { quoteLineReferences, type QuotePricingContext } from '@shared/quote-pricing';
import type { MarketUsed } from '@shared/schemas/products';
import type { QuoteLineInput } from '@shared/schemas/quotes';
import type { Db } from '../../db/client';
import { diamonds, products } from '../../db/schema';
import { loadPricingContext } from '../products/pricing-context';
import { loadComponents } from '../products/product.repository';
import { productCoefficients } from '../products/product-view';
import { loadSettings } from '../settings/settings.store';

/** "Diamant rond 0,50 ct F VS1 GIA" (the label a catalogue line prints). */
function diamondLabel(d: { shape: string; carats: string; color: string | null; clarity: string; lab: string | null }) {
  const shape = shapeName(d.shape).toLocaleLowerCase('fr');
  const carats = d.carats.replace('.', ',');
  return ['Diamant', shape, `${carats} ct`, d.color, d.clarity, d.lab ?? ''].filter(Boolean).join(' ');
}

/**
 * Everything needed to price these quote lines now: the product sheets' context (market, alloys, stones, steps,
 * calibrated ranges, VAT) for the lines and for the compositions of the product sheets they name, the catalogue
 * diamonds they name, and the organization's default coefficients.
 */
export async function loadQuotePricingContext(
  app: FastifyInstance,
  db: Db,
  organizationId: string,
  lines: readonly QuoteLineInput[],
): Promise<{ context: QuotePricingContext; market: MarketUsed }> {
  const productIds = [...new Set(lines.flatMap((l) => (l.kind === 'product' ? [l.productId] : [])))];
  const diamondIds = [...new Set(lines.flatMap((l) => (l.kind === 'diamond' ? [l.diamondId] : [])))];
  const [productRows, compositions, diamondRows, settings] = await Promise.all([
    productIds.length
      ? db
          .select()
          .from(products)
          .where(and(eq(products.organizationId, organizationId), inArray(products.id, productIds)))
      : [],
    loadComponents(db, organizationId, productIds),
    diamondIds.length
      ? db
          .select({
            id: diamonds.id,
            shape: diamonds.shape,
            carats: diamonds.carats,
            color: diamonds.color,
            clarity: diamonds.clarity,
            lab: diamonds.lab,
            totalPriceEur: diamonds.totalPriceEur,
          })
          .from(diamonds)
          // The installation-wide stones and this organization's imported ones, never another's.
          .where(
            and(
              inArray(diamonds.id, diamondIds.map(Number)),
              or(isNull(diamonds.organizationId), eq(diamonds.organizationId, organizationId)),
            ),
          )
      : [],
    loadSettings(db, organizationId),
  ]);
  const { context: base, market } = await loadPricingContext(app, db, organizationId, [
    quoteLineReferences(lines),
    ...[...compositions.values()],
  ]);
  const productPrices: Record<string, { name: string; unitCost: string | null; unitPrice: string | null }> = {};
  for (const row of productRows) {
    const priced = priceProduct(compositions.get(row.id) ?? [], productCoefficients(row), base);
    productPrices[row.id] = {
      name: row.name,
      unitCost: priced.complete ? priced.totalCost : null,
      unitPrice: priced.complete ? priced.salePrice : null,
    };
  }
  const context: QuotePricingContext = {
    ...base,
    diamonds: Object.fromEntries(
      diamondRows.map((d) => [String(d.id), { label: diamondLabel(d), priceEur: d.totalPriceEur }]),
    ),
    products: productPrices,
    coefficients: {
      metal: settings.coefficientMetal,
      stones: settings.coefficientStones,
      labour: settings.coefficientLabour,
    },
  };
  return { context, market };
}
