import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { amlVigilanceRequired, formatIban, withdrawalDeadline, withdrawalOpen } from '@shared/gold-buy-rules';
import {
  goldBuyTransitionSchema,
  goldBuyValidateSchema,
  type GoldBuyItemInput,
  type GoldBuySeller,
} from '@shared/schemas/gold-buys';
import { csvDateTime, parisDay } from '@shared/csv-format';
import type { Db } from '../../db/client';
import { goldBuys, policeRegister } from '../../db/schema';
import { nextDocumentNumber } from '../../db/document-numbers';
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
  goldBuyNumber,
  goldBuySearchText,
  REGISTER_ORIGIN,
  sellerDocumentOf,
  sellerIdentityOf,
  type GoldBuyRow,
} from './gold-buy.repository';
import { copyGoldBuyImages } from './gold-buy-photos';
import { GOLD_BUYS_WRITE } from './gold-buys.routes';
import { goldBuyDetail, marketNow, priceWith, pricingSettings, sellerDayTotal } from './gold-buy-view';

const invalid = (message: string, field?: string) =>
  new AppError('VALIDATION_FAILED', message, field ? { [field]: [message] } : undefined);

/** Identity fields every contract needs (L224-98), and those the vigilance from 10,000 EUR adds. */
const REQUIRED_SELLER: ReadonlyArray<[keyof GoldBuySeller, string]> = [
  ['lastName', 'Le nom du vendeur est obligatoire'],
  ['firstName', 'Le prénom du vendeur est obligatoire'],
  ['addressLine1', "L'adresse du vendeur est obligatoire"],
  ['postalCode', 'Le code postal du vendeur est obligatoire'],
  ['city', 'La ville du vendeur est obligatoire'],
  ['idDocumentType', "Le type de pièce d'identité est obligatoire"],
  ['idDocumentNumber', "Le numéro de la pièce d'identité est obligatoire"],
];
const REQUIRED_FOR_VIGILANCE: ReadonlyArray<[keyof GoldBuySeller, string]> = [
  ['birthDate', 'Date de naissance obligatoire (vigilance à partir de 10 000 € par vendeur et par jour)'],
  ['birthPlace', 'Lieu de naissance obligatoire (vigilance à partir de 10 000 € par vendeur et par jour)'],
  [
    'idDocumentAuthority',
    'Autorité de délivrance obligatoire (vigilance à partir de 10 000 € par vendeur et par jour)',
  ],
  ['idDocumentDate', 'Date de délivrance obligatoire (vigilance à partir de 10 000 € par vendeur et par jour)'],
];

function assertSellerComplete(seller: GoldBuySeller, vigilance: boolean): void {
  const fields = vigilance ? [...REQUIRED_SELLER, ...REQUIRED_FOR_VIGILANCE] : REQUIRED_SELLER;
  const errors = Object.fromEntries(fields.filter(([key]) => !seller[key]).map(([key, m]) => [`seller.${key}`, [m]]));
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('VALIDATION_FAILED', first, errors);
}

/**
 * One write on one purchase, in one transaction with its history entry and audit row: the row is locked, its
 * version checked, `change` returns the new values (or throws), and the answer is the purchase as written.
 */
async function changeGoldBuy(
  app: FastifyInstance,
  request: FastifyRequest,
  action: 'validated' | 'paid' | 'withdrawn' | 'repaid' | 'melted' | 'resold',
  change: (
    tx: Db,
    row: GoldBuyRow,
    now: Date,
  ) => Promise<{ set: Partial<typeof goldBuys.$inferInsert>; details?: Record<string, unknown> }>,
  version?: number,
) {
  const organizationId = request.user!.organizationId;
  const id = goldBuyIdOf(request);
  await findGoldBuy(app.db, organizationId, id); // a foreign or unknown id is 404 before its body is read
  const checked = version ?? parseInput(goldBuyTransitionSchema, request.body).version;
  const now = app.now();
  const row = await app.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const current = await findGoldBuy(tx, organizationId, id, true);
    assertVersion(current, checked);
    const { set, details } = await change(tx, current, now);
    const [updated] = await tx
      .update(goldBuys)
      .set({ ...set, version: sql`${goldBuys.version} + 1`, updatedAt: now })
      .where(eq(goldBuys.id, id))
      .returning();
    await addGoldBuyEvent(tx, {
      organizationId,
      goldBuyId: id,
      at: now,
      ...actorOf(request),
      action,
      fromStatus: current.status,
      toStatus: updated!.status,
      details: details ?? null,
    });
    await recordAudit(tx, request, { action, entityType: 'gold-buy', entityId: id, changes: details ?? null });
    return updated!;
  });
  return goldBuyDetail(app, request, row);
}

