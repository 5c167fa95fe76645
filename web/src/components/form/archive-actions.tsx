import { useState } from 'react';
import { Archive, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { ConfirmDialog } from './confirm-dialog';

function errorText(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : error instanceof Error ? error.message : undefined;
}

/** "Archiver" (with confirmation) or "Restaurer" for a record of a référentiel, with success/failure toasts. */
export function ArchiveActions({
  archived,
  name,
  noun,
  archiveDescription,
  onArchive,
  onRestore,
  onArchived,
}: {
  archived: boolean;
  name: string;
  /** e.g. "ce fournisseur" */
  noun: string;
  archiveDescription?: string;
  onArchive: () => Promise<unknown>;
  onRestore: () => Promise<unknown>;
  onArchived?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (archived) {
    return (
      <Button
        variant="outline"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          onRestore()
            .then(() => toast({ title: 'Restauré', description: name }))
            .catch((e: unknown) =>
              toast({ variant: 'destructive', title: 'Restauration impossible', description: errorText(e) }),
            )
            .finally(() => setBusy(false));
        }}
      >
        <RotateCcw aria-hidden="true" />
        Restaurer
      </Button>
    );
  }
  return (
    <>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        <Archive aria-hidden="true" />
        Archiver
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Archiver ${noun} ?`}
        description={
          archiveDescription ??
          `${name} n’apparaîtra plus dans les listes. Son historique est conservé et vous pourrez le restaurer.`
        }
        confirmLabel="Archiver"
        destructive
        onConfirm={async () => {
          try {
            await onArchive();
            toast({ title: 'Archivé', description: name });
            setOpen(false);
            onArchived?.();
          } catch (e) {
            toast({ variant: 'destructive', title: 'Archivage impossible', description: errorText(e) });
          }
        }}
      />
    </>
  );
}
