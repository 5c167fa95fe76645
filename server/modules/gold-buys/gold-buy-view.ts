import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { METALS, type Metal } from '@shared/constants';
import { ExactDecimal } from '@shared/exact-decimal';
import { priceGoldBuy, type GoldBuyPricing } from '@shared/gold-buy-pricing';
import { canSeeIdentityScans } from '@shared/access';
import { amlVigilanceRequired, withdrawalOpen } from '@shared/gold-buy-rules';
import { isVatRegistered } from '@shared/schemas/settings';
import type { GoldBuyDetail, GoldBuyItemInput, GoldBuyMarketPrice, GoldBuySeller } from '@shared/schemas/gold-buys';
import type { Db } from '../../db/client';
import { goldBuyIdentityScans, goldBuys } from '../../db/schema';
import { loadOwnedPhotoMetas } from '../../http/owned-photos';
import { loadSettings } from '../settings/settings.store';
import { loadGoldBuyEvents, type GoldBuyRow } from './gold-buy.repository';
import { GOLD_BUY_IDENTITY_SCANS } from './gold-buy-photos';

export type GoldBuyMarket = Partial<Record<Metal, GoldBuyMarketPrice | null>>;

/** Today's market prices (EUR per gram of pure metal) with their source and time. */
export function marketNow(app: FastifyInstance): GoldBuyMarket {
  return Object.fromEntries(
    METALS.map((m) => {
      const q = app.market.getSpot(m);
      return [m, q ? { value: q.value, source: q.source, observedAt: q.observedAt.toISOString() } : null];
    }),
  );
}

/** The settings a purchase is priced with: the buy-back factor, and whether the shop is VAT-registered. */
export async function pricingSettings(db: Db, organizationId: string) {
  const settings = await loadSettings(db, organizationId);
  return { buybackFactor: settings.buybackFactor, vatRegistered: isVatRegistered(settings) };
}

/** Prices items with a market (today's for a draft, the frozen one once validated). */
export function priceWith(
  items: readonly GoldBuyItemInput[],
  market: GoldBuyMarket,
  facts: { buybackFactor: string; vatRegistered: boolean; regime: GoldBuyRow['taxRegime'] },
): GoldBuyPricing {
  return priceGoldBuy(items, {
    pricePerGramPure: Object.fromEntries(METALS.map((m) => [m, market[m]?.value ?? null])),
    buybackFactor: facts.buybackFactor,
    regime: facts.regime,
    vatRegistered: facts.vatRegistered,
  });
}

const SIGNED_STATUSES = ['validated', 'paid', 'melted', 'resold'] as const;

/**
 * What the same seller sold the shop on the day of this purchase (its Paris day; today for a draft), this one
 * included: the anti-money-laundering vigilance starts at 10,000 EUR per seller and day. The seller is the same
 * client, or the same identity document number.
 */
export async function sellerDayTotal(
  db: Db,
  row: Pick<GoldBuyRow, 'id' | 'organizationId' | 'sellerClientId' | 'seller' | 'signedAt'>,
  thisTotal: string,
  now: Date,
): Promise<string> {
  const seller = row.seller as GoldBuySeller;
  const sameSeller = [
    row.sellerClientId ? eq(goldBuys.sellerClientId, row.sellerClientId) : undefined,
    seller.idDocumentNumber ? sql`${goldBuys.seller}->>'idDocumentNumber' = ${seller.idDocumentNumber}` : undefined,
  ].filter((c) => c !== undefined);
  let others = '0';
  if (sameSeller.length > 0) {
    const day = sql`((${(row.signedAt ?? now).toISOString()})::timestamptz AT TIME ZONE 'Europe/Paris')::date`;
    const [r] = await db
      .select({ total: sql<string | null>`sum(${goldBuys.total})` })
      .from(goldBuys)
      .where(
        and(
          eq(goldBuys.organizationId, row.organizationId),
          ne(goldBuys.id, row.id),
          inArray(goldBuys.status, [...SIGNED_STATUSES]),
          sql`(${goldBuys.signedAt} AT TIME ZONE 'Europe/Paris')::date = ${day}`,
          or(...sameSeller),
        ),
      );
    others = r?.total ?? '0';
  }
  const zero = new ExactDecimal(0n);
  return (ExactDecimal.parse(others) ?? zero).plus(ExactDecimal.parse(thisTotal) ?? zero).toFixed(2);
}

