import { useState } from 'react';
import { normalizeIntegerText } from '@shared/decimal-input';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { Button } from '@/components/ui/button';
import { NumberInput } from '@/components/form/number-input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { usePurgeJournal } from './journal-api';

/** Purge entries older than N days (journal W: superadmin only per the matrix), with confirmation. */
export function PurgePanel() {
  const [days, setDays] = useState('90');
  const [confirming, setConfirming] = useState(false);
  const purge = usePurgeJournal();
  const whole = normalizeIntegerText(days);
  const n = whole ? Number(whole) : Number.NaN;
  const valid = Number.isInteger(n) && n >= 1 && n <= 3650;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="grid gap-1">
        <Label htmlFor="purge-days">Purger les entrées de plus de (jours)</Label>
        <NumberInput
          id="purge-days"
          integer
          value={days}
          onChange={(e) => setDays(e.target.value)}
          className="w-32"
          aria-invalid={valid ? undefined : true}
          aria-describedby={valid ? undefined : 'purge-days-error'}
        />
      </div>
      <Button variant="outline" disabled={!valid} onClick={() => setConfirming(true)}>
        Purger
      </Button>
      {!valid && (
        <p id="purge-days-error" role="alert" className="w-full text-xs text-destructive">
          Nombre entier de jours entre 1 et 3650.
        </p>
      )}
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
