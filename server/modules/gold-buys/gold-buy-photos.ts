import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { GOLD_BUY_IDENTITY_SCANS_MAX, GOLD_BUY_PHOTOS_MAX, type GoldBuyItemInput } from '@shared/schemas/gold-buys';
import type { Db } from '../../db/client';
import { goldBuyIdentityScans, goldBuyPhotos } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { OwnedPhotos } from '../../http/owned-photos';

/** Photos of the items bought: one per item at most, referred to by the item's `photoId`. */
export const GOLD_BUY_PHOTOS: OwnedPhotos = {
  table: goldBuyPhotos,
  ownerKey: 'goldBuyId',
  max: GOLD_BUY_PHOTOS_MAX,
  limitMessage: `${GOLD_BUY_PHOTOS_MAX} photos au maximum par achat`,
  entityType: 'gold-buy',
  urlBase: '/api/gold-buys',
};

/** Scans of the seller's identity document (front and back), shown only to the roles allowed (ADR 0012). */
export const GOLD_BUY_IDENTITY_SCANS: OwnedPhotos = {
  table: goldBuyIdentityScans,
  ownerKey: 'goldBuyId',
  max: GOLD_BUY_IDENTITY_SCANS_MAX,
  limitMessage: `${GOLD_BUY_IDENTITY_SCANS_MAX} images au maximum pour la pièce d’identité (recto, verso)`,
  entityType: 'gold-buy',
  urlBase: '/api/gold-buys',
  segment: 'identity-scans',
};

/**
 * Checks that the items' photos are photos of this draft (400 with the item's field otherwise), inside the
 * saving transaction. A new draft has no photo yet: `goldBuyId` null refuses any.
 */
export async function assertItemPhotosOf(
  db: Db,
  organizationId: string,
  goldBuyId: string | null,
  items: readonly GoldBuyItemInput[],
): Promise<void> {
  const wanted = [...new Set(items.map((i) => i.photoId).filter((id): id is string => Boolean(id)))];
  const known = new Set<string>();
  if (goldBuyId && wanted.length > 0) {
    const rows = await db
      .select({ id: goldBuyPhotos.id })
      .from(goldBuyPhotos)
      .where(
        and(
          eq(goldBuyPhotos.organizationId, organizationId),
          eq(goldBuyPhotos.goldBuyId, goldBuyId),
          inArray(goldBuyPhotos.id, wanted),
        ),
      );
    for (const r of rows) known.add(r.id);
  }
  const errors: Record<string, string[]> = {};
  items.forEach((item, index) => {
    if (item.photoId && !known.has(item.photoId))
      errors[`items.${index}.photoId`] = ['Photo inconnue : ajoutez-la à ce brouillon'];
  });
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('VALIDATION_FAILED', first, errors);
}

/** Deletes the draft's item photos no item refers to any more (after a save that unlinked them). */
export async function deleteUnusedItemPhotos(
  db: Db,
  organizationId: string,
  goldBuyId: string,
  items: readonly GoldBuyItemInput[],
): Promise<void> {
  const used = items.map((i) => i.photoId).filter((id): id is string => Boolean(id));
  await db
    .delete(goldBuyPhotos)
    .where(
      and(
        eq(goldBuyPhotos.organizationId, organizationId),
        eq(goldBuyPhotos.goldBuyId, goldBuyId),
        used.length > 0 ? notInArray(goldBuyPhotos.id, used) : undefined,
      ),
    );
}

/**
 * Copies the photos and identity scans of a purchase to its correction, inside its transaction; answers the
 * items with their photos pointing at the copies.
 */
export async function copyGoldBuyImages(
  db: Db,
  organizationId: string,
  fromId: string,
  toId: string,
  items: readonly GoldBuyItemInput[],
): Promise<GoldBuyItemInput[]> {
  const newIds = new Map<string, string>();
  for (const table of [goldBuyPhotos, goldBuyIdentityScans]) {
    const rows = await db
      .select()
      .from(table)
      .where(and(eq(table.organizationId, organizationId), eq(table.goldBuyId, fromId)));
    for (const { id, ...row } of rows) {
      const [copy] = await db
        .insert(table)
        .values({ ...row, goldBuyId: toId })
        .returning({ id: table.id });
      newIds.set(id, copy!.id);
    }
  }
  return items.map((item) => ({
    ...item,
    photoId: item.photoId ? (newIds.get(item.photoId) ?? null) : null,
  }));
}
