import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatDateFr } from '@shared/format';
import type { SharedQuoteView } from '@shared/schemas/quotes';
import type { Db } from '../../db/client';
import { quotes } from '../../db/schema';
import { recordAudit } from '../../audit/record-audit';
import { AppError, notFound } from '../../http/errors';
import { loadSettings } from '../settings/settings.store';
import { organizationIdentity, printedPricing, quotePdf } from './quote-document';
import {
  actorOf,
  addQuoteEvent,
  effectiveStatus,
  findQuote,
  quoteIdOf,
  todayInParis,
  type QuoteRow,
} from './quote.repository';
import { QUOTES_READ, QUOTES_WRITE } from './quotes.routes';

/** Where the client opens a shared quote (web route, outside the signed-in shell). */
export const SHARE_PATH = '/devis/partage/';
const INVALID_LINK = 'Ce lien de devis est invalide ou a été révoqué.';
const PUBLIC = { config: { public: true } };

const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

function sendPdf(reply: FastifyReply, pdf: { bytes: Buffer; filename: string }, download: boolean) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${pdf.filename}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(pdf.bytes);
}

const wantsDownload = (request: FastifyRequest) => (request.query as { download?: string }).download === '1';

/**
 * The quote a share token opens: the token's hash must match, the quote must be sent or accepted, not archived,
 * its organization must have quotes turned on, and a sent quote must still be valid (the link expires with it).
 */
async function sharedQuote(app: FastifyInstance, request: FastifyRequest): Promise<QuoteRow> {
  const token = (request.params as { token?: string }).token ?? '';
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw notFound(INVALID_LINK);
  const [row] = await app.db
    .select()
    .from(quotes)
    .where(eq(quotes.shareTokenHash, tokenHash(token)));
  if (!row || row.archivedAt || row.status === 'draft') throw notFound(INVALID_LINK);
  if (!(await app.organizationModules.isEnabled(row.organizationId, 'quotes'))) throw notFound(INVALID_LINK);
  if (effectiveStatus(row, todayInParis(app.now())) === 'expired')
    throw new AppError('GONE', `Ce devis a expiré le ${formatDateFr(row.validUntil!)}.`);
  return row;
}

/** What the client's page shows: the organization, the quote without any cost, and whether it can be accepted. */
async function publicView(app: FastifyInstance, db: Db, row: QuoteRow): Promise<SharedQuoteView> {
  const [settings, pricing] = await Promise.all([loadSettings(db, row.organizationId), printedPricing(app, db, row)]);
  return {
    organization: organizationIdentity(settings),
    quote: {
      number: row.number,
      title: row.title,
      status: row.status,
      issuedOn: row.issuedOn,
      validUntil: row.validUntil,
      clientName: row.clientName,
      lines: pricing.lines.map((l) => ({
        label: l.label,
        description: l.description,
        quantity: l.quantity,
        unit: l.unit,
        unitPrice: l.unitPrice,
        discountPct: l.discountPct,
        total: l.total,
        vatRatePct: l.vatRatePct,
      })),
      totals: {
        totalExclVat: pricing.totalExclVat,
        vatByRate: pricing.vatByRate,
        totalVat: pricing.totalVat,
        totalInclVat: pricing.totalInclVat,
      },
      paymentTerms: row.paymentTerms,
      deliveryTerms: row.deliveryTerms,
      isFree: row.isFree,
      quoteFee: row.quoteFee,
      acceptedAt: row.status === 'accepted' && row.decidedAt ? row.decidedAt.toISOString() : null,
    },
    canAccept: row.status === 'sent',
  };
}

