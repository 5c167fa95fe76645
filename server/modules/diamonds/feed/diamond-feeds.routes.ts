import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { formatCsvCell } from '@shared/csv';
import { parisDay } from '@shared/csv-format';
import {
  diamondFeedCreateSchema,
  diamondFeedUpdateSchema,
  diamondImportRunsQuerySchema,
  type DiamondFeedCreateInput,
  type DiamondFeedView,
} from '@shared/schemas/diamond-feeds';
import { recordAudit } from '../../../audit/record-audit';
import type { Db } from '../../../db/client';
import { diamondFeeds, diamondImportRejects, diamondImportRuns } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { parseInput } from '../../../http/validate';
import { createSecretBox } from '../../market/secret-box';
import {
  assertFeedVersion,
  checkedMapping,
  feedView,
  findFeed,
  lastRuns,
  toFeedView,
  toRunView,
  uuidParam,
  type DiamondImportRunRow,
} from './diamond-feed.repository';

export const FEEDS_READ = { config: { access: { area: 'admin' as const, mode: 'read' as const } } };
export const FEEDS_WRITE = { config: { access: { area: 'admin' as const, mode: 'write' as const } } };
export const FEEDS_PATH = '/api/diamonds/feeds';

/** Rejects read per query when the CSV of a run is streamed (a run may reject a whole file). */
const REJECTS_PAGE = 5000;

/**
 * Feeds of the organization: list, create, read, update (with its version), archive; their import runs and the
 * rejected rows of a run as CSV. The upload import itself: diamond-feed-import.routes.ts.
 */
