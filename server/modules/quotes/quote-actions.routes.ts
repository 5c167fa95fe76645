import { and, eq, isNotNull, max, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatDateFr } from '@shared/format';
import { QUOTE_MISSING_LABELS } from '@shared/quote-pricing';
import { quoteActionSchema, type QuoteLineInput } from '@shared/schemas/quotes';
import type { Db } from '../../db/client';
import { quotes } from '../../db/schema';
import { recordAudit } from '../../audit/record-audit';
import { AppError } from '../../http/errors';
import { parseInput } from '../../http/validate';
import {
  actorOf,
  addDays,
  addQuoteEvent,
  assertDraft,
  assertVersion,
  draftValues,
  effectiveStatus,
  findQuote,
  priceValues,
  quoteIdOf,
  quoteSearchText,
  todayInParis,
  type QuoteRow,
} from './quote.repository';
import { nextDocumentNumber } from '../../db/document-numbers';
import { quoteNumber } from './quote-numbering';
import { keyedLines, QUOTES_WRITE } from './quotes.routes';
import { priceLinesNow, quoteDetail } from './quote-view';

const invalid = (message: string, field?: string) =>
  new AppError('VALIDATION_FAILED', message, field ? { [field]: [message] } : undefined);

/**
 * One write on one quote, in one transaction with its history entry and audit row: the row is locked, its
 * version checked, `change` returns the new values (or throws), and the answer is the quote as written.
 */
async function changeQuote(
  app: FastifyInstance,
  request: FastifyRequest,
  options: { action: string; checkVersion: boolean },
  change: (
    tx: Db,
    row: QuoteRow,
    now: Date,
  ) => Promise<{ set: Partial<typeof quotes.$inferInsert>; details?: Record<string, unknown> }>,
) {
  const organizationId = request.user!.organizationId;
  const id = quoteIdOf(request);
  await findQuote(app.db, organizationId, id); // a foreign or unknown id is 404 before its body is read
  const version = options.checkVersion ? parseInput(quoteActionSchema, request.body).version : null;
  const now = app.now();
  const row = await app.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const current = await findQuote(tx, organizationId, id, true);
    if (version !== null) assertVersion(current, version);
    const { set, details } = await change(tx, current, now);
    const [updated] = await tx
      .update(quotes)
      .set({ ...set, version: sql`${quotes.version} + 1`, updatedAt: now })
      .where(eq(quotes.id, id))
      .returning();
    await addQuoteEvent(tx, {
      organizationId,
      quoteId: id,
      at: now,
      ...actorOf(request),
      action: options.action,
      fromStatus: current.status,
      toStatus: updated!.status,
      details: details ?? null,
    });
    await recordAudit(tx, request, {
      action: options.action,
      entityType: 'quote',
      entityId: id,
      changes: details ?? null,
    });
    return updated!;
  });
  return quoteDetail(app, app.db, request, row);
}

/** Why a draft cannot be sent: no client, no line, or a line without a price (400, French, by field). */
function assertSendable(row: QuoteRow, pricing: Awaited<ReturnType<typeof priceLinesNow>>['pricing']): void {
  if (!row.clientId) throw invalid('Choisissez le client avant d’envoyer le devis', 'clientId');
  if (pricing.lines.length === 0) throw invalid('Ajoutez au moins une ligne avant d’envoyer le devis', 'lines');
  const unpriced = pricing.lines.find((l) => l.total === null);
  if (unpriced) {
    const reason = unpriced.missing?.message ?? QUOTE_MISSING_LABELS.NO_UNIT_COST;
    throw invalid(`Ligne ${unpriced.index + 1} non chiffrée : ${reason}`, `lines.${unpriced.index}`);
  }
}