/** The quote's PDF for staff, the share link (create, revoke), and the client's read-only page with acceptance. */
export function registerQuoteShareRoutes(app: FastifyInstance): void {
  app.get('/api/quotes/:id/pdf', QUOTES_READ, async (request, reply) => {
    const row = await findQuote(app.db, request.user!.organizationId, quoteIdOf(request));
    return sendPdf(reply, await quotePdf(app, app.db, row), wantsDownload(request));
  });

  // A new link replaces the previous one (only the token's hash is kept: the link is shown once).
  app.post('/api/quotes/:id/share', QUOTES_WRITE, async (request) => {
    const organizationId = request.user!.organizationId;
    const id = quoteIdOf(request);
    const token = randomBytes(32).toString('base64url');
    const now = app.now();
    const row = await app.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const current = await findQuote(tx, organizationId, id, true);
      const status = effectiveStatus(current, todayInParis(now));
      if (status !== 'sent' && status !== 'accepted')
        throw new AppError('CONFLICT', 'Seul un devis envoyé et encore valable (ou accepté) peut être partagé.');
      const [updated] = await tx
        .update(quotes)
        .set({ shareTokenHash: tokenHash(token), shareCreatedAt: now, version: sql`${quotes.version} + 1` })
        .where(eq(quotes.id, id))
        .returning();
      await addQuoteEvent(tx, { organizationId, quoteId: id, at: now, ...actorOf(request), action: 'share-created' });
      await recordAudit(tx, request, { action: 'share', entityType: 'quote', entityId: id });
      return updated!;
    });
    return { url: `${SHARE_PATH}${token}`, token, expiresOn: row.validUntil };
  });

  app.delete('/api/quotes/:id/share', QUOTES_WRITE, async (request, reply) => {
    const organizationId = request.user!.organizationId;
    const id = quoteIdOf(request);
    const now = app.now();
    await app.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const current = await findQuote(tx, organizationId, id, true);
      if (!current.shareTokenHash) return;
      await tx
        .update(quotes)
        .set({ shareTokenHash: null, shareCreatedAt: null, version: sql`${quotes.version} + 1` })
        .where(eq(quotes.id, id));
      await addQuoteEvent(tx, { organizationId, quoteId: id, at: now, ...actorOf(request), action: 'share-revoked' });
      await recordAudit(tx, request, { action: 'unshare', entityType: 'quote', entityId: id });
    });
    return reply.status(204).send();
  });

  app.get('/api/shared-quotes/:token', PUBLIC, async (request) =>
    publicView(app, app.db, await sharedQuote(app, request)),
  );

  app.get('/api/shared-quotes/:token/pdf', PUBLIC, async (request, reply) => {
    const row = await sharedQuote(app, request);
    return sendPdf(reply, await quotePdf(app, app.db, row), wantsDownload(request));
  });

  // The client accepts: date, time and address recorded; idempotent once accepted.
  app.post('/api/shared-quotes/:token/accept', PUBLIC, async (request) => {
    const shared = await sharedQuote(app, request);
    const now = app.now();
    const row = await app.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const current = await findQuote(tx, shared.organizationId, shared.id, true);
      if (current.status === 'accepted') return current;
      if (current.status !== 'sent' || current.shareTokenHash !== shared.shareTokenHash)
        throw new AppError('CONFLICT', 'Ce devis ne peut plus être accepté.');
      const [updated] = await tx
        .update(quotes)
        .set({
          status: 'accepted',
          decidedAt: now,
          decidedVia: 'share-link',
          decidedAddress: request.ip,
          version: sql`${quotes.version} + 1`,
          updatedAt: now,
        })
        .where(eq(quotes.id, current.id))
        .returning();
      await addQuoteEvent(tx, {
        organizationId: current.organizationId,
        quoteId: current.id,
        at: now,
        userId: null,
        actor: current.clientName ? `${current.clientName} (lien de partage)` : 'Client (lien de partage)',
        action: 'accepted',
        fromStatus: 'sent',
        toStatus: 'accepted',
        details: {
          via: 'share-link',
          address: request.ip,
          userAgent: request.headers['user-agent']?.slice(0, 200) ?? null,
        },
      });
      return updated!;
    });
    return publicView(app, app.db, row);
  });
}
