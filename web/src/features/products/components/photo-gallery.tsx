import { PRODUCT_PHOTOS_MAX, type PhotoMeta } from '@shared/schemas/products';
import { PhotoGallery as Gallery } from '@/components/photos/photo-gallery';
import { useDeletePhoto, useReorderPhotos, useUploadPhoto } from '../api/product-mutations';

/** Photos of a sheet: upload (JPEG/PNG/WebP, 5 Mo), delete with confirmation, reorder (first = cover). */
export function PhotoGallery({ slug, photos, canWrite }: { slug: string; photos: PhotoMeta[]; canWrite: boolean }) {
  const upload = useUploadPhoto(slug);
  const remove = useDeletePhoto(slug);
  const reorder = useReorderPhotos(slug);
  return (
    <Gallery
      photos={photos}
      canWrite={canWrite}
      actions={{ upload, remove, reorder }}
      maxPhotos={PRODUCT_PHOTOS_MAX}
      inputLabel="Photos du produit"
      emptyText="Aucune photo pour cette fiche."
    />
  );
}
