import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DiamondFeedView, DiamondImportRunView } from '@shared/schemas/diamond-feeds';
import type { Db } from '../../../db/client';
import { diamondFeeds, diamondImportRuns } from '../../../db/schema';
import { AppError, notFound } from '../../../http/errors';
import { parseFeedColumnMapping, type FeedColumnMapping } from './feed-presets';
import { pathUuid } from '../../../http/path-id';

export type DiamondFeedRow = typeof diamondFeeds.$inferSelect;
export type DiamondImportRunRow = typeof diamondImportRuns.$inferSelect;

export const FEED_NOT_FOUND = 'Flux introuvable';

/** A path parameter that must be a uuid: anything else names no object (404, like a missing one). */
export function uuidParam(request: FastifyRequest, name: 'id' | 'runId'): string {
  return pathUuid(request, FEED_NOT_FOUND, name);
}

/** A feed of the organization; an archived feed is gone (404 like an unknown id). */
export async function findFeed(db: Db, organizationId: string, id: string, forUpdate = false): Promise<DiamondFeedRow> {
  const query = db
    .select()
    .from(diamondFeeds)
    .where(
      and(eq(diamondFeeds.id, id), eq(diamondFeeds.organizationId, organizationId), isNull(diamondFeeds.archivedAt)),
    );
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound(FEED_NOT_FOUND);
  return row;
}

export function assertFeedVersion(row: DiamondFeedRow, version: number): void {
  if (row.version !== version) {
    throw new AppError('CONFLICT', "Ce flux a été modifié par quelqu'un d'autre. Rechargez la page.");
  }
}

/** A mapping as sent (shape checked by zod), checked against the importer's fields; 400 on the field. */
export function checkedMapping(value: Record<string, string> | null): FeedColumnMapping | null {
  if (value === null) return null;
  const check = parseFeedColumnMapping(value);
  if (!check.ok) throw new AppError('VALIDATION_FAILED', 'Données invalides', { columnMapping: check.errors });
  return check.mapping;
}

export function toRunView(row: DiamondImportRunRow): DiamondImportRunView {
  return {
    id: row.id,
    feedId: row.feedId,
    status: row.status,
    preset: row.preset,
    fxRate: row.fxRate,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    rowsRead: row.rowsRead,
    rowsAccepted: row.rowsAccepted,
    rowsRejected: row.rowsRejected,
    added: row.added,
    updated: row.updated,
    unchanged: row.unchanged,
    removed: row.removed,
    error: row.error,
  };
}

/** The answer for a feed: never its credentials, only whether it has some. */
export function toFeedView(row: DiamondFeedRow, lastRun: DiamondImportRunRow | null): DiamondFeedView {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    url: row.url,
    format: row.format,
    hasCredentials: row.credentials !== null && row.credentials !== '',
    scheduleMinutes: row.scheduleMinutes,
    preset: row.preset,
    columnMapping: row.columnMapping ?? null,
    fullFeed: row.fullFeed,
    currency: row.currency,
    markup: row.markup,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    lastRun: lastRun ? toRunView(lastRun) : null,
  };
}

/** The last runs of a feed, newest first. */
export function lastRuns(
  db: Db,
  organizationId: string,
  feedId: string,
  limit: number,
): Promise<DiamondImportRunRow[]> {
  return db
    .select()
    .from(diamondImportRuns)
    .where(and(eq(diamondImportRuns.organizationId, organizationId), eq(diamondImportRuns.feedId, feedId)))
    .orderBy(desc(diamondImportRuns.startedAt), desc(diamondImportRuns.id))
    .limit(limit);
}

export async function feedView(db: Db, row: DiamondFeedRow): Promise<DiamondFeedView> {
  const [last] = await lastRuns(db, row.organizationId, row.id, 1);
  return toFeedView(row, last ?? null);
}
