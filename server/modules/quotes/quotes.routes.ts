import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { canSeeCosts } from '@shared/access';
import {
  quoteCreateSchema,
  quotePricingPreviewSchema,
  quoteUpdateSchema,
  type QuoteLineInput,
} from '@shared/schemas/quotes';
import { queryRows, type Db } from '../../db/client';
import { quoteEvents, quotes } from '../../db/schema';
import { recordAudit } from '../../audit/record-audit';
import { AppError } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { loadSettings } from '../settings/settings.store';
import {
  actorOf,
  addQuoteEvent,
  assertDraft,
  assertVersion,
  clientNameOf,
  draftValues,
  findClient,
  findQuote,
  quoteIdOf,
  withoutCosts,
  type ClientRow,
} from './quote.repository';
import { priceLinesNow, quoteDetail } from './quote-view';

export const QUOTES_READ = { config: { access: { area: 'sales' as const, mode: 'read' as const } } };
export const QUOTES_WRITE = { config: { access: { area: 'sales' as const, mode: 'write' as const } } };

/** Autosave writes a draft every few seconds: one "Modifié" entry per user per quarter of an hour is enough. */
const UPDATE_EVENT_EVERY_MS = 15 * 60_000;

/** Every line gets a stable key (the builder's list keys, reordering); kept when the browser sent one. */
export function keyedLines(lines: readonly QuoteLineInput[]): QuoteLineInput[] {
  return lines.map((l) => ({ ...l, key: l.key ?? crypto.randomUUID() }));
}

/**
 * A role without costs never received the typed costs of free lines (quote-view.ts): its save keeps the stored
 * ones, line by line (by key), instead of erasing them.
 */
function keepTypedCosts(lines: QuoteLineInput[], stored: readonly QuoteLineInput[]): QuoteLineInput[] {
  const costs = new Map(stored.flatMap((l) => (l.kind === 'free' && l.key ? [[l.key, l.unitCost] as const] : [])));
  return lines.map((l) => (l.kind === 'free' && l.key && costs.has(l.key) ? { ...l, unitCost: costs.get(l.key) } : l));
}

/** The client and project a quote names must be the organization's (400 with the field otherwise). */
export async function checkReferences(
  db: Db,
  organizationId: string,
  input: { clientId: string | null; projectId: string | null },
): Promise<ClientRow | null> {
  const client = await findClient(db, organizationId, input.clientId);
  if (input.clientId && !client)
    throw new AppError('VALIDATION_FAILED', 'Client inconnu', { clientId: ['Client inconnu'] });
  if (input.projectId) {
    const [project] = await queryRows<{ client_id: string | null }>(
      db,
      sql`SELECT client_id FROM projects WHERE id = ${input.projectId} AND organization_id = ${organizationId}`,
    );
    if (!project) throw new AppError('VALIDATION_FAILED', 'Projet inconnu', { projectId: ['Projet inconnu'] });
    if (input.clientId && project.client_id && project.client_id !== input.clientId)
      throw new AppError('VALIDATION_FAILED', 'Ce projet est celui d’un autre client', {
        projectId: ['Ce projet est celui d’un autre client'],
      });
  }
  return client;
}

/** Quotes: create, read, update a draft, price an unsaved draft. Status changes: quote-actions.routes.ts. */
export function registerQuoteRoutes(app: FastifyInstance): void {
  app.post('/api/quotes/pricing-preview', QUOTES_WRITE, async (request) => {
    const input = parseInput(quotePricingPreviewSchema, request.body);
    const { pricing, market } = await priceLinesNow(app, app.db, request.user!.organizationId, input.lines);
    return { pricing: canSeeCosts(request.user!.role) ? pricing : withoutCosts(pricing), market };
  });

  app.post('/api/quotes', QUOTES_WRITE, async (request, reply) => {
    const organizationId = request.user!.organizationId;
    const input = parseInput(quoteCreateSchema, request.body);
    const client = await checkReferences(app.db, organizationId, input);
    const settings = await loadSettings(app.db, organizationId);
    const lines = keyedLines(input.lines);
    const price = await priceLinesNow(app, app.db, organizationId, lines);
    const now = app.now();
    const clientName = client ? clientNameOf(client) : null;
    const row = await app.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [created] = await tx
        .insert(quotes)
        .values({
          organizationId,
          ...draftValues({
            ...input,
            validityDays: input.validityDays ?? settings.quoteValidityDays,
            clientName,
            lines,
            price,
          }),
          createdBy: request.user!.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await addQuoteEvent(tx, {
        organizationId,
        quoteId: created!.id,
        at: now,
        ...actorOf(request),
        action: 'created',
        toStatus: 'draft',
      });
      await recordAudit(tx, request, { action: 'create', entityType: 'quote', entityId: created!.id });
      return created!;
    });
    return reply.status(201).send(await quoteDetail(app, app.db, request, row, price));
  });

  app.get('/api/quotes/:id', QUOTES_READ, async (request) => {
    const row = await findQuote(app.db, request.user!.organizationId, quoteIdOf(request));
    return quoteDetail(app, app.db, request, row);
  });

  app.put('/api/quotes/:id', QUOTES_WRITE, async (request) => {
    const organizationId = request.user!.organizationId;
    const id = quoteIdOf(request);
    const stored = await findQuote(app.db, organizationId, id); // 404 before validating a foreign id's body
    const input = parseInput(quoteUpdateSchema, request.body);
    const client = await checkReferences(app.db, organizationId, input);
    const lines = canSeeCosts(request.user!.role)
      ? keyedLines(input.lines)
      : keepTypedCosts(keyedLines(input.lines), stored.lines as QuoteLineInput[]);
    const price = await priceLinesNow(app, app.db, organizationId, lines);
    const now = app.now();
    const { userId, actor } = actorOf(request);
    const clientName = client ? clientNameOf(client) : null;
    const row = await app.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const current = await findQuote(tx, organizationId, id, true);
      assertVersion(current, input.version);
      assertDraft(current);
      const [updated] = await tx
        .update(quotes)
        .set({
          ...draftValues({
            ...input,
            validityDays: input.validityDays ?? current.validityDays,
            clientName,
            lines,
            price,
          }),
          version: sql`${quotes.version} + 1`,
          updatedAt: now,
        })
        .where(and(eq(quotes.id, id), eq(quotes.version, input.version)))
        .returning();
      const [last] = await tx
        .select({ at: quoteEvents.at, action: quoteEvents.action, userId: quoteEvents.userId })
        .from(quoteEvents)
        .where(eq(quoteEvents.quoteId, id))
        .orderBy(desc(quoteEvents.at), desc(quoteEvents.id))
        .limit(1);
      const recent =
        last &&
        last.action === 'updated' &&
        last.userId === userId &&
        now.getTime() - last.at.getTime() < UPDATE_EVENT_EVERY_MS;
      if (!recent) await addQuoteEvent(tx, { organizationId, quoteId: id, at: now, userId, actor, action: 'updated' });
      await recordAudit(tx, request, {
        action: 'update',
        entityType: 'quote',
        entityId: id,
        changes: { version: { from: current.version, to: current.version + 1 }, lineCount: lines.length },
      });
      return updated!;
    });
    return quoteDetail(app, app.db, request, row, price);
  });
}
