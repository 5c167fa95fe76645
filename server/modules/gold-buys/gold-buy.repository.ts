import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { GoldBuyEvent, GoldBuySeller, GoldBuyListItem } from '@shared/schemas/gold-buys';
import { ID_DOCUMENT_TYPE_LABELS } from '@shared/schemas/gold-buys';
import { buildSearchText } from '@shared/search-text';
import type { Db } from '../../db/client';
import { goldBuyEvents, goldBuys } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { userDisplayName } from '../../http/user-name';
import { pathUuid } from '../../http/path-id';

export type GoldBuyRow = typeof goldBuys.$inferSelect;

/** "AO-2026-0042": the prefix, the year and the sequence on at least four digits. */
export const goldBuyNumber = (year: number, sequence: number): string =>
  `AO-${year}-${String(sequence).padStart(4, '0')}`;

/** Where the police register says the items bought come from. */
export const REGISTER_ORIGIN = 'Achat à un particulier';
export const GOLD_BUY_NOT_FOUND = 'Achat introuvable';

/** A purchase id from the path: a malformed id cannot exist (404 like an unknown one). */
export function goldBuyIdOf(request: FastifyRequest): string {
  return pathUuid(request, GOLD_BUY_NOT_FOUND);
}

/** A purchase of the organization; a deleted (archived) draft is gone: 404 like an unknown id. */
export async function findGoldBuy(db: Db, organizationId: string, id: string, forUpdate = false): Promise<GoldBuyRow> {
  const query = db
    .select()
    .from(goldBuys)
    .where(and(eq(goldBuys.id, id), eq(goldBuys.organizationId, organizationId), isNull(goldBuys.archivedAt)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound(GOLD_BUY_NOT_FOUND);
  return row;
}

export function assertVersion(row: GoldBuyRow, version: number): void {
  if (row.version !== version)
    throw new AppError('CONFLICT', "Cet achat a été modifié par quelqu'un d'autre. Rechargez la page.");
}

export function assertDraft(row: GoldBuyRow): void {
  if (row.status !== 'draft')
    throw new AppError(
      'CONFLICT',
      'Cet achat est validé : il ne se modifie plus. Une correction est une nouvelle entrée qui s’y réfère.',
    );
}

/** "Mme Hélène Dupré" from the seller as typed (null when no name yet). */
export function sellerNameOf(seller: GoldBuySeller): string | null {
  const name = [seller.civility, seller.firstName, seller.lastName].filter(Boolean).join(' ').trim();
  return name || null;
}

/** "Carte nationale d'identité n° 123456789012, délivrée par Préfecture de Lyon le 02/03/2020". */
export function sellerDocumentOf(seller: GoldBuySeller): string {
  if (!seller.idDocumentType) return '';
  const parts = [`${ID_DOCUMENT_TYPE_LABELS[seller.idDocumentType]} n° ${seller.idDocumentNumber ?? ''}`.trim()];
  if (seller.idDocumentAuthority) parts.push(`délivrée par ${seller.idDocumentAuthority}`);
  if (seller.idDocumentDate) parts.push(`le ${seller.idDocumentDate.split('-').reverse().join('/')}`);
  return parts.join(', ');
}

/** The seller's identity line of the register: name, birth, address. */
export function sellerIdentityOf(seller: GoldBuySeller): string {
  const birth = seller.birthDate
    ? `né(e) le ${seller.birthDate.split('-').reverse().join('/')}${seller.birthPlace ? ` à ${seller.birthPlace}` : ''}`
    : '';
  const address = [seller.addressLine1, seller.addressLine2, [seller.postalCode, seller.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [sellerNameOf(seller) ?? '', birth, address].filter(Boolean).join(' — ');
}

export function goldBuySearchText(row: {
  number: string | null;
  sellerName: string | null;
  items: ReadonlyArray<{ description: string }>;
}): string {
  return buildSearchText([row.number ?? '', row.sellerName ?? '', ...row.items.map((i) => i.description)]);
}

// ---- History ----

const ACTION_LABELS: Readonly<Record<string, string>> = {
  created: 'Créé',
  updated: 'Modifié',
  validated: 'Contrat signé (validé)',
  paid: 'Payé',
  withdrawn: 'Rétractation du vendeur',
  repaid: 'Remboursement du vendeur reçu',
  melted: 'Fondu',
  resold: 'Revendu',
  corrected: 'Correction créée',
  superseded: 'Remplacé par la correction signée',
  archived: 'Brouillon supprimé',
};

export interface GoldBuyEventInput {
  organizationId: string;
  goldBuyId: string;
  at: Date;
  userId: string | null;
  actor: string;
  action: keyof typeof ACTION_LABELS;
  fromStatus?: string | null;
  toStatus?: string | null;
  details?: Record<string, unknown> | null;
}

export async function addGoldBuyEvent(tx: Db, event: GoldBuyEventInput): Promise<void> {
  await tx.insert(goldBuyEvents).values({
    organizationId: event.organizationId,
    goldBuyId: event.goldBuyId,
    at: event.at,
    userId: event.userId,
    actor: event.actor,
    action: event.action,
    fromStatus: event.fromStatus ?? null,
    toStatus: event.toStatus ?? null,
    details: event.details ?? null,
  });
}

/** Who changes a purchase: the signed-in user ("Marie Durand", else their username). */
export function actorOf(request: FastifyRequest): { userId: string | null; actor: string } {
  return { userId: request.user!.id, actor: userDisplayName(request)! };
}

export async function loadGoldBuyEvents(db: Db, organizationId: string, goldBuyId: string): Promise<GoldBuyEvent[]> {
  const rows = await db
    .select()
    .from(goldBuyEvents)
    .where(and(eq(goldBuyEvents.organizationId, organizationId), eq(goldBuyEvents.goldBuyId, goldBuyId)))
    .orderBy(asc(goldBuyEvents.at), asc(goldBuyEvents.id));
  return rows.map((r) => ({
    id: String(r.id),
    at: r.at.toISOString(),
    actor: r.actor,
    action: r.action,
    label: ACTION_LABELS[r.action] ?? r.action,
    fromStatus: r.fromStatus,
    toStatus: r.toStatus,
  }));
}

export function goldBuyListItem(row: GoldBuyRow): GoldBuyListItem {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    sellerName: row.sellerName,
    sellerClientId: row.sellerClientId,
    itemCount: row.itemCount,
    netWeightG: row.netWeightG,
    total: row.total,
    netPaid: row.netPaid,
    signedAt: row.signedAt ? row.signedAt.toISOString() : null,
    withdrawalDeadline: row.withdrawalDeadline ? row.withdrawalDeadline.toISOString() : null,
    correctionOf: row.correctionOf,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
