import { count, getTableName, sum } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  QUOTE_STATUS_LABELS,
  quoteListQuerySchema,
  type QuoteListItem,
  type QuoteListQuery,
  type QuoteSummary,
} from '@shared/schemas/quotes';
import { quotes } from '../../db/schema';
import { parseInput } from '../../http/validate';
import { registerListRoutes } from '../../lists/list-routes';
import { listWhere } from '../../lists/list-query';
import { tableVersionReader } from '../../lists/table-versions';
import { VersionedCache } from '../../lists/versioned-cache';
import { quoteFilters } from './quote-list-filters';
import { quoteListItem, todayInParis, type QuoteRow } from './quote.repository';

const READ = { config: { access: { area: 'sales' as const, mode: 'read' as const } } };

/**
 * `GET /api/quotes`, `GET /api/quotes/export.csv` (the shared list routes, ADR 0006) and `GET /api/quotes/summary`
 * (count and totals of the same filtered quotes). A page reads no line nor stored price (JSON columns).
 */
export function registerQuoteListRoutes(app: FastifyInstance): void {
  const today = () => todayInParis(app.now());
  registerListRoutes<QuoteRow, QuoteListItem, QuoteListQuery, string>(app, {
    path: '/api/quotes',
    area: 'sales',
    table: quotes,
    columns: {
      id: quotes.id,
      organizationId: quotes.organizationId,
      number: quotes.number,
      status: quotes.status,
      title: quotes.title,
      clientId: quotes.clientId,
      clientName: quotes.clientName,
      projectId: quotes.projectId,
      totalExclVat: quotes.totalExclVat,
      totalInclVat: quotes.totalInclVat,
      lineCount: quotes.lineCount,
      issuedOn: quotes.issuedOn,
      validUntil: quotes.validUntil,
      revisionOf: quotes.revisionOf,
      archivedAt: quotes.archivedAt,
      version: quotes.version,
      createdAt: quotes.createdAt,
      updatedAt: quotes.updatedAt,
    },
    listQuerySchema: quoteListQuerySchema,
    sortColumns: {
      createdAt: quotes.createdAt,
      updatedAt: quotes.updatedAt,
      number: quotes.number,
      totalInclVat: quotes.totalInclVat,
      validUntil: quotes.validUntil,
      title: quotes.title,
    },
    filters: (q) => quoteFilters(q, today()),
    filterContext: today,
    versioned: true,
    // Answers depend on the rows and the day alone ("expiré"), which keys them.
    cacheListAnswers: true,
    loadContext: async () => today(),
    toDto: (row, day) => quoteListItem(row, day),
    csv: {
      filename: 'devis',
      columns: [
        { header: 'Numéro', value: (q) => q.number ?? '' },
        { header: 'Statut', value: (q) => QUOTE_STATUS_LABELS[q.status] },
        { header: 'Titre', value: (q) => q.title },
        { header: 'Client', value: (q) => q.clientName ?? '' },
        { header: 'Total HT (EUR)', format: 'decimal', value: (q) => q.totalExclVat },
        { header: 'Total TTC (EUR)', format: 'decimal', value: (q) => q.totalInclVat },
        { header: 'Lignes', format: 'integer', value: (q) => q.lineCount },
        { header: 'Émis le', format: 'date', value: (q) => q.issuedOn },
        { header: 'Valable jusqu’au', format: 'date', value: (q) => q.validUntil },
        { header: 'Créé le', format: 'datetime', value: (q) => q.createdAt },
        { header: 'Modifié le', format: 'datetime', value: (q) => q.updatedAt },
        { header: 'Archivé le', format: 'datetime', value: (q) => q.archivedAt },
      ],
    },
  });

  // Summaries are cached like the list's totals: under the version of the organization's quotes
  // (read first, so never stale) and the day; concurrent requests for one summary share one query.
  const quotesVersion = tableVersionReader(app.db, getTableName(quotes));
  const summaries = new VersionedCache<QuoteSummary>({ maxEntries: 2_000 });
  const summariesInFlight = new Map<string, Promise<QuoteSummary>>();

  async function computeSummary(organizationId: string, query: QuoteListQuery, day: string): Promise<QuoteSummary> {
    const where = listWhere(quotes, organizationId, query, quoteFilters(query, day));
    const [row] = await app.db
      .select({ count: count(), excl: sum(quotes.totalExclVat), incl: sum(quotes.totalInclVat) })
      .from(quotes)
      .where(where);
    return {
      count: Number(row?.count ?? 0),
      totalExclVat: fixed2(row?.excl) ?? '0.00',
      totalInclVat: fixed2(row?.incl) ?? '0.00',
    };
  }

  app.get('/api/quotes/summary', READ, async (request): Promise<QuoteSummary> => {
    const query = parseInput(quoteListQuerySchema, request.query);
    const organizationId = request.user!.organizationId;
    const version = await quotesVersion(organizationId);
    const day = today();
    const { page: _page, pageSize: _pageSize, sort: _sort, dir: _dir, ...filters } = query;
    const key = `${organizationId}|${day}|${JSON.stringify(filters)}`;
    const cached = summaries.get(key, version);
    if (cached) return cached;
    const flightKey = `${version}|${key}`;
    let flight = summariesInFlight.get(flightKey);
    if (!flight) {
      flight = computeSummary(organizationId, query, day)
        .then((summary) => {
          summaries.set(key, version, summary);
          return summary;
        })
        .finally(() => summariesInFlight.delete(flightKey));
      summariesInFlight.set(flightKey, flight);
    }
    return flight;
  });
}

/** A numeric sum from the database ("1234.5") with two decimals, exactly (no float). */
function fixed2(value: string | null | undefined): string | null {
  if (!value) return null;
  const [whole = '0', decimals = ''] = value.split('.');
  return `${whole}.${(decimals + '00').slice(0, 2)}`;
}
