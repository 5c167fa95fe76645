import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { FX_CURRENCIES, type FxPair } from '@shared/constants';
import { FEED_UPLOAD_CONTENT_TYPES, FEED_UPLOAD_MAX_BYTES } from '@shared/schemas/diamond-feeds';
import { recordAudit } from '../../../audit/record-audit';
import { diamondFeeds, diamondImportRuns } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { checkedMapping, findFeed, uuidParam } from './diamond-feed.repository';
import { FEEDS_PATH, FEEDS_WRITE } from './diamond-feeds.routes';
import { FeedImportError, importFeed, type ImportReport } from './feed-import';
import type { FeedSource } from './feed-rows';

/**
 * The request body of an upload import, unread: the parser hands the stream over as it comes, the import
 * reads it row by row. No own enumerable property, so the input guard's walk sees nothing to check.
 */
class RawUpload {
  readonly #stream: Readable;
  constructor(stream: Readable) {
    this.#stream = stream;
  }
  get stream(): Readable {
    return this.#stream;
  }
}

/** A run still 'running' after this long was cut short (the process stopped): it no longer blocks imports. */
const STALE_RUN_MS = 6 * 60 * 60 * 1000;
const MAX_MEGABYTES = Math.round(FEED_UPLOAD_MAX_BYTES / (1024 * 1024));

/** The bytes of the upload, up to the limit (a body without Content-Length is counted as it is read). */
async function* limited(stream: Readable, max: number): AsyncGenerator<Uint8Array | string> {
  let total = 0;
  for await (const chunk of stream as AsyncIterable<Uint8Array | string>) {
    total += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    if (total > max) throw new FeedImportError(`Fichier trop volumineux (${MAX_MEGABYTES} Mo au maximum)`);
    yield chunk;
  }
}

const mediaTypeOf = (request: FastifyRequest): string =>
  (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * POST /api/diamonds/feeds/:id/import: the CSV/TSV file is the raw request body, streamed into the import
 * engine without being held in memory. Registered in its own encapsulated context: its content-type parser
 * (every type, stream handed over unread) and its body limit apply to this route only. The authorization hook
 * runs before the handler, and nothing of the body is read before it.
 */
export async function registerDiamondFeedImportRoute(app: FastifyInstance): Promise<void> {
  /** Feeds being imported by this process (the database check below covers the other processes). */
  const importing = new Set<string>();

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // Every content type reaches the handler, which answers 404 / 400 before reading anything.
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, new RawUpload(payload as Readable)));

    scope.post(
      `${FEEDS_PATH}/:id/import`,
      { ...FEEDS_WRITE, bodyLimit: FEED_UPLOAD_MAX_BYTES },
      async (request, reply) => {
        const organizationId = request.user!.organizationId;
        const feed = await findFeed(app.db, organizationId, uuidParam(request, 'id'));
        if (feed.format === 'json') {
          throw new AppError('VALIDATION_FAILED', 'Format JSON pas encore pris en charge');
        }
        const body = request.body;
        if (
          !(body instanceof RawUpload) ||
          !(FEED_UPLOAD_CONTENT_TYPES as readonly string[]).includes(mediaTypeOf(request))
        ) {
          throw new AppError(
            'VALIDATION_FAILED',
            'Envoyez le fichier CSV ou TSV lui-même comme corps de la requête (Content-Type text/csv, text/tab-separated-values ou application/octet-stream)',
          );
        }
        const length = Number(request.headers['content-length'] ?? 0);
        if (length > FEED_UPLOAD_MAX_BYTES) {
          throw new AppError('PAYLOAD_TOO_LARGE', `Fichier trop volumineux (${MAX_MEGABYTES} Mo au maximum)`);
        }
        const usdToEur = rateToEur(app, feed.currency);

        if (importing.has(feed.id)) throw alreadyRunning();
        importing.add(feed.id);
        try {
          const now = app.now();
          await assertNoRunningImport(app, feed.id, now);
          const source: FeedSource = limited(body.stream, FEED_UPLOAD_MAX_BYTES);
          let report: ImportReport;
          try {
            report = await importFeed(app.db, {
              organizationId,
              feed: { ...feed, columnMapping: checkedMapping(feed.columnMapping ?? null) },
              source,
              usdToEur,
              now,
            });
          } catch (error) {
            // Archived between the read above and the run (the engine records no run then).
            if (error instanceof FeedImportError) throw new AppError('NOT_FOUND', error.message);
            throw error;
          }
          if (report.status === 'succeeded' && report.preset) {
            await app.db.update(diamondFeeds).set({ preset: report.preset }).where(eq(diamondFeeds.id, feed.id));
          }
          await recordAudit(app.db, request, {
            action: 'import',
            entityType: 'diamond-feed',
            entityId: feed.id,
            changes: {
              runId: report.runId,
              status: report.status,
              added: report.added,
              updated: report.updated,
              removed: report.removed,
              rejected: report.rowsRejected,
            },
          });
          // The run is recorded either way; a failed one says why in `error`.
          return reply.status(201).send(report);
        } finally {
          importing.delete(feed.id);
        }
      },
    );
  });
}

const alreadyRunning = (): AppError =>
  new AppError('CONFLICT', 'Un import de ce flux est déjà en cours : attendez sa fin avant de relancer.');

/**
 * 409 while another process imports the feed. A run left 'running' for hours was cut short (the server
 * stopped): it is marked failed and no longer blocks.
 */
async function assertNoRunningImport(app: FastifyInstance, feedId: string, now: Date): Promise<void> {
  const staleBefore = new Date(now.getTime() - STALE_RUN_MS);
  await app.db
    .update(diamondImportRuns)
    .set({ status: 'failed', error: "Import interrompu (le serveur s'est arrêté pendant la lecture)", finishedAt: now })
    .where(
      and(
        eq(diamondImportRuns.feedId, feedId),
        eq(diamondImportRuns.status, 'running'),
        lt(diamondImportRuns.startedAt, staleBefore),
      ),
    );
  const [running] = await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(diamondImportRuns)
    .where(and(eq(diamondImportRuns.feedId, feedId), eq(diamondImportRuns.status, 'running')));
  if ((running?.n ?? 0) > 0) throw alreadyRunning();
}

/** EUR per 1 unit of the feed's currency, from the live market rate (503 when none is known yet). */
function rateToEur(app: FastifyInstance, currency: string): string {
  if (currency === 'EUR') return '1';
  if (!(FX_CURRENCIES as readonly string[]).includes(currency)) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Devise ${currency} : aucun taux de change disponible (EUR, ${FX_CURRENCIES.join(', ')}). Modifiez la devise du flux.`,
    );
  }
  const quote = app.market.getFx(`${currency}/EUR` as FxPair);
  if (!quote) {
    throw new AppError(
      'UPSTREAM_UNAVAILABLE',
      `Taux de change ${currency} → EUR indisponible pour le moment : l'import n'est pas lancé, réessayez plus tard.`,
    );
  }
  return quote.value;
}
