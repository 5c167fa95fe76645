import { useId, useRef, useState } from 'react';
import { ArrowLeft, ArrowRight, ImagePlus, Trash2 } from 'lucide-react';
import type { PhotoMeta, PhotoUploadInput } from '@shared/schemas/photos';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { photoFileError, readAsBase64 } from './photo-file';

function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const field = error.fieldErrors ? Object.values(error.fieldErrors).flat()[0] : undefined;
    return field ?? error.serverMessage;
  }
  return fallback;
}

/** What the gallery calls on the server: the record's photo mutations (TanStack Query). */
export interface PhotoActions {
  upload: { mutateAsync: (upload: PhotoUploadInput) => Promise<unknown>; isPending: boolean };
  remove: { mutateAsync: (photoId: string) => Promise<unknown> };
  /** Reordering (the first photo is the main one); without it the photos keep their upload order. */
  reorder?: {
    mutate: (photoIds: string[], options: { onError: (error: unknown) => void }) => void;
    isPending: boolean;
  };
}

/**
 * Photos of a record (product sheet, project): upload (JPEG/PNG/WebP, 5 Mo), delete with confirmation and,
 * when the record orders them, reorder (first = main photo).
 */
export function PhotoGallery({
  photos,
  canWrite,
  actions,
  maxPhotos,
  inputLabel,
  emptyText,
  addLabel = 'Ajouter des photos',
}: {
  photos: PhotoMeta[];
  canWrite: boolean;
  actions: PhotoActions;
  maxPhotos: number;
  /** The accessible name of the file input ("Photos du produit"). */
  inputLabel: string;
  emptyText: string;
  addLabel?: string;
}) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<PhotoMeta | null>(null);
  const { upload, remove, reorder } = actions;

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
        await upload.mutateAsync({
          filename: file.name,
          contentType: file.type as PhotoUploadInput['contentType'],
          dataBase64,
        });
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
    if (!reorder) return;
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

  const onDelete = async (photo: PhotoMeta) => {
    try {
      await remove.mutateAsync(photo.id);
      toast({ title: 'Photo supprimée', description: photo.filename });
    } catch (error) {
      toast({ title: 'Erreur', description: errorMessage(error, 'Suppression impossible'), variant: 'destructive' });
    }
    setToDelete(null);
  };

  return (
    <div className="space-y-3" data-testid="photo-gallery">
      {photos.length === 0 && <p className="text-sm text-muted-foreground">{emptyText}</p>}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {photos.map((photo, index) => (
          <li key={photo.id} className="overflow-hidden rounded-md border bg-muted/30">
            <img
              src={photo.url}
              alt={reorder && index === 0 ? `Photo principale : ${photo.filename}` : photo.filename}
              className="aspect-square w-full object-cover"
              loading="lazy"
            />
            {canWrite && (
              <div className="flex items-center justify-between gap-1 p-1">
                {reorder ? (
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
                ) : (
                  <span className="truncate px-1 text-xs text-muted-foreground">{photo.filename}</span>
                )}
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  aria-label={`Supprimer ${photo.filename}`}
                  onClick={() => setToDelete(photo)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
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
            id={inputId}
            aria-label={inputLabel}
            tabIndex={-1}
            data-testid="photo-input"
            onChange={(e) => void onFiles(e.target.files)}
          />
          <Button
            type="button"
            variant="outline"
            disabled={upload.isPending || photos.length >= maxPhotos}
            onClick={() => inputRef.current?.click()}
          >
            <ImagePlus aria-hidden="true" />
            {upload.isPending ? 'Envoi…' : addLabel}
          </Button>
          <p className="text-xs text-muted-foreground">
            JPEG, PNG ou WebP, 5 Mo maximum, {maxPhotos} photos au plus.
            {reorder ? ' La première est la photo principale.' : ''}
          </p>
          {uploadError && (
            <p role="alert" className="text-sm text-destructive">
              {uploadError}
            </p>
          )}
        </div>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title="Supprimer la photo ?"
        description={toDelete ? `La photo « ${toDelete.filename} » sera supprimée définitivement.` : ''}
        confirmLabel="Supprimer"
        destructive
        onConfirm={() => (toDelete ? onDelete(toDelete) : undefined)}
      />
    </div>
  );
}
