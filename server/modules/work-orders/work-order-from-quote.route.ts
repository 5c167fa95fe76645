import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { QUOTE_LINE_KIND_LABELS, type QuoteLineKind } from '@shared/schemas/quotes';
import { workOrderFromQuoteSchema, type WorkOrderLine, type WorkOrderStepInput } from '@shared/schemas/work-orders';
import type { Db } from '../../db/client';
import { productionSteps, quotes, workOrders } from '../../db/schema';
import { recordAudit } from '../../audit/record-audit';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/pg-errors';
import { AppError, notFound } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { isUuid } from '../../http/path-id';
import { loadClientNames } from '../projects/projects.queries';
import { WORK_ORDERS_READ, WORK_ORDERS_WRITE } from './work-order-steps.routes';
import { organizationOf, resolveSteps, workOrderDetail, writeSteps } from './work-order-writes';
import { allocateWorkOrderNumber, workOrderSearchText } from './work-orders.resource';

const QUOTE_NOT_FOUND = 'Devis introuvable';
const ALREADY_MESSAGE = 'Ce devis a déjà son ordre de fabrication';

/** A stored quote line, as read from its JSON (only what the workshop needs). */
interface StoredQuoteLine {
  kind: QuoteLineKind;
  label?: string;
  description?: string;
  quantity?: string;
  alloyId?: string;
  weightG?: string;
  stoneId?: string;
  diamondId?: string;
  mm?: string;
  clarity?: string;
  productionStepId?: string;
  minutes?: string;
  subcontractPrice?: string;
}

/** The workshop's copy of a quote line: what to make and with what, never a price. */
export function workshopLine(line: StoredQuoteLine): WorkOrderLine {
  const copy: WorkOrderLine = {
    kind: line.kind,
    label: line.label?.trim() || QUOTE_LINE_KIND_LABELS[line.kind] || line.kind,
    description: line.description ?? '',
    quantity: line.quantity ?? '1',
  };
  for (const key of ['alloyId', 'weightG', 'stoneId', 'diamondId', 'mm', 'clarity'] as const) {
    if (line[key] !== undefined && line[key] !== null) copy[key] = String(line[key]);
  }
  return copy;
}

/**
 * A work order from an accepted quote: its client, project and lines (without prices), and a route made of its
 * labour lines (each production step once, in the quote's order, with its minutes planned and a subcontractor's
 * price per piece). One work order per quote: a second answers 409 with the first one's id.
 */
