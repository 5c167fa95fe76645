import { useId, useRef, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { ImagePlus, X } from 'lucide-react';
import { goldBuyPhotoUrl, type GoldBuyCreateInput } from '@shared/schemas/gold-buys';
import type { PhotoUploadInput } from '@shared/schemas/photos';
import { photoFileError, readAsBase64 } from '@/components/photos/photo-file';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { ApiError, isUnauthenticated } from '@/lib/api-client';
import { useUploadGoldBuyImage } from '../api/gold-buys-api';
import type { GoldBuyFormValues } from '../lib/gold-buy-form';

type Form = UseFormReturn<GoldBuyFormValues, unknown, GoldBuyCreateInput>;

/**
 * The optional photo of one item. The image goes to the draft at once; the item refers to it once the draft
 * is saved (a photo no item refers to is dropped at the next save). A new purchase is saved first.
 */
export function ItemPhotoField({ form, index, goldBuyId }: { form: Form; index: number; goldBuyId?: string }) {
  const photoId = useWatch({ control: form.control, name: `items.${index}.photoId` });
  const upload = useUploadGoldBuyImage(goldBuyId ?? '', 'photos');
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);

  if (!goldBuyId)
    return (
      <p className="text-xs text-muted-foreground sm:col-span-2 lg:col-span-4">
        Photo de l’objet : enregistrez d’abord le brouillon pour en ajouter une.
      </p>
    );

  const onFile = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    const problem = photoFileError(file);
    if (problem) {
      setError(`${file.name} : ${problem}`);
      return;
    }
    try {
      const meta = await upload.mutateAsync({
        filename: file.name,
        contentType: file.type as PhotoUploadInput['contentType'],
        dataBase64: await readAsBase64(file),
      });
      form.setValue(`items.${index}.photoId`, meta.id, { shouldDirty: true });
      toast({ title: 'Photo ajoutée', description: 'Enregistrez le brouillon pour la garder avec l’objet.' });
    } catch (e) {
      if (isUnauthenticated(e)) return;
      const message = e instanceof ApiError ? e.serverMessage : 'Impossible d’ajouter la photo';
      setError(`${file.name} : ${message}`);
    } finally {
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-4" data-testid="item-photo-field">
      {photoId ? (
        <img
          src={goldBuyPhotoUrl(goldBuyId, photoId)}
          alt={`Photo de l’objet ${index + 1}`}
          className="size-16 rounded-md border object-cover"
          data-testid="item-photo-preview"
        />
      ) : null}
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="sr-only"
        tabIndex={-1}
        aria-label={`Photo de l’objet ${index + 1}`}
        data-testid="item-photo-input"
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={upload.isPending}
        onClick={() => inputRef.current?.click()}
      >
        <ImagePlus aria-hidden="true" />
        {upload.isPending ? 'Envoi…' : photoId ? 'Remplacer la photo' : 'Ajouter une photo'}
      </Button>
      {photoId ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => form.setValue(`items.${index}.photoId`, '', { shouldDirty: true })}
        >
          <X aria-hidden="true" />
          Retirer la photo
        </Button>
      ) : null}
      <span className="text-xs text-muted-foreground">Facultative : JPEG, PNG ou WebP, 5 Mo maximum.</span>
      {error ? (
        <p role="alert" className="w-full text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
