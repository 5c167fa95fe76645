import { and, asc, eq, isNull, sql } from 'drizzle-orm';
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
import { isVatRegistered, type Settings } from '@shared/schemas/settings';
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
import { goldBuyDetail, marketNow, priceWith, sellerDayTotal, type GoldBuyMarket } from './gold-buy-view';
import { loadSettings } from '../settings/settings.store';

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
  destination: 'melted' | 'resold' | 'returned' | 'corrected',
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

/** The shop's identity every contract prints (L224-98: name, address, RCS or RM; SIREN or SIRET). */
const REQUIRED_SHOP: ReadonlyArray<[keyof Settings, string]> = [
  ['legalName', 'raison sociale'],
  ['addressLine1', 'adresse'],
  ['postalCode', 'code postal'],
  ['city', 'ville'],
  ['rcsRm', 'RCS ou RM'],
];

function assertShopIdentity(settings: Settings): void {
  const missing = REQUIRED_SHOP.filter(([key]) => !String(settings[key] ?? '').trim()).map(([, label]) => label);
  if (!settings.siren.trim() && !settings.siret.trim()) missing.push('SIREN ou SIRET');
  if (missing.length > 0)
    throw new AppError(
      'VALIDATION_FAILED',
      `Le contrat doit indiquer l’identité de la boutique : complétez les Paramètres (${missing.join(', ')}).`,
    );
}

/**
 * A signed correction replaces its original: the original becomes "corrected" (final) and each of its register
 * entries is closed by an "out" entry (destination "corrected") that refers to it. Inside the signing transaction.
 */
async function supersede(
  tx: Db,
  request: FastifyRequest,
  original: GoldBuyRow,
  correction: { id: string; number: string },
  now: Date,
): Promise<void> {
  await registerOut(tx, request, original, 'corrected', now);
  await tx
    .update(goldBuys)
    .set({ status: 'corrected', disposedAt: now, version: sql`${goldBuys.version} + 1`, updatedAt: now })
    .where(eq(goldBuys.id, original.id));
  const details = { correction: correction.id, number: correction.number };
  await addGoldBuyEvent(tx, {
    organizationId: original.organizationId,
    goldBuyId: original.id,
    at: now,
    ...actorOf(request),
    action: 'superseded',
    fromStatus: original.status,
    toStatus: 'corrected',
    details,
  });
  await recordAudit(tx, request, {
    action: 'supersede',
    entityType: 'gold-buy',
    entityId: original.id,
    changes: details,
  });
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
        const settings = await loadSettings(tx, organizationId);
        assertShopIdentity(settings);
        // A correction keeps what the original contract froze (market, factor, VAT status): it fixes the record,
        // it does not re-price the lot.
        const original = row.correctionOf ? await findGoldBuy(tx, organizationId, row.correctionOf, true) : null;
        if (original && original.status !== 'validated' && original.status !== 'paid')
          throw new AppError(
            'CONFLICT',
            `L’achat d’origine ${original.number ?? ''} n’est plus validé ni payé : cette correction ne peut plus être signée`,
          );
        const facts = original
          ? { buybackFactor: original.buybackFactor, vatRegistered: original.vatRegistered }
          : { buybackFactor: settings.buybackFactor, vatRegistered: isVatRegistered(settings) };
        const market = original ? ((original.market ?? {}) as GoldBuyMarket) : marketNow(app);
        const pricing = priceWith(items, market, { ...facts, regime: row.taxRegime });
        const unpriced = pricing.items.findIndex((i) => i.price === null);
        if (unpriced >= 0)
          throw invalid(`Objet ${unpriced + 1} sans prix : cours du métal indisponible`, `items.${unpriced}`);
        // The counter's row lock serialises the organization's validations: the seller's day total read after it
        // sees every purchase signed before this one.
        const year = Number(parisDay(now).slice(0, 4));
        const sequence = await nextDocumentNumber(tx, organizationId, 'gold-buy', year);
        const number = goldBuyNumber(year, sequence);
        // The signature's time is read once the counter is held: register numbers and times rise together.
        const signedAt = app.now();
        if (original) await supersede(tx, request, original, { id: row.id, number }, signedAt);
        const seller = row.seller as GoldBuySeller;
        const dayTotal = await sellerDayTotal(tx, { ...row, signedAt }, pricing.total, signedAt);
        const vigilance = amlVigilanceRequired(dayTotal);
        assertSellerComplete(seller, vigilance);
        const identity = sellerIdentityOf(seller);
        const document = sellerDocumentOf(seller);
        for (const [index, item] of pricing.items.entries()) {
          await tx.insert(policeRegister).values({
            organizationId,
            number: await nextDocumentNumber(tx, organizationId, 'police-register', 0),
            entryAt: signedAt,
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
        const deadline = withdrawalDeadline(signedAt);
        // The seller of a paid original has been paid: the correction is paid by that payment.
        const paid = original?.paidAt ? { status: 'paid' as const, paidAt: original.paidAt } : {};
        return {
          set: {
            status: 'validated',
            ...paid,
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
            signedAt,
            signedPlace: input.signedPlace,
            withdrawalDeadline: deadline,
            validatedBy: request.user!.id,
            searchText: goldBuySearchText({ number, sellerName: row.sellerName, items }),
          },
          details: {
            number,
            total: pricing.total,
            withdrawalDeadline: deadline.toISOString(),
            ...(original ? { corrects: original.number } : {}),
          },
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
    if (original.status !== 'validated' && original.status !== 'paid')
      throw new AppError(
        'CONFLICT',
        'Seul un achat validé ou payé, dont les objets sont encore en boutique, peut être corrigé',
      );
    const [open] = await app.db
      .select({ id: goldBuys.id })
      .from(goldBuys)
      .where(
        and(
          eq(goldBuys.organizationId, organizationId),
          eq(goldBuys.correctionOf, original.id),
          eq(goldBuys.status, 'draft'),
          isNull(goldBuys.archivedAt),
        ),
      )
      .limit(1);
    if (open)
      throw new AppError('CONFLICT', 'Une correction de cet achat est déjà en cours : ouvrez-la depuis l’achat');
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