/** Sending, accepting, refusing, repricing, duplicating, revising, archiving and restoring a quote. */
export function registerQuoteActionRoutes(app: FastifyInstance): void {
  // Sending gives the number and freezes the price (ADR 0010): prices, FX, calibrated table and every line.
  app.post('/api/quotes/:id/send', QUOTES_WRITE, (request) =>
    changeQuote(app, request, { action: 'sent', checkVersion: true }, async (tx, row, now) => {
      assertDraft(row);
      const lines = row.lines as QuoteLineInput[];
      const price = await priceLinesNow(app, tx, row.organizationId, lines);
      assertSendable(row, price.pricing);
      const issuedOn = todayInParis(now);
      const year = Number(issuedOn.slice(0, 4));
      let number: string;
      let numberSeq: number | null = null;
      if (row.rootId) {
        const root = await findQuote(tx, row.organizationId, row.rootId);
        number = `${root.number}-R${row.revisionIndex}`;
      } else {
        numberSeq = await nextDocumentNumber(tx, row.organizationId, 'quote', year);
        number = quoteNumber(year, numberSeq);
      }
      return {
        set: {
          status: 'sent',
          number,
          numberYear: row.rootId ? null : year,
          numberSeq,
          issuedOn,
          validUntil: addDays(issuedOn, row.validityDays),
          sentAt: now,
          sentBy: request.user!.id,
          ...priceValues(price),
          searchText: quoteSearchText({ number, title: row.title, clientName: row.clientName, lines }),
        },
        details: { number, totalInclVat: price.pricing.totalInclVat },
      };
    }),
  );

  const decide = (decision: 'accepted' | 'refused') =>
    app.post(`/api/quotes/:id/${decision === 'accepted' ? 'accept' : 'refuse'}`, QUOTES_WRITE, (request) =>
      changeQuote(app, request, { action: decision, checkVersion: true }, async (_tx, row, now) => {
        const status = effectiveStatus(row, todayInParis(now));
        if (status === 'expired' && decision === 'accepted')
          throw new AppError(
            'CONFLICT',
            `Ce devis a expiré le ${formatDateFr(row.validUntil!)} : faites-en une révision.`,
          );
        if (row.status !== 'sent') throw new AppError('CONFLICT', 'Seul un devis envoyé peut être accepté ou refusé.');
        return { set: { status: decision, decidedAt: now, decidedVia: 'staff' }, details: { via: 'staff' } };
      }),
    );
  decide('accepted');
  decide('refused');

  // A draft's stored price becomes today's (the builder shows the before/after first).
  app.post('/api/quotes/:id/reprice', QUOTES_WRITE, (request) =>
    changeQuote(app, request, { action: 'repriced', checkVersion: true }, async (tx, row) => {
      assertDraft(row);
      const price = await priceLinesNow(app, tx, row.organizationId, row.lines as QuoteLineInput[]);
      return {
        set: priceValues(price),
        details: { before: row.totalInclVat, after: price.pricing.totalInclVat },
      };
    }),
  );

  app.delete('/api/quotes/:id', QUOTES_WRITE, (request) =>
    changeQuote(app, request, { action: 'archived', checkVersion: false }, async (_tx, row, now) => ({
      set: { archivedAt: row.archivedAt ?? now },
    })),
  );
  app.post('/api/quotes/:id/restore', QUOTES_WRITE, (request) =>
    changeQuote(app, request, { action: 'restored', checkVersion: false }, async () => ({ set: { archivedAt: null } })),
  );

  // Duplicate: a new draft with the same client, project, terms and lines. Revise: the same, referring to the
  // quote it revises; it is numbered "<first quote's number>-R<n>" when sent.
  const copy = (kind: 'duplicate' | 'revise') =>
    app.post(`/api/quotes/:id/${kind}`, QUOTES_WRITE, async (request, reply) => {
      const organizationId = request.user!.organizationId;
      const source = await findQuote(app.db, organizationId, quoteIdOf(request));
      if (kind === 'revise' && source.status === 'draft')
        throw new AppError('CONFLICT', 'Un brouillon se modifie directement : une révision part d’un devis envoyé.');
      const lines = keyedLines((source.lines as QuoteLineInput[]).map((l) => ({ ...l, key: undefined })));
      const price = await priceLinesNow(app, app.db, organizationId, lines);
      const now = app.now();
      const who = actorOf(request);
      const row = await app.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        let revision: { revisionOf: string; rootId: string; revisionIndex: number } | null = null;
        if (kind === 'revise') {
          const rootId = source.rootId ?? source.id;
          await findQuote(tx, organizationId, rootId, true); // one revision number at a time per chain
          const [last] = await tx
            .select({ index: max(quotes.revisionIndex) })
            .from(quotes)
            .where(and(eq(quotes.rootId, rootId), isNotNull(quotes.revisionIndex)));
          revision = { revisionOf: source.id, rootId, revisionIndex: (last?.index ?? 0) + 1 };
        }
        const [created] = await tx
          .insert(quotes)
          .values({
            organizationId,
            ...draftValues({ ...source, lines, price }),
            ...(revision ?? {}),
            createdBy: request.user!.id,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        const action = kind === 'revise' ? 'revised' : 'duplicated';
        const from = source.number ?? 'brouillon';
        await addQuoteEvent(tx, {
          organizationId,
          quoteId: created!.id,
          at: now,
          ...who,
          action: 'created',
          toStatus: 'draft',
          details: { [kind === 'revise' ? 'revisionOf' : 'duplicateOf']: from, sourceId: source.id },
        });
        await addQuoteEvent(tx, {
          organizationId,
          quoteId: source.id,
          at: now,
          ...who,
          action,
          details: { newQuoteId: created!.id },
        });
        await recordAudit(tx, request, {
          action: 'create',
          entityType: 'quote',
          entityId: created!.id,
          changes: { [action]: source.id },
        });
        return created!;
      });
      return reply.status(201).send(await quoteDetail(app, app.db, request, row, price));
    });
  copy('duplicate');
  copy('revise');
}