/** One "out" entry of the register per item of the purchase, each referring to the item's "in" entry. */
async function registerOut(
  tx: Db,
  request: FastifyRequest,
  row: GoldBuyRow,
  destination: 'melted' | 'resold' | 'returned',
  now: Date,
): Promise<void> {
  const entries = await tx
    .select()
    .from(policeRegister)
    .where(
      and(
        eq(policeRegister.organizationId, row.organizationId),
        eq(policeRegister.goldBuyId, row.id),
        eq(policeRegister.direction, 'in'),
      ),
    )
    .orderBy(asc(policeRegister.itemIndex));
  for (const entry of entries) {
    const number = await nextDocumentNumber(tx, row.organizationId, 'police-register', 0);
    await tx.insert(policeRegister).values({
      organizationId: row.organizationId,
      number,
      entryAt: now,
      direction: 'out',
      goldBuyId: row.id,
      goldBuyNumber: entry.goldBuyNumber,
      itemIndex: entry.itemIndex,
      refersTo: entry.id,
      destination,
      description: entry.description,
      metal: entry.metal,
      fineness: entry.fineness,
      weightG: entry.weightG,
      price: entry.price,
      origin: entry.origin,
      sellerIdentity: entry.sellerIdentity,
      sellerDocument: entry.sellerDocument,
      recordedBy: request.user!.id,
      recordedByName: actorOf(request).actor,
    });
  }
}

function assertSigned(row: GoldBuyRow, allowed: ReadonlyArray<GoldBuyRow['status']>, message: string): void {
  if (!allowed.includes(row.status)) throw new AppError('CONFLICT', message);
}

