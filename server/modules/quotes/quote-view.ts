import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canSeeCosts } from '@shared/access';
import { METALS } from '@shared/constants';
import { priceDifference, priceQuote, type QuotePricing } from '@shared/quote-pricing';
import type { MarketUsed } from '@shared/schemas/products';
import {
  QUOTE_REPRICE_HINT_DAYS,
  type QuoteDetail,
  type QuoteLineInput,
  type QuotePriceRecord,
} from '@shared/schemas/quotes';
import type { Db } from '../../db/client';
import { quoteUsed } from '../products/pricing-context';
import { loadQuotePricingContext } from './quote-context';
import {
  loadQuoteEvents,
  loadRevisions,
  quoteListItem,
  todayInParis,
  withoutCosts,
  type QuoteRow,
} from './quote.repository';

/** Prices quote lines now (live market, current references): what a draft's "prix du jour" is. */
export async function priceLinesNow(
  app: FastifyInstance,
  db: Db,
  organizationId: string,
  lines: readonly QuoteLineInput[],
): Promise<QuotePriceRecord> {
  const { context, market } = await loadQuotePricingContext(app, db, organizationId, lines);
  return { pricing: priceQuote(lines, context), market, context };
}

/**
 * A sent quote repriced with today's metal prices and everything else as frozen (stone costs, FX, calibrated
 * table, coefficients): how much the metal market alone would change it.
 */
function repriceWithTodaysMetals(app: FastifyInstance, stored: QuotePriceRecord, lines: readonly QuoteLineInput[]) {
  const metals = Object.fromEntries(METALS.map((m) => [m, app.market.getSpot(m)?.value ?? null]));
  const pricing = priceQuote(lines, { ...stored.context, metals });
  const market: MarketUsed = {
    ...stored.market,
    computedAt: app.now().toISOString(),
    metals: Object.fromEntries(METALS.map((m) => [m, quoteUsed(app.market.getSpot(m))])) as MarketUsed['metals'],
  };
  return { pricing, market };
}

const DAY_MS = 86_400_000;

/** A free line's typed cost is a cost: left out for roles without costs (and kept on their saves, quotes.routes.ts). */
export function withoutTypedCost(line: QuoteLineInput): QuoteLineInput {
  return line.kind === 'free' ? { ...line, unitCost: null } : line;
}

/** GET /api/quotes/:id and every write's answer. */
export async function quoteDetail(
  app: FastifyInstance,
  db: Db,
  request: FastifyRequest,
  row: QuoteRow,
  /** Today's price when the caller has just computed it (a write's answer): not priced a second time. */
  pricedNow?: QuotePriceRecord,
): Promise<QuoteDetail> {
  const now = app.now();
  const today = todayInParis(now);
  const lines = row.lines as QuoteLineInput[];
  const stored = (row.price as QuotePriceRecord | null) ?? null;
  let current: { pricing: QuotePricing; market: MarketUsed } | null = null;
  let todayDifference: QuoteDetail['todayDifference'] = null;
  if (row.status === 'draft') {
    current = pricedNow ?? (await priceLinesNow(app, db, row.organizationId, lines));
    if (stored && stored.pricing.totalInclVat !== current.pricing.totalInclVat)
      todayDifference = {
        ...priceDifference(stored.pricing.totalInclVat, current.pricing.totalInclVat),
        metalsOnly: false,
      };
  } else if (stored && row.sentAt && now.getTime() - row.sentAt.getTime() >= QUOTE_REPRICE_HINT_DAYS * DAY_MS) {
    current = repriceWithTodaysMetals(app, stored, lines);
    todayDifference = {
      ...priceDifference(stored.pricing.totalInclVat, current.pricing.totalInclVat),
      metalsOnly: true,
    };
  }
  const [events, revisions] = await Promise.all([
    loadQuoteEvents(db, row.organizationId, row.id),
    loadRevisions(db, row.organizationId, row, today),
  ]);
  const seesCosts = canSeeCosts(request.user?.role);
  const visible = (p: QuotePricing) => (seesCosts ? p : withoutCosts(p));
  return {
    ...quoteListItem(row, today),
    lines: seesCosts ? lines : lines.map(withoutTypedCost),
    notes: row.notes,
    paymentTerms: row.paymentTerms,
    deliveryTerms: row.deliveryTerms,
    validityDays: row.validityDays,
    isFree: row.isFree,
    quoteFee: row.quoteFee,
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    decidedVia: row.decidedVia,
    revisionIndex: row.revisionIndex,
    revisions,
    stored: stored ? { pricing: visible(stored.pricing), market: stored.market } : null,
    today: current ? { pricing: visible(current.pricing), market: current.market } : null,
    todayDifference,
    share: {
      active: row.shareTokenHash !== null,
      createdAt: row.shareCreatedAt ? row.shareCreatedAt.toISOString() : null,
      expiresOn: row.shareTokenHash ? row.validUntil : null,
    },
    events,
    canSeeCosts: seesCosts,
  };
}