/**
 * The purchase as answered to the signed-in user: priced (live for a draft, frozen once signed), with its
 * history, its links and, for the roles allowed, its identity scans.
 */
export async function goldBuyDetail(
  app: FastifyInstance,
  request: FastifyRequest,
  row: GoldBuyRow,
): Promise<GoldBuyDetail> {
  const db = app.db;
  const now = app.now();
  const seesScans = canSeeIdentityScans(request.user?.role);
  const items = row.items as GoldBuyItemInput[];
  const draft = row.status === 'draft';
  const facts = draft
    ? await pricingSettings(db, row.organizationId)
    : { buybackFactor: row.buybackFactor, vatRegistered: row.vatRegistered };
  const market = draft ? marketNow(app) : ((row.market ?? {}) as GoldBuyMarket);
  const pricing = priceWith(items, market, { ...facts, regime: row.taxRegime });
  const [events, dayTotal, links, scans] = await Promise.all([
    loadGoldBuyEvents(db, row.organizationId, row.id),
    sellerDayTotal(db, row, pricing.total, now),
    db
      .select({
        id: goldBuys.id,
        number: goldBuys.number,
        status: goldBuys.status,
        correctionOf: goldBuys.correctionOf,
      })
      .from(goldBuys)
      .where(
        and(
          eq(goldBuys.organizationId, row.organizationId),
          isNull(goldBuys.archivedAt),
          or(eq(goldBuys.correctionOf, row.id), row.correctionOf ? eq(goldBuys.id, row.correctionOf) : sql`false`),
        ),
      ),
    seesScans
      ? loadOwnedPhotoMetas(db, GOLD_BUY_IDENTITY_SCANS, row.organizationId, [row.id]).then((m) => m.get(row.id) ?? [])
      : db
          .select({ n: sql<number>`count(*)::int` })
          .from(goldBuyIdentityScans)
          .where(
            and(
              eq(goldBuyIdentityScans.organizationId, row.organizationId),
              eq(goldBuyIdentityScans.goldBuyId, row.id),
            ),
          )
          .then(([r]) => r?.n ?? 0),
  ]);
  const original = links.find((l) => l.id === row.correctionOf);
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    sellerClientId: row.sellerClientId,
    seller: row.seller as GoldBuySeller,
    sellerName: row.sellerName,
    items: pricing.items,
    market,
    buybackFactor: facts.buybackFactor,
    taxRegime: row.taxRegime,
    vatRegistered: facts.vatRegistered,
    tax: pricing.tax,
    total: pricing.total,
    taxWithheld: pricing.taxWithheld,
    netPaid: pricing.netPaid,
    amlVigilance: draft ? amlVigilanceRequired(dayTotal) : row.amlVigilance,
    sellerDayTotal: dayTotal,
    paymentMethod: row.paymentMethod,
    iban: row.iban,
    chequeNumber: row.chequeNumber,
    signedAt: row.signedAt?.toISOString() ?? null,
    signedPlace: row.signedPlace,
    withdrawalDeadline: row.withdrawalDeadline?.toISOString() ?? null,
    withdrawalOpen:
      row.signedAt !== null && (row.status === 'validated' || row.status === 'paid')
        ? withdrawalOpen(row.signedAt, now)
        : false,
    paidAt: row.paidAt?.toISOString() ?? null,
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    withdrawalRepayment: row.withdrawalRepayment,
    withdrawalRepaidAt: row.withdrawalRepaidAt?.toISOString() ?? null,
    identityScans: typeof scans === 'number' ? null : scans,
    identityScanCount: typeof scans === 'number' ? scans : scans.length,
    disposedAt: row.disposedAt?.toISOString() ?? null,
    correctionOf: original ? { id: original.id, number: original.number } : null,
    correctedBy: links
      .filter((l) => l.correctionOf === row.id)
      .map((l) => ({ id: l.id, number: l.number, status: l.status })),
    notes: row.notes,
    events,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