/** Signing the contract, paying, the seller's withdrawal, melting or reselling, and corrections. */
export function registerGoldBuyActionRoutes(app: FastifyInstance): void {
  // The contract is signed now: number, date and hour, place, frozen market prices and seller identity,
  // the withdrawal deadline, and one register entry per item.
  app.post('/api/gold-buys/:id/validate', GOLD_BUYS_WRITE, async (request) => {
    const organizationId = request.user!.organizationId;
    await findGoldBuy(app.db, organizationId, goldBuyIdOf(request));
    const input = parseInput(goldBuyValidateSchema, request.body);
    return changeGoldBuy(
      app,
      request,
      'validated',
      async (tx, row, now) => {
        assertDraft(row);
        const items = row.items as GoldBuyItemInput[];
        if (items.length === 0) throw invalid('Ajoutez au moins un objet avant de valider', 'items');
        const facts = await pricingSettings(tx, organizationId);
        const market = marketNow(app);
        const pricing = priceWith(items, market, { ...facts, regime: row.taxRegime });
        const unpriced = pricing.items.findIndex((i) => i.price === null);
        if (unpriced >= 0)
          throw invalid(`Objet ${unpriced + 1} sans prix : cours du métal indisponible`, `items.${unpriced}`);
        const seller = row.seller as GoldBuySeller;
        const dayTotal = await sellerDayTotal(tx, { ...row, signedAt: now }, pricing.total, now);
        const vigilance = amlVigilanceRequired(dayTotal);
        assertSellerComplete(seller, vigilance);
        const year = Number(parisDay(now).slice(0, 4));
        const sequence = await nextDocumentNumber(tx, organizationId, 'gold-buy', year);
        const number = goldBuyNumber(year, sequence);
        const identity = sellerIdentityOf(seller);
        const document = sellerDocumentOf(seller);
        for (const [index, item] of pricing.items.entries()) {
          await tx.insert(policeRegister).values({
            organizationId,
            number: await nextDocumentNumber(tx, organizationId, 'police-register', 0),
            entryAt: now,
            direction: 'in',
            goldBuyId: row.id,
            goldBuyNumber: number,
            itemIndex: index,
            description: item.description,
            metal: item.metal,
            fineness: item.fineness,
            weightG: item.netWeightG,
            price: item.price,
            origin: REGISTER_ORIGIN,
            sellerIdentity: identity,
            sellerDocument: document,
            recordedBy: request.user!.id,
            recordedByName: actorOf(request).actor,
          });
        }
        const deadline = withdrawalDeadline(now);
        return {
          set: {
            status: 'validated',
            number,
            numberYear: year,
            numberSeq: sequence,
            market,
            buybackFactor: facts.buybackFactor,
            vatRegistered: facts.vatRegistered,
            tax: pricing.tax,
            total: pricing.total,
            taxWithheld: pricing.taxWithheld,
            netPaid: pricing.netPaid,
            netWeightG: pricing.netWeightG,
            amlVigilance: vigilance,
            paymentMethod: input.paymentMethod,
            iban: input.iban ? formatIban(input.iban) : null,
            chequeNumber: input.chequeNumber ?? null,
            signedAt: now,
            signedPlace: input.signedPlace,
            withdrawalDeadline: deadline,
            validatedBy: request.user!.id,
            searchText: goldBuySearchText({ number, sellerName: row.sellerName, items }),
          },
          details: { number, total: pricing.total, withdrawalDeadline: deadline.toISOString() },
        };
      },
      input.version,
    );
  });

  app.post('/api/gold-buys/:id/pay', GOLD_BUYS_WRITE, (request) =>
    changeGoldBuy(app, request, 'paid', async (_tx, row, now) => {
      assertSigned(row, ['validated'], 'Seul un achat validé, non encore payé, peut être payé');
      return { set: { status: 'paid', paidAt: now }, details: { netPaid: row.netPaid } };
    }),
  );

  // The seller withdraws within 48 hours (working days): the items go back, the register records it, and a
  // seller who was paid owes the net paid back (recorded when it comes back: POST …/repaid).
  app.post('/api/gold-buys/:id/withdraw', GOLD_BUYS_WRITE, (request) =>
    changeGoldBuy(app, request, 'withdrawn', async (tx, row, now) => {
      assertSigned(row, ['validated', 'paid'], 'Seul un achat validé ou payé peut faire l’objet d’une rétractation');
      if (!withdrawalOpen(row.signedAt!, now))
        throw new AppError('CONFLICT', 'Le délai de rétractation de 48 heures est dépassé');
      await registerOut(tx, request, row, 'returned', now);
      const repayment = row.status === 'paid' ? row.netPaid : null;
      return {
        set: { status: 'withdrawn', withdrawnAt: now, withdrawalRepayment: repayment },
        details: repayment ? { repayment } : undefined,
      };
    }),
  );

  // The seller's repayment after a withdrawal of a paid purchase has come back.
  app.post('/api/gold-buys/:id/repaid', GOLD_BUYS_WRITE, (request) =>
    changeGoldBuy(app, request, 'repaid', async (_tx, row, now) => {
      if (row.status !== 'withdrawn' || row.withdrawalRepayment === null)
        throw new AppError('CONFLICT', 'Seule une rétractation après paiement attend un remboursement du vendeur');
      if (row.withdrawalRepaidAt) throw new AppError('CONFLICT', 'Le remboursement du vendeur est déjà enregistré');
      return { set: { withdrawalRepaidAt: now }, details: { repayment: row.withdrawalRepayment } };
    }),
  );

  for (const [path, action, destination] of [
    ['melt', 'melted', 'melted'],
    ['resell', 'resold', 'resold'],
  ] as const) {
    app.post(`/api/gold-buys/:id/${path}`, GOLD_BUYS_WRITE, (request) =>
      changeGoldBuy(app, request, action, async (tx, row, now) => {
        assertSigned(row, ['paid'], 'Seul un achat payé peut être fondu ou revendu');
        if (withdrawalOpen(row.signedAt!, now))
          throw new AppError(
            'CONFLICT',
            `Délai de rétractation en cours jusqu’au ${csvDateTime(row.withdrawalDeadline!)} : ` +
              'les objets ne peuvent être ni fondus ni revendus avant',
          );
        await registerOut(tx, request, row, destination, now);
        return { set: { status: action, disposedAt: now } };
      }),
    );
  }

  // A signed purchase is never edited: a correction is a new draft that refers to it.
  app.post('/api/gold-buys/:id/correct', GOLD_BUYS_WRITE, async (request, reply) => {
    const organizationId = request.user!.organizationId;
    const original = await findGoldBuy(app.db, organizationId, goldBuyIdOf(request));
    if (original.status === 'draft') throw new AppError('CONFLICT', 'Un brouillon se modifie directement');
    const now = app.now();
    const row = await app.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [created] = await tx
        .insert(goldBuys)
        .values({
          organizationId,
          sellerClientId: original.sellerClientId,
          seller: original.seller,
          sellerName: original.sellerName,
          items: original.items,
          itemCount: original.itemCount,
          netWeightG: original.netWeightG,
          buybackFactor: original.buybackFactor,
          taxRegime: original.taxRegime,
          vatRegistered: original.vatRegistered,
          correctionOf: original.id,
          notes: `Correction de ${original.number}`,
          searchText: goldBuySearchText({
            number: null,
            sellerName: original.sellerName,
            items: original.items as GoldBuyItemInput[],
          }),
          createdBy: request.user!.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const items = await copyGoldBuyImages(
        tx,
        organizationId,
        original.id,
        created!.id,
        original.items as GoldBuyItemInput[],
      );
      const [withPhotos] = await tx.update(goldBuys).set({ items }).where(eq(goldBuys.id, created!.id)).returning();
      const { userId, actor } = actorOf(request);
      await addGoldBuyEvent(tx, { organizationId, goldBuyId: created!.id, at: now, userId, actor, action: 'created' });
      await addGoldBuyEvent(tx, {
        organizationId,
        goldBuyId: original.id,
        at: now,
        userId,
        actor,
        action: 'corrected',
        details: { correction: created!.id },
      });
      await recordAudit(tx, request, {
        action: 'correct',
        entityType: 'gold-buy',
        entityId: original.id,
        changes: { correction: created!.id },
      });
      return withPhotos!;
    });
    return reply.status(201).send(await goldBuyDetail(app, request, row));
  });
}