export function registerDiamondFeedRoutes(app: FastifyInstance): void {
  // Feed credentials are encrypted like the market sources' secrets, and never answered nor logged.
  const box = createSecretBox(app.config.sessionSecret);

  const storedValues = (input: DiamondFeedCreateInput) => ({
    name: input.name,
    kind: input.kind,
    url: input.url,
    format: input.format,
    scheduleMinutes: input.scheduleMinutes,
    fullFeed: input.fullFeed,
    currency: input.currency,
    markup: input.markup,
    columnMapping: checkedMapping(input.columnMapping),
  });

  app.get(FEEDS_PATH, FEEDS_READ, async (request): Promise<DiamondFeedView[]> => {
    const organizationId = request.user!.organizationId;
    const rows = await app.db
      .select()
      .from(diamondFeeds)
      .where(and(eq(diamondFeeds.organizationId, organizationId), isNull(diamondFeeds.archivedAt)))
      .orderBy(asc(diamondFeeds.name), asc(diamondFeeds.id));
    const ids = rows.map((r) => r.id);
    const last = new Map<string, DiamondImportRunRow>();
    if (ids.length > 0) {
      const runs = await app.db
        .selectDistinctOn([diamondImportRuns.feedId])
        .from(diamondImportRuns)
        .where(and(eq(diamondImportRuns.organizationId, organizationId), inArray(diamondImportRuns.feedId, ids)))
        .orderBy(diamondImportRuns.feedId, desc(diamondImportRuns.startedAt), desc(diamondImportRuns.id));
      for (const run of runs) last.set(run.feedId, run);
    }
    return rows.map((row) => toFeedView(row, last.get(row.id) ?? null));
  });

  app.post(FEEDS_PATH, FEEDS_WRITE, async (request, reply) => {
    const organizationId = request.user!.organizationId;
    const input = parseInput(diamondFeedCreateSchema, request.body);
    const values = storedValues(input);
    const now = app.now();
    const row = await app.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [created] = await tx
        .insert(diamondFeeds)
        .values({
          organizationId,
          ...values,
          credentials: input.credentials ? box.encrypt(input.credentials) : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await recordAudit(tx, request, {
        action: 'create',
        entityType: 'diamond-feed',
        entityId: created!.id,
        changes: { name: values.name, kind: values.kind, hasCredentials: Boolean(input.credentials) },
      });
      return created!;
    });
    return reply.status(201).send(toFeedView(row, null));
  });

  app.get(`${FEEDS_PATH}/:id`, FEEDS_READ, async (request) => {
    const row = await findFeed(app.db, request.user!.organizationId, uuidParam(request, 'id'));
    return feedView(app.db, row);
  });

  app.put(`${FEEDS_PATH}/:id`, FEEDS_WRITE, async (request) => {
    const organizationId = request.user!.organizationId;
    const id = uuidParam(request, 'id');
    await findFeed(app.db, organizationId, id); // 404 before validating a foreign id's body
    const input = parseInput(diamondFeedUpdateSchema, request.body);
    const values = storedValues(input);
    const now = app.now();
    const row = await app.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const current = await findFeed(tx, organizationId, id, true);
      assertFeedVersion(current, input.version);
      // Absent: kept; null or '': removed; a text: replaced.
      const credentials =
        input.credentials === undefined
          ? current.credentials
          : input.credentials
            ? box.encrypt(input.credentials)
            : null;
      const [updated] = await tx
        .update(diamondFeeds)
        .set({ ...values, credentials, version: sql`${diamondFeeds.version} + 1`, updatedAt: now })
        .where(eq(diamondFeeds.id, id))
        .returning();
      await recordAudit(tx, request, {
        action: 'update',
        entityType: 'diamond-feed',
        entityId: id,
        changes: {
          version: { from: current.version, to: current.version + 1 },
          ...(input.credentials === undefined ? {} : { credentials: input.credentials ? 'replaced' : 'removed' }),
        },
      });
      return updated!;
    });
    return feedView(app.db, row);
  });

  // Archived, not deleted: its stones and runs stay (a later scheduler or a restore may need them).
  app.delete(`${FEEDS_PATH}/:id`, FEEDS_WRITE, async (request, reply) => {
    const organizationId = request.user!.organizationId;
    const id = uuidParam(request, 'id');
    const now = app.now();
    await app.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await findFeed(tx, organizationId, id, true);
      await tx
        .update(diamondFeeds)
        .set({ archivedAt: now, version: sql`${diamondFeeds.version} + 1`, updatedAt: now })
        .where(eq(diamondFeeds.id, id));
      await recordAudit(tx, request, { action: 'archive', entityType: 'diamond-feed', entityId: id });
    });
    return reply.status(204).send();
  });

  app.get(`${FEEDS_PATH}/:id/runs`, FEEDS_READ, async (request) => {
    const organizationId = request.user!.organizationId;
    const feed = await findFeed(app.db, organizationId, uuidParam(request, 'id'));
    const { limit } = parseInput(diamondImportRunsQuerySchema, request.query);
    const runs = await lastRuns(app.db, organizationId, feed.id, limit);
    return runs.map(toRunView);
  });

  app.get(`${FEEDS_PATH}/:id/runs/:runId/rejects.csv`, FEEDS_READ, async (request, reply) => {
    const organizationId = request.user!.organizationId;
    const feed = await findFeed(app.db, organizationId, uuidParam(request, 'id'));
    const runId = uuidParam(request, 'runId');
    const [run] = await app.db
      .select({ id: diamondImportRuns.id })
      .from(diamondImportRuns)
      .where(
        and(
          eq(diamondImportRuns.id, runId),
          eq(diamondImportRuns.feedId, feed.id),
          eq(diamondImportRuns.organizationId, organizationId),
        ),
      );
    if (!run) throw notFound('Import introuvable');
    const db = app.db;
    // Streamed page by page: a run may have rejected most of a million-row file.
    async function* lines(): AsyncGenerator<string> {
      yield `\uFEFF${['Ligne', 'Motif', 'Données lues'].map((h) => formatCsvCell(h)).join(';')}\r\n`;
      let after = 0;
      for (;;) {
        const page = await db
          .select()
          .from(diamondImportRejects)
          .where(and(eq(diamondImportRejects.runId, runId), gt(diamondImportRejects.rowNumber, after)))
          .orderBy(asc(diamondImportRejects.rowNumber))
          .limit(REJECTS_PAGE);
        if (page.length === 0) return;
        yield page.map((r) => `${[r.rowNumber, r.reason, r.raw].map((c) => formatCsvCell(c)).join(';')}\r\n`).join('');
        after = page[page.length - 1]!.rowNumber;
        if (page.length < REJECTS_PAGE) return;
      }
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="rejets-import-${parisDay(app.now())}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(lines()));
  });
}
