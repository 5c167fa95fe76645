import { useRef, useState } from 'react';
import { ArrowLeft, ArrowRight, ImagePlus, Trash2 } from 'lucide-react';
import { PRODUCT_PHOTOS_MAX, type PhotoMeta } from '@shared/schemas/products';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useDeletePhoto, useReorderPhotos, useUploadPhoto } from '../api/product-mutations';
import { photoFileError, readAsBase64 } from '../lib/photo-file';
import { ConfirmButton } from './confirm-button';

function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const field = error.fieldErrors ? Object.values(error.fieldErrors).flat()[0] : undefined;
    return field ?? error.serverMessage;
  }
  return fallback;
}

/** Photos of a sheet: upload (JPEG/PNG/WebP, 5 Mo), delete with confirmation, reorder (first = cover). */
export function PhotoGallery({ slug, photos, canWrite }: { slug: string; photos: PhotoMeta[]; canWrite: boolean }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const upload = useUploadPhoto(slug);
  const remove = useDeletePhoto(slug);
  const reorder = useReorderPhotos(slug);

  const onFiles = async (files: FileList | null) => {
    setUploadError(null);
    if (!files) return;
    for (const file of Array.from(files)) {
      const problem = photoFileError(file);
      if (problem) {
        setUploadError(`${file.name} : ${problem}`);
        continue;
      }
      try {
        const dataBase64 = await readAsBase64(file);
        await upload.mutateAsync({ filename: file.name, contentType: file.type, dataBase64 });
        toast({ title: 'Photo ajoutée', description: file.name });
      } catch (error) {
        const message = errorMessage(error, "Impossible d'ajouter la photo");
        setUploadError(`${file.name} : ${message}`);
        toast({ title: 'Erreur', description: message, variant: 'destructive' });
      }
    }
    if (inputRef.current) inputRef.current.value = '';
  };

  const move = (index: number, delta: number) => {
    const ids = photos.map((p) => p.id);
    const target = index + delta;
    if (target < 0 || target >= ids.length) return;
    [ids[index], ids[target]] = [ids[target] as string, ids[index] as string];
    reorder.mutate(ids, {
      onError: (error) =>
        toast({
          title: 'Erreur',
          description: errorMessage(error, 'Impossible de réordonner'),
          variant: 'destructive',
        }),
    });
  };

  const onDelete = (photo: PhotoMeta) =>
    remove.mutate(photo.id, {
      onSuccess: () => toast({ title: 'Photo supprimée', description: photo.filename }),
      onError: (error) =>
        toast({ title: 'Erreur', description: errorMessage(error, 'Suppression impossible'), variant: 'destructive' }),
    });

  return (
    <div className="space-y-3" data-testid="photo-gallery">
      {photos.length === 0 && <p className="text-sm text-muted-foreground">Aucune photo pour cette fiche.</p>}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {photos.map((photo, index) => (
          <li key={photo.id} className="overflow-hidden rounded-md border bg-muted/30">
            <img
              src={photo.url}
              alt={index === 0 ? `Photo principale : ${photo.filename}` : photo.filename}
              className="aspect-square w-full object-cover"
              loading="lazy"
            />
            {canWrite && (
              <div className="flex items-center justify-between gap-1 p-1">
                <div className="flex gap-1">
                  <Button
                    type="button"
                    size="icon"
                    variant="ghost"
                    aria-label="Déplacer avant"
                    disabled={index === 0 || reorder.isPending}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowLeft aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    size="icon"
                    variant="ghost"
                    aria-label="Déplacer après"
                    disabled={index === photos.length - 1 || reorder.isPending}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowRight aria-hidden="true" />
                  </Button>
                </div>
                <ConfirmButton
                  size="icon"
                  variant="ghost"
                  aria-label={`Supprimer ${photo.filename}`}
                  title="Supprimer la photo ?"
                  description={`La photo « ${photo.filename} » sera supprimée définitivement.`}
                  confirmLabel="Supprimer"
                  onConfirm={() => onDelete(photo)}
                >
                  <Trash2 aria-hidden="true" />
                </ConfirmButton>
              </div>
            )}
          </li>
        ))}
      </ul>
      {canWrite && (
        <div className="space-y-1">
          <input
            ref={inputRef}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            className="sr-only"
            id="product-photo-input"
            aria-label="Photos du produit"
            tabIndex={-1}
            data-testid="photo-input"
            onChange={(e) => void onFiles(e.target.files)}
          />
          <Button
            type="button"
            variant="outline"
            disabled={upload.isPending || photos.length >= PRODUCT_PHOTOS_MAX}
            onClick={() => inputRef.current?.click()}
          >
            <ImagePlus aria-hidden="true" />
            {upload.isPending ? 'Envoi…' : 'Ajouter des photos'}
          </Button>
          <p className="text-xs text-muted-foreground">
            JPEG, PNG ou WebP, 5 Mo maximum, {PRODUCT_PHOTOS_MAX} photos au plus. La première est la photo principale.
          </p>
          {uploadError && (
            <p role="alert" className="text-sm text-destructive">
              {uploadError}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
