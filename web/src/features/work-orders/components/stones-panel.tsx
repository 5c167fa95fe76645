import { useId, useState, type FormEvent } from 'react';
import { formatNumber } from '@shared/format';
import { workOrderStoneMovementSchema } from '@shared/schemas/work-orders';
import { SELECT_CLASS } from '@/components/form/field-classes';
import { FormField } from '@/components/form/form-field';
import { NumberInput } from '@/components/form/number-input';
import { StonePicker } from '@/components/form/stone-picker';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { ApiError, isUnauthenticated } from '@/lib/api-client';
import { useAddStoneMovement } from '../api/add-stone-movement';
import { useStoneMovements } from '../api/list-stone-movements';
import { formatDateTime } from '../lib/display';
import { ScrollRegion } from './scroll-region';

type Fields = { kind: 'issue' | 'return'; stoneId: string; quantity: string };

/** A quantity as typed back in French, without its sign: "12,5", whole numbers without decimals. */
function formatQuantity(value: string): string {
  const n = Math.abs(Number(value));
  return Number.isInteger(n) ? formatNumber(n, 0) : formatNumber(n, 3).replace(/0+$/, '');
}

/** Stones and components taken from stock for the order (or given back): the form for write roles, the movements. */
export function StonesPanel({ orderId, canWrite }: { orderId: string; canWrite: boolean }) {
  const movements = useStoneMovements(orderId);
  const add = useAddStoneMovement(orderId);
  const [fields, setFields] = useState<Fields>({ kind: 'issue', stoneId: '', quantity: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const stoneId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = workOrderStoneMovementSchema.safeParse(fields);
    if (!parsed.success) {
      const next: Partial<Record<keyof Fields, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Fields] ??= issue.message;
      setErrors(next);
      return;
    }
    try {
      await add.mutateAsync(parsed.data);
      setFields((f) => ({ ...f, quantity: '' }));
      setErrors({});
      toast({ title: fields.kind === 'issue' ? 'Pierre sortie du stock' : 'Pierre rendue au stock' });
    } catch (error) {
      if (isUnauthenticated(error)) return;
      const fieldErrors = error instanceof ApiError ? (error.fieldErrors ?? {}) : {};
      const next: Partial<Record<keyof Fields, string>> = {};
      for (const key of ['kind', 'stoneId', 'quantity'] as const)
        if (fieldErrors[key]?.[0]) next[key] = fieldErrors[key][0];
      if (Object.keys(next).length) {
        setErrors(next);
        return;
      }
      toast({
        variant: 'destructive',
        title: 'Mouvement impossible',
        description: error instanceof ApiError ? error.serverMessage : undefined,
      });
    }
  };

  const items = movements.data ?? [];
  return (
    <Card data-testid="work-order-stones">
      <CardHeader className="p-4 sm:p-6">
        <CardTitle>Pierres et composants</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        {canWrite ? (
          <form
            onSubmit={(e) => void submit(e)}
            noValidate
            aria-label="Mouvement de pierres"
            className="grid gap-3 rounded-lg border p-3 md:grid-cols-[10rem_1fr_8rem_auto] md:items-end"
          >
            <FormField label="Mouvement" error={errors.kind}>
              <select
                className={SELECT_CLASS}
                value={fields.kind}
                onChange={(e) => setFields((f) => ({ ...f, kind: e.target.value === 'return' ? 'return' : 'issue' }))}
              >
                <option value="issue">Sortie du stock</option>
                <option value="return">Retour au stock</option>
              </select>
            </FormField>
            <div className="flex min-w-0 flex-col gap-1.5">
              <label htmlFor={stoneId} className="text-sm font-medium">
                Pierre ou composant
              </label>
              <StonePicker
                id={stoneId}
                value={fields.stoneId}
                invalid={Boolean(errors.stoneId)}
                onChange={(id) => setFields((f) => ({ ...f, stoneId: id }))}
              />
              {errors.stoneId ? (
                <p role="alert" className="text-xs font-medium text-destructive">
                  {errors.stoneId}
                </p>
              ) : null}
            </div>
            <FormField label="Quantité" error={errors.quantity}>
              <NumberInput
                value={fields.quantity}
                onChange={(e) => setFields((f) => ({ ...f, quantity: e.target.value }))}
              />
            </FormField>
            <Button type="submit" variant="outline" disabled={add.isPending}>
              Enregistrer
            </Button>
          </form>
        ) : null}
        {movements.isError ? (
          <div role="alert" className="flex items-center gap-2 text-sm">
            Impossible de charger les mouvements de pierres.
            <Button variant="outline" size="sm" onClick={() => void movements.refetch()}>
              Réessayer
            </Button>
          </div>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {movements.isPending ? 'Chargement…' : 'Aucune pierre sortie pour cet ordre.'}
          </p>
        ) : (
          <ScrollRegion label="Mouvements de pierres">
            <table className="w-full min-w-[32rem] text-sm" data-testid="stone-movements">
              <thead>
                <tr className="border-b text-left text-xs text-muted-foreground">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Date
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Mouvement
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Pierre ou composant
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Quantité
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Par
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((m) => (
                  <tr key={m.id} className="border-b last:border-0">
                    <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(m.at)}</td>
                    <td className="py-2 pr-3">{m.kind.startsWith('return') ? 'Retour au stock' : 'Sortie du stock'}</td>
                    <td className="py-2 pr-3">{m.stoneName}</td>
                    <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">
                      {formatQuantity(m.quantity)} {m.unit}
                    </td>
                    <td className="py-2">{m.userName || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </CardContent>
    </Card>
  );
}
