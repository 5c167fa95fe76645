import { useId } from 'react';
import { ShieldCheck } from 'lucide-react';
import { GOLD_BUY_IDENTITY_SCANS_MAX, type GoldBuyDetail } from '@shared/schemas/gold-buys';
import { PhotoGallery } from '@/components/photos/photo-gallery';
import { useDeleteGoldBuyImage, useUploadGoldBuyImage } from '../api/gold-buys-api';

/** "2 images déposées". */
function scanCountText(count: number): string {
  if (count === 0) return 'Aucune image de la pièce d’identité.';
  return `${count} image${count > 1 ? 's' : ''} de la pièce d’identité déposée${count > 1 ? 's' : ''}.`;
}

/**
 * The optional scans of the seller's identity document (front, back): added while the purchase is a draft,
 * kept with it once signed. Only the roles allowed see the images (the server answers `identityScans: null`
 * to the others, who see how many there are).
 */
export function IdentityScans({ goldBuy, canWrite }: { goldBuy: GoldBuyDetail; canWrite: boolean }) {
  const headingId = useId();
  const upload = useUploadGoldBuyImage(goldBuy.id, 'identity-scans');
  const remove = useDeleteGoldBuyImage(goldBuy.id, 'identity-scans');
  const draft = goldBuy.status === 'draft';
  const visible = goldBuy.identityScans !== null;
  if (!draft && goldBuy.identityScanCount === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-2 rounded-lg border bg-card p-4 text-sm"
      data-testid="identity-scans"
    >
      <h2 id={headingId} className="flex items-center gap-2 font-semibold">
        <ShieldCheck aria-hidden="true" className="size-4" />
        Pièce d’identité numérisée
      </h2>
      <p className="text-xs text-muted-foreground">
        Facultative. Visible seulement des responsables (gérant, administrateur) ; conservée avec le contrat.
      </p>
      <PhotoGallery
        photos={goldBuy.identityScans ?? []}
        canWrite={canWrite && draft}
        actions={{ upload, remove }}
        maxPhotos={GOLD_BUY_IDENTITY_SCANS_MAX}
        inputLabel="Images de la pièce d’identité du vendeur"
        emptyText={
          visible
            ? scanCountText(0)
            : `${scanCountText(goldBuy.identityScanCount)}${goldBuy.identityScanCount > 0 ? ' Vous ne pouvez pas les consulter.' : ''}`
        }
        addLabel="Ajouter le recto ou le verso"
      />
    </section>
  );
}
