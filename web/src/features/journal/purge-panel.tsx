import { useState } from 'react';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { usePurgeJournal } from './journal-api';

/** Purge entries older than N days (journal W: superadmin only per the matrix), with confirmation. */
export function PurgePanel() {
  const [days, setDays] = useState('90');
  const [confirming, setConfirming] = useState(false);
  const purge = usePurgeJournal();
  const n = Number(days);
  const valid = Number.isInteger(n) && n >= 1 && n <= 3650;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="grid gap-1">
        <Label htmlFor="purge-days">Purger les entrées de plus de (jours)</Label>
        <Input
          id="purge-days"
          type="number"
          min={1}
          max={3650}
          value={days}
          onChange={(e) => setDays(e.target.value)}
          className="w-32"
          aria-invalid={valid ? undefined : true}
        />
      </div>
      <Button variant="outline" disabled={!valid} onClick={() => setConfirming(true)}>
        Purger
      </Button>
      {!valid && <p className="w-full text-xs text-destructive">Entre 1 et 3650 jours.</p>}
      <ConfirmDialog
        open={confirming}
        title={`Supprimer les entrées de plus de ${n} jours ?`}
        description="Elles seront définitivement effacées du journal. Cette action est tracée."
        confirmLabel="Purger"
        destructive
        onOpenChange={setConfirming}
        onConfirm={() =>
          purge.mutateAsync(n).then(
            (a) => {
              setConfirming(false);
              toast({ title: 'Journal purgé', description: `${a.deleted} entrée(s) supprimée(s)` });
            },
            (e: Error) => {
              setConfirming(false);
              toast({
                title: 'Purge impossible',
                description: e instanceof ApiError ? e.serverMessage : e.message,
                variant: 'destructive',
              });
            },
          )
        }
      />
    </div>
  );
}
