import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { parisDay } from '@shared/csv-format';
import type { QuotePricing } from '@shared/quote-pricing';
import type { Client } from '@shared/schemas/clients';
import type { ProjectQuoteEvent } from '@shared/schemas/projects';
import {
  type QuoteEvent,
  type QuoteLineInput,
  type QuoteListItem,
  type QuotePriceRecord,
  type QuoteStatus,
} from '@shared/schemas/quotes';
import { buildSearchText } from '@shared/search-text';
import type { Db } from '../../db/client';
import { clients, quoteEvents, quotes } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { userDisplayName } from '../../http/user-name';
import { clientDisplayName } from '../clients/clients.queries';
import { pathUuid } from '../../http/path-id';

export type QuoteRow = typeof quotes.$inferSelect;
export const QUOTE_NOT_FOUND = 'Devis introuvable';
export const NOT_A_DRAFT_MESSAGE = 'Ce devis a été envoyé : il ne peut plus être modifié. Créez une révision.';

/** A quote id from the path: a malformed id cannot exist (404 like an unknown one, never a cast error). */
export function quoteIdOf(request: FastifyRequest): string {
  return pathUuid(request, QUOTE_NOT_FOUND);
}

/** The day in Paris by the app's clock ("2026-11-25"): issue and validity dates, expiry. */
export const todayInParis = (now: Date): string => parisDay(now).split('/').reverse().join('-');

/** "2026-11-25" + 30 days, as a calendar day. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** `expired` is read, never stored: a sent quote whose validity date has passed. */
export function effectiveStatus(row: Pick<QuoteRow, 'status' | 'validUntil'>, today: string): QuoteStatus {
  return row.status === 'sent' && row.validUntil !== null && row.validUntil < today ? 'expired' : row.status;
}

export async function findQuote(db: Db, organizationId: string, id: string, forUpdate = false): Promise<QuoteRow> {
  const query = db
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, id), eq(quotes.organizationId, organizationId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound(QUOTE_NOT_FOUND);
  return row;
}

/** A write on a quote read at `version`: 409 when someone else changed it meanwhile. */
export function assertVersion(row: QuoteRow, version: number): void {
  if (row.version !== version)
    throw new AppError('CONFLICT', "Ce devis a été modifié par quelqu'un d'autre. Rechargez la page.");
}

export function assertDraft(row: QuoteRow): void {
  if (row.status !== 'draft') throw new AppError('CONFLICT', NOT_A_DRAFT_MESSAGE);
}

export type ClientRow = typeof clients.$inferSelect;

export async function findClient(db: Db, organizationId: string, id: string | null): Promise<ClientRow | null> {
  if (!id) return null;
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, id), eq(clients.organizationId, organizationId)));
  return row ?? null;
}

export const clientNameOf = (c: ClientRow): string =>
  clientDisplayName({ ...c, civility: c.civility as Client['civility'] });

/** What a quote's search matches: its number, title, client, and the labels of its lines. */
export function quoteSearchText(q: {
  number: string | null;
  title: string;
  clientName: string | null;
  lines: readonly QuoteLineInput[];
}): string {
  return buildSearchText([q.number ?? '', q.title, q.clientName ?? '', ...q.lines.map((l) => l.label ?? '')]);
}

