import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import {
  FEED_UPLOAD_CONTENT_TYPES,
  FEED_UPLOAD_MAX_BYTES,
  type DiamondFeedFormat,
} from '@shared/schemas/diamond-feeds';
import { recordAudit } from '../../../audit/record-audit';
import { AppError } from '../../../http/errors';
import { findFeed, uuidParam } from './diamond-feed.repository';
import { FEEDS_PATH, FEEDS_WRITE } from './diamond-feeds.routes';
import { FeedImportBusyError, FeedImportError, type ImportReport } from './feed-import';
import { rateToEur, runFeedImport } from './feed-run';
import { limitedUpload } from './feed-upload';
import type { FeedScheduler } from './feed-scheduler';

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

const MAX_MEGABYTES = Math.round(FEED_UPLOAD_MAX_BYTES / (1024 * 1024));

const mediaTypeOf = (request: FastifyRequest): string =>
  (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();

/** How an upload is read: JSON or CSV when its Content-Type says so, else the feed's format. */
function uploadFormat(mediaType: string, feedFormat: DiamondFeedFormat): DiamondFeedFormat {
  if (mediaType === 'application/json') return 'json';
  if (mediaType === 'text/csv' || mediaType === 'text/tab-separated-values') return 'csv';
  return feedFormat;
}

/** The engine's refusals as answers: 409 while another run of the feed is in progress, 404 for a feed gone. */
function engineRefusal(error: unknown): unknown {
  if (error instanceof FeedImportBusyError) return new AppError('CONFLICT', error.message);
  // Archived between the read of the feed and the run (the engine records no run then).
  if (error instanceof FeedImportError) return new AppError('NOT_FOUND', error.message);
  return error;
}

async function auditImport(app: FastifyInstance, request: FastifyRequest, feedId: string, report: ImportReport) {
  await recordAudit(app.db, request, {
    action: 'import',
    entityType: 'diamond-feed',
    entityId: feedId,
    changes: {
      runId: report.runId,
      status: report.status,
      added: report.added,
      updated: report.updated,
      removed: report.removed,
      rejected: report.rowsRejected,
    },
  });
}

/**
 * POST /api/diamonds/feeds/:id/import: the CSV/TSV or JSON file is the raw request body, streamed into the import
 * engine without being held in memory. Registered in its own encapsulated context: its content-type parser
 * (every type, stream handed over unread) and its body limit apply to this route only. The authorization hook
 * runs before the handler, and nothing of the body is read before it. Also POST /api/diamonds/feeds/:id/fetch
 * ("Importer maintenant" of a URL feed), with the app's JSON parser.
 */
export async function registerDiamondFeedImportRoute(app: FastifyInstance, scheduler: FeedScheduler): Promise<void> {
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
        const body = request.body;
        const mediaType = mediaTypeOf(request);
        if (!(body instanceof RawUpload) || !(FEED_UPLOAD_CONTENT_TYPES as readonly string[]).includes(mediaType)) {
          throw new AppError(
            'VALIDATION_FAILED',
            'Envoyez le fichier CSV, TSV ou JSON lui-même comme corps de la requête (Content-Type text/csv, text/tab-separated-values, application/json ou application/octet-stream)',
          );
        }
        const length = Number(request.headers['content-length'] ?? 0);
        if (length > FEED_UPLOAD_MAX_BYTES) {
          throw new AppError('PAYLOAD_TOO_LARGE', `Fichier trop volumineux (${MAX_MEGABYTES} Mo au maximum)`);
        }
        const usdToEur = rateToEur(app.market, feed.currency);
        let report: ImportReport;
        try {
          report = await runFeedImport(app.db, feed, {
            source: limitedUpload(body.stream, { maxBytes: FEED_UPLOAD_MAX_BYTES }),
            format: uploadFormat(mediaType, feed.format),
            usdToEur,
            now: app.now(),
            checkDiskSpace: () => app.diskSpace.assertWritable(),
          });
        } catch (error) {
          throw engineRefusal(error);
        }
        await auditImport(app, request, feed.id, report);
        // The run is recorded either way; a failed one says why in `error`.
        return reply.status(201).send(report);
      },
    );
  });

  // "Importer maintenant" of a URL feed: downloaded and imported like a scheduled run, the report answered.
  app.post(`${FEEDS_PATH}/:id/fetch`, FEEDS_WRITE, async (request, reply) => {
    const organizationId = request.user!.organizationId;
    const feed = await findFeed(app.db, organizationId, uuidParam(request, 'id'));
    if (feed.kind !== 'url') {
      throw new AppError('VALIDATION_FAILED', "Ce flux n'a pas d'adresse web : importez son fichier");
    }
    const usdToEur = rateToEur(app.market, feed.currency);
    let report: ImportReport;
    try {
      report = await scheduler.importNow(feed, usdToEur);
    } catch (error) {
      throw engineRefusal(error);
    }
    await auditImport(app, request, feed.id, report);
    return reply.status(201).send(report);
  });
}
