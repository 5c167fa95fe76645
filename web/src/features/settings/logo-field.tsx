import { useRef, useState } from 'react';
import { ImageUp, Trash2 } from 'lucide-react';
import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES, type SettingsAnswer } from '@shared/schemas/settings';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useDeleteLogo, useUploadLogo } from './settings-api';

function messageOf(error: Error): string {
  return error instanceof ApiError ? error.serverMessage : error.message;
}

/** The organization's logo: preview, upload (PNG, JPEG, WebP, 512 Ko max), removal with confirmation. */
export function LogoField({ logo, canWrite }: { logo: SettingsAnswer['logo']; canWrite: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadLogo();
  const remove = useDeleteLogo();
  const [confirming, setConfirming] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  // A new URL after each upload so the browser does not show its cached copy.
  const [stamp, setStamp] = useState(0);
  const shown = preview ?? (logo ? `${logo.url}?v=${stamp}` : null);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    if (!(LOGO_CONTENT_TYPES as readonly string[]).includes(file.type)) {
      toast({ title: 'Logo refusé', description: 'Formats acceptés : PNG, JPEG ou WebP', variant: 'destructive' });
      return;
    }
    if (file.size > LOGO_MAX_BYTES) {
      toast({ title: 'Logo refusé', description: 'Le fichier dépasse 512 Ko', variant: 'destructive' });
      return;
    }
    const local = URL.createObjectURL(file);
    setPreview(local);
    upload.mutate(file, {
      onSuccess: () => {
        setStamp(Date.now());
        toast({ title: 'Logo enregistré', description: 'Il figurera sur vos devis et contrats' });
      },
      onError: (e) => toast({ title: 'Logo refusé', description: messageOf(e), variant: 'destructive' }),
      onSettled: () => {
        setPreview(null);
        URL.revokeObjectURL(local);
        if (input.current) input.current.value = '';
      },
    });
  };

  return (
    <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
      <div className="flex size-24 items-center justify-center overflow-hidden rounded-md border bg-muted">
        {shown ? (
          <img src={shown} alt="Logo de l'organisation" className="max-h-full max-w-full object-contain" />
        ) : (
          <span className="text-xs text-muted-foreground">Aucun logo</span>
        )}
      </div>
      {canWrite && (
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            accept={LOGO_CONTENT_TYPES.join(',')}
            className="sr-only"
            id="settings-logo"
            aria-label="Fichier du logo"
            tabIndex={-1}
            onChange={(e) => onFile(e.target.files?.[0])}
          />
          <Button type="button" variant="outline" disabled={upload.isPending} onClick={() => input.current?.click()}>
            <ImageUp aria-hidden="true" />
            {logo ? 'Changer le logo' : 'Ajouter un logo'}
          </Button>
          {logo && (
            <Button type="button" variant="ghost" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden="true" />
              Retirer
            </Button>
          )}
          <p className="w-full text-xs text-muted-foreground">PNG, JPEG ou WebP, 512 Ko au plus.</p>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="Retirer le logo ?"
        description="Les prochains documents seront édités sans logo."
        confirmLabel="Retirer"
        destructive
        onOpenChange={setConfirming}
        onConfirm={() =>
          remove.mutateAsync().then(
            () => {
              setConfirming(false);
              toast({ title: 'Logo retiré', description: "L'organisation n'a plus de logo" });
            },
            (e: Error) => {
              setConfirming(false);
              toast({ title: 'Suppression impossible', description: messageOf(e), variant: 'destructive' });
            },
          )
        }
      />
    </div>
  );
}