export function quoteListItem(row: QuoteRow, today: string): QuoteListItem {
  return {
    id: row.id,
    number: row.number,
    status: effectiveStatus(row, today),
    title: row.title,
    clientId: row.clientId,
    clientName: row.clientName,
    projectId: row.projectId,
    totalExclVat: row.totalExclVat,
    totalInclVat: row.totalInclVat,
    lineCount: row.lineCount,
    issuedOn: row.issuedOn,
    validUntil: row.validUntil,
    revisionOf: row.revisionOf,
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Database values of a stored price (drafts at each save; frozen at sending). */
export function priceValues(record: QuotePriceRecord) {
  return {
    price: record,
    totalCost: record.pricing.totalCost,
    totalExclVat: record.pricing.totalExclVat,
    totalVat: record.pricing.totalVat,
    totalInclVat: record.pricing.totalInclVat,
  };
}

/** What a draft holds, as written on creation, on each save, and on a duplicate or a revision. */
export interface DraftContent {
  clientId: string | null;
  projectId: string | null;
  title: string;
  notes: string;
  paymentTerms: string;
  deliveryTerms: string;
  validityDays: number;
  isFree: boolean;
  quoteFee?: string | null | undefined;
  clientName: string | null;
  lines: QuoteLineInput[];
  price: QuotePriceRecord;
}

/** The database values of a draft's content: a paid quote's fee, line count, stored price, search text. */
export function draftValues(d: DraftContent) {
  return {
    clientId: d.clientId,
    projectId: d.projectId,
    title: d.title,
    notes: d.notes,
    paymentTerms: d.paymentTerms,
    deliveryTerms: d.deliveryTerms,
    validityDays: d.validityDays,
    isFree: d.isFree,
    quoteFee: d.isFree ? null : (d.quoteFee ?? null),
    lines: d.lines,
    lineCount: d.lines.length,
    ...priceValues(d.price),
    clientName: d.clientName,
    searchText: quoteSearchText({ number: null, title: d.title, clientName: d.clientName, lines: d.lines }),
  };
}

/** The price without what only cost-seeing roles read (unit costs, coefficients, margins, the cost context). */
export function withoutCosts(pricing: QuotePricing): QuotePricing {
  return {
    ...pricing,
    totalCost: '0.00',
    margin: '0.00',
    lines: pricing.lines.map((l) => ({
      ...l,
      unitCost: null,
      cost: null,
      coefficient: null,
      marginPct: null,
      margin: null,
      details: {},
    })),
  };
}

// ---- History ----

const ACTION_LABELS: Readonly<Record<string, string>> = {
  created: 'Créé',
  updated: 'Modifié',
  repriced: 'Prix mis à jour aux cours du jour',
  sent: 'Envoyé',
  accepted: 'Accepté',
  refused: 'Refusé',
  duplicated: 'Dupliqué',
  revised: 'Révisé',
  archived: 'Archivé',
  restored: 'Restauré',
  'share-created': 'Lien de partage créé',
  'share-revoked': 'Lien de partage révoqué',
};

export interface QuoteEventInput {
  organizationId: string;
  quoteId: string;
  at: Date;
  userId: string | null;
  actor: string;
  action: keyof typeof ACTION_LABELS;
  fromStatus?: string | null;
  toStatus?: string | null;
  details?: Record<string, unknown> | null;
}

export async function addQuoteEvent(tx: Db, event: QuoteEventInput): Promise<void> {
  await tx.insert(quoteEvents).values({
    organizationId: event.organizationId,
    quoteId: event.quoteId,
    at: event.at,
    userId: event.userId,
    actor: event.actor,
    action: event.action,
    fromStatus: event.fromStatus ?? null,
    toStatus: event.toStatus ?? null,
    details: event.details ?? null,
  });
}

/** Who changes a quote: the signed-in user ("Marie Durand"), or the client through the share link. */
export function actorOf(request: FastifyRequest): { userId: string | null; actor: string } {
  return { userId: request.user?.id ?? null, actor: userDisplayName(request) ?? 'Client (lien de partage)' };
}

/** What a history entry says in French. */
function eventLabel(r: { action: string; details: unknown }): string {
  const via = (r.details as { via?: string } | null)?.via;
  if (r.action === 'accepted' && via === 'share-link') return 'Accepté par le client via le lien de partage';
  return ACTION_LABELS[r.action] ?? r.action;
}

/** The history entries a project's timeline shows of its quotes: their milestones, not every save. */
const PROJECT_TIMELINE_ACTIONS = ['created', 'sent', 'accepted', 'refused', 'revised', 'archived', 'restored'];

/** The milestones of a project's quotes (the project's timeline), newest first. */
export async function loadProjectQuoteEvents(
  db: Db,
  organizationId: string,
  projectId: string,
): Promise<ProjectQuoteEvent[]> {
  const rows = await db
    .select({
      id: quoteEvents.id,
      at: quoteEvents.at,
      actor: quoteEvents.actor,
      action: quoteEvents.action,
      details: quoteEvents.details,
      quoteId: quotes.id,
      number: quotes.number,
      title: quotes.title,
    })
    .from(quoteEvents)
    .innerJoin(quotes, eq(quotes.id, quoteEvents.quoteId))
    .where(
      and(
        eq(quotes.organizationId, organizationId),
        eq(quotes.projectId, projectId),
        eq(quoteEvents.organizationId, organizationId),
        inArray(quoteEvents.action, PROJECT_TIMELINE_ACTIONS),
      ),
    )
    .orderBy(desc(quoteEvents.at), desc(quoteEvents.id));
  return rows.map((r) => ({
    kind: 'quote',
    id: `quote-${r.id}`,
    at: r.at.toISOString(),
    userName: r.actor,
    quote: { id: r.quoteId, number: r.number, title: r.title },
    text: eventLabel(r),
  }));
}

export async function loadQuoteEvents(db: Db, organizationId: string, quoteId: string): Promise<QuoteEvent[]> {
  const rows = await db
    .select()
    .from(quoteEvents)
    .where(and(eq(quoteEvents.organizationId, organizationId), eq(quoteEvents.quoteId, quoteId)))
    .orderBy(asc(quoteEvents.at), asc(quoteEvents.id));
  return rows.map((r) => {
    return {
      id: String(r.id),
      at: r.at.toISOString(),
      actor: r.actor,
      action: r.action,
      label: eventLabel(r),
      fromStatus: r.fromStatus,
      toStatus: r.toStatus,
      details: (r.details as Record<string, unknown> | null) ?? null,
    };
  });
}

/** The revisions of a quote's chain (the other quotes sharing its root), oldest first. */
export async function loadRevisions(db: Db, organizationId: string, row: QuoteRow, today: string) {
  const root = row.rootId ?? row.id;
  const rows = await db
    .select({ id: quotes.id, number: quotes.number, status: quotes.status, validUntil: quotes.validUntil })
    .from(quotes)
    .where(and(eq(quotes.organizationId, organizationId), sql`(${quotes.rootId} = ${root} OR ${quotes.id} = ${root})`))
    .orderBy(asc(quotes.createdAt), sql`${quotes.revisionIndex} ASC NULLS FIRST`);
  return rows
    .filter((r) => r.id !== row.id)
    .map((r) => ({ id: r.id, number: r.number, status: effectiveStatus(r, today) }));
}

export async function quotesByIds(db: Db, organizationId: string, ids: readonly string[]): Promise<QuoteRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(quotes)
    .where(and(eq(quotes.organizationId, organizationId), inArray(quotes.id, [...ids])));
}