export function registerWorkOrderFromQuoteRoutes(app: FastifyInstance): void {
  app.post('/api/work-orders/from-quote/:id', WORK_ORDERS_WRITE, async (request, reply) => {
    const organizationId = organizationOf(request);
    const quoteId = (request.params as { id?: string }).id ?? '';
    if (!isUuid(quoteId)) throw notFound(QUOTE_NOT_FOUND);
    const input = parseInput(workOrderFromQuoteSchema, request.body);
    const id = await app.db
      .transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [quote] = await tx
          .select()
          .from(quotes)
          .where(and(eq(quotes.id, quoteId.toLowerCase()), eq(quotes.organizationId, organizationId)))
          .for('update');
        if (!quote) throw notFound(QUOTE_NOT_FOUND);
        if (quote.status !== 'accepted') {
          throw new AppError('CONFLICT', 'Seul un devis accepté devient un ordre de fabrication');
        }
        const [existing] = await tx
          .select({ id: workOrders.id })
          .from(workOrders)
          .where(and(eq(workOrders.organizationId, organizationId), eq(workOrders.quoteId, quote.id)));
        if (existing) throw new AppError('CONFLICT', ALREADY_MESSAGE, { workOrderId: [existing.id] });
        const lines = (quote.lines as StoredQuoteLine[]).map(workshopLine);
        const now = app.now();
        const title = quote.title.trim() || `Devis ${quote.number ?? ''}`.trim();
        const clientNames = quote.clientId ? await loadClientNames(tx, organizationId, [quote.clientId]) : new Map();
        const number = await allocateWorkOrderNumber(tx, organizationId, now);
        const [order] = await tx
          .insert(workOrders)
          .values({
            organizationId,
            ...number,
            title,
            description: quote.notes.trim() || null,
            clientId: quote.clientId,
            projectId: quote.projectId,
            quoteId: quote.id,
            lines,
            dueDate: input.dueDate,
            priority: input.priority,
            createdBy: request.user?.id ?? null,
            createdAt: now,
            updatedAt: now,
            searchText: workOrderSearchText(
              { number: number.number, title, description: quote.notes },
              quote.clientId ? (clientNames.get(quote.clientId) ?? '') : null,
            ),
          })
          .returning();
        const route = await labourRoute(tx, organizationId, quote.lines as StoredQuoteLine[]);
        if (route.length > 0) await writeSteps(tx, order!, await resolveSteps(tx, organizationId, [], route, now), now);
        await recordAudit(tx, request, {
          action: 'create',
          entityType: 'work-order',
          entityId: order!.id,
          changes: { quoteId: quote.id, number: number.number },
        });
        return order!.id;
      })
      .catch((error: unknown) => {
        // Two conversions of one quote at once: the unique index lets one through.
        if (pgErrorCode(error).code === UNIQUE_VIOLATION && pgErrorCode(error).constraint === 'work_orders_quote_key') {
          throw new AppError('CONFLICT', ALREADY_MESSAGE);
        }
        throw error;
      });
    return reply.status(201).send(await workOrderDetail(app.db, organizationId, id));
  });

  /** The order made from a quote of the organization, or null (a quote that is not the organization's: 404). */
  app.get('/api/work-orders/by-quote/:id', WORK_ORDERS_READ, async (request) => {
    const organizationId = organizationOf(request);
    const quoteId = ((request.params as { id?: string }).id ?? '').toLowerCase();
    if (!isUuid(quoteId)) throw notFound(QUOTE_NOT_FOUND);
    const [quote] = await app.db
      .select({ id: quotes.id })
      .from(quotes)
      .where(and(eq(quotes.id, quoteId), eq(quotes.organizationId, organizationId)));
    if (!quote) throw notFound(QUOTE_NOT_FOUND);
    const [order] = await app.db
      .select({ id: workOrders.id, number: workOrders.number })
      .from(workOrders)
      .where(and(eq(workOrders.organizationId, organizationId), eq(workOrders.quoteId, quoteId)));
    return { workOrder: order ?? null };
  });
}

/** The quote's labour lines as steps: each active production step of the organization once, in order. */
async function labourRoute(
  tx: Db,
  organizationId: string,
  lines: readonly StoredQuoteLine[],
): Promise<WorkOrderStepInput[]> {
  const labour = lines.filter((l) => l.kind === 'labour' && l.productionStepId && isUuid(l.productionStepId));
  if (labour.length === 0) return [];
  const known = await tx
    .select({ id: productionSteps.id })
    .from(productionSteps)
    .where(
      and(
        eq(productionSteps.organizationId, organizationId),
        isNull(productionSteps.archivedAt),
        inArray(
          productionSteps.id,
          labour.map((l) => l.productionStepId!),
        ),
      ),
    );
  const ids = new Set(known.map((k) => k.id));
  const seen = new Set<string>();
  return labour.flatMap((l) => {
    const stepId = l.productionStepId!;
    if (!ids.has(stepId) || seen.has(stepId)) return [];
    seen.add(stepId);
    const minutes =
      l.minutes !== undefined && l.minutes !== null ? Math.round(Number(l.minutes) * Number(l.quantity ?? 1)) : null;
    return [
      {
        id: null,
        productionStepId: stepId,
        status: 'a_faire' as const,
        assigneeId: null,
        supplierId: null,
        sentOn: null,
        returnedOn: null,
        pricePerPiece: l.subcontractPrice ?? null,
        plannedMinutes: minutes !== null && Number.isFinite(minutes) ? Math.min(minutes, 100_000) : null,
        actualMinutes: null,
        note: null,
      },
    ];
  });
}
