import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  goldBuyCreateSchema,
  goldBuyUpdateSchema,
  type GoldBuyCreateInput,
  type GoldBuySeller,
} from '@shared/schemas/gold-buys';
import type { Db } from '../../db/client';
import { clients, goldBuys } from '../../db/schema';
import { recordAudit } from '../../audit/record-audit';
import { AppError } from '../../http/errors';
import { parseInput } from '../../http/validate';
import {
  actorOf,
  addGoldBuyEvent,
  assertDraft,
  assertVersion,
  findGoldBuy,
  goldBuyIdOf,
  goldBuySearchText,
  sellerNameOf,
} from './gold-buy.repository';
import { assertItemPhotosOf, deleteUnusedItemPhotos } from './gold-buy-photos';
import { goldBuyDetail, marketNow, priceWith, pricingSettings } from './gold-buy-view';

export const GOLD_BUYS_READ = { config: { access: { area: 'goldbuy' as const, mode: 'read' as const } } };
export const GOLD_BUYS_WRITE = { config: { access: { area: 'goldbuy' as const, mode: 'write' as const } } };

/**
 * The seller of a draft: the fields typed, completed by the chosen client's record (names, address, birth date)
 * where a field was left empty. The client must be the organization's (400 otherwise).
 */
async function sellerOf(db: Db, organizationId: string, input: GoldBuyCreateInput): Promise<GoldBuySeller> {
  if (!input.sellerClientId) return input.seller;
  const [client] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, input.sellerClientId), eq(clients.organizationId, organizationId)));
  if (!client) throw new AppError('VALIDATION_FAILED', 'Client inconnu', { sellerClientId: ['Client inconnu'] });
  const fromClient: GoldBuySeller = {
    civility: client.civility === 'M.' || client.civility === 'Mme' ? client.civility : undefined,
    firstName: client.firstName ?? '',
    lastName: client.lastName,
    addressLine1: client.addressLine1 ?? '',
    addressLine2: client.addressLine2 ?? '',
    postalCode: client.postalCode ?? '',
    city: client.city ?? '',
    country: client.country,
    birthDate: client.birthDate ?? undefined,
    birthPlace: '',
    idDocumentNumber: '',
    idDocumentAuthority: '',
  };
  const typed = Object.fromEntries(Object.entries(input.seller).filter(([, v]) => v !== undefined && v !== ''));
  return { ...fromClient, ...typed };
}

/** The stored values of a draft: its seller, items and today's totals (for the list and its filters). */
async function draftValues(app: FastifyInstance, request: FastifyRequest, input: GoldBuyCreateInput) {
  const organizationId = request.user!.organizationId;
  const seller = await sellerOf(app.db, organizationId, input);
  const facts = await pricingSettings(app.db, organizationId);
  const pricing = priceWith(input.items, marketNow(app), { ...facts, regime: input.taxRegime });
  const sellerName = sellerNameOf(seller);
  return {
    sellerClientId: input.sellerClientId,
    seller,
    sellerName,
    items: input.items,
    itemCount: input.items.length,
    netWeightG: pricing.netWeightG,
    buybackFactor: facts.buybackFactor,
    vatRegistered: facts.vatRegistered,
    taxRegime: input.taxRegime,
    total: pricing.total,
    taxWithheld: pricing.taxWithheld,
    netPaid: pricing.netPaid,
    notes: input.notes ?? '',
    searchText: goldBuySearchText({ number: null, sellerName, items: input.items }),
  };
}

/** Purchases: create, read and update a draft, and delete a draft. Status changes: gold-buy-actions.routes.ts. */
export function registerGoldBuyRoutes(app: FastifyInstance): void {
  app.post('/api/gold-buys', GOLD_BUYS_WRITE, async (request, reply) => {
    const organizationId = request.user!.organizationId;
    const input = parseInput(goldBuyCreateSchema, request.body);
    const values = await draftValues(app, request, input);
    const now = app.now();
    await assertItemPhotosOf(app.db, organizationId, null, input.items);
    const row = await app.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [created] = await tx
        .insert(goldBuys)
        .values({ organizationId, ...values, createdBy: request.user!.id, createdAt: now, updatedAt: now })
        .returning();
      await addGoldBuyEvent(tx, {
        organizationId,
        goldBuyId: created!.id,
        at: now,
        ...actorOf(request),
        action: 'created',
        toStatus: 'draft',
      });
      await recordAudit(tx, request, { action: 'create', entityType: 'gold-buy', entityId: created!.id });
      return created!;
    });
    return reply.status(201).send(await goldBuyDetail(app, request, row));
  });

  app.get('/api/gold-buys/:id', GOLD_BUYS_READ, async (request) => {
    const row = await findGoldBuy(app.db, request.user!.organizationId, goldBuyIdOf(request));
    return goldBuyDetail(app, request, row);
  });

  app.put('/api/gold-buys/:id', GOLD_BUYS_WRITE, async (request) => {
    const organizationId = request.user!.organizationId;
    const id = goldBuyIdOf(request);
    await findGoldBuy(app.db, organizationId, id); // 404 before validating a foreign id's body
    const input = parseInput(goldBuyUpdateSchema, request.body);
    const values = await draftValues(app, request, input);
    const now = app.now();
    const row = await app.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const current = await findGoldBuy(tx, organizationId, id, true);
      assertVersion(current, input.version);
      assertDraft(current);
      await assertItemPhotosOf(tx, organizationId, id, input.items);
      await deleteUnusedItemPhotos(tx, organizationId, id, input.items);
      const [updated] = await tx
        .update(goldBuys)
        .set({ ...values, version: sql`${goldBuys.version} + 1`, updatedAt: now })
        .where(eq(goldBuys.id, id))
        .returning();
      await addGoldBuyEvent(tx, { organizationId, goldBuyId: id, at: now, ...actorOf(request), action: 'updated' });
      await recordAudit(tx, request, {
        action: 'update',
        entityType: 'gold-buy',
        entityId: id,
        changes: { version: { from: current.version, to: current.version + 1 }, itemCount: values.itemCount },
      });
      return updated!;
    });
    return goldBuyDetail(app, request, row);
  });

  // Only a draft goes away (archived, out of the list); a signed contract is kept (6 years at least).
  app.delete('/api/gold-buys/:id', GOLD_BUYS_WRITE, async (request, reply) => {
    const organizationId = request.user!.organizationId;
    const id = goldBuyIdOf(request);
    const now = app.now();
    await app.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const current = await findGoldBuy(tx, organizationId, id, true);
      assertDraft(current);
      await tx
        .update(goldBuys)
        .set({ archivedAt: now, version: sql`${goldBuys.version} + 1`, updatedAt: now })
        .where(eq(goldBuys.id, id));
      await addGoldBuyEvent(tx, { organizationId, goldBuyId: id, at: now, ...actorOf(request), action: 'archived' });
      await recordAudit(tx, request, { action: 'archive', entityType: 'gold-buy', entityId: id });
    });
    return reply.status(204).send();
  });
}
