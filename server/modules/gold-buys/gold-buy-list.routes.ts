import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  GOLD_BUY_STATUS_LABELS,
  goldBuyListQuerySchema,
  type GoldBuyListItem,
  type GoldBuyListQuery,
} from '@shared/schemas/gold-buys';
import { goldBuys } from '../../db/schema';
import { parseInput } from '../../http/validate';
import { registerListRoutes } from '../../lists/list-routes';
import { listWhere } from '../../lists/list-query';
import { goldBuyFilters, listMinute } from './gold-buy-list-filters';
import { goldBuyListItem, type GoldBuyRow } from './gold-buy.repository';
import { GOLD_BUYS_READ } from './gold-buys.routes';

/** Signed purchases the shop keeps (the summary's figures without a status filter). */
const KEPT_STATUSES = ['validated', 'paid', 'melted', 'resold'] as const;

/** `GET /api/gold-buys`, its CSV export, and `GET /api/gold-buys/summary` (totals of the same filtered purchases). */
export function registerGoldBuyListRoutes(app: FastifyInstance): void {
  const minute = () => listMinute(app.now());
  registerListRoutes<GoldBuyRow, GoldBuyListItem, GoldBuyListQuery, null>(app, {
    path: '/api/gold-buys',
    area: 'goldbuy',
    table: goldBuys,
    listQuerySchema: goldBuyListQuerySchema,
    sortColumns: {
      createdAt: goldBuys.createdAt,
      signedAt: goldBuys.signedAt,
      number: goldBuys.number,
      total: goldBuys.total,
      sellerName: goldBuys.sellerName,
    },
    filters: (q) => goldBuyFilters(q, minute()),
    filterContext: () => minute().toISOString(),
    versioned: true,
    cacheListAnswers: true,
    loadContext: async () => null,
    toDto: (row) => goldBuyListItem(row),
    csv: {
      filename: 'achats-or',
      columns: [
        { header: 'Numéro', value: (g) => g.number ?? '' },
        { header: 'Statut', value: (g) => GOLD_BUY_STATUS_LABELS[g.status] },
        { header: 'Vendeur', value: (g) => g.sellerName ?? '' },
        { header: 'Objets', format: 'integer', value: (g) => g.itemCount },
        { header: 'Poids net (g)', format: 'decimal', value: (g) => g.netWeightG },
        { header: 'Montant (EUR)', format: 'decimal', value: (g) => g.total },
        { header: 'Net payé (EUR)', format: 'decimal', value: (g) => g.netPaid },
        { header: 'Signé le', format: 'datetime', value: (g) => g.signedAt },
        { header: 'Fin de rétractation', format: 'datetime', value: (g) => g.withdrawalDeadline },
        { header: 'Créé le', format: 'datetime', value: (g) => g.createdAt },
      ],
    },
  });

  // Without a status filter, the figures are those of the purchases the shop keeps: signed, neither withdrawn nor
  // replaced by a correction (a draft was never paid; a withdrawn purchase's money came back).
  app.get('/api/gold-buys/summary', GOLD_BUYS_READ, async (request) => {
    const query = parseInput(goldBuyListQuerySchema, request.query);
    const filters = goldBuyFilters(query, minute());
    if (!query.status) filters.push(inArray(goldBuys.status, [...KEPT_STATUSES]));
    const where = listWhere(goldBuys, request.user!.organizationId, query, filters);
    const [totals] = await app.db
      .select({
        count: sql<number>`count(*)::int`,
        total: sql<string>`coalesce(sum(${goldBuys.total}), 0)::numeric(14, 2)::text`,
        netPaid: sql<string>`coalesce(sum(${goldBuys.netPaid}), 0)::numeric(14, 2)::text`,
      })
      .from(goldBuys)
      .where(where);
    const byFineness = await app.db
      .select({
        metal: sql<string>`item->>'metal'`,
        fineness: sql<number>`(item->>'fineness')::int`,
        netWeightG: sql<string>`sum((item->>'netWeightG')::numeric)::numeric(14, 3)::text`,
      })
      .from(sql`${goldBuys}, jsonb_array_elements(${goldBuys.items}) AS item`)
      .where(where)
      .groupBy(sql`1, 2`)
      .orderBy(sql`1, 2 DESC`);
    return {
      count: totals?.count ?? 0,
      total: totals?.total ?? '0.00',
      netPaid: totals?.netPaid ?? '0.00',
      byFineness,
    };
  });
}
