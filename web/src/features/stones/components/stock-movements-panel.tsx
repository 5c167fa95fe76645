import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatEuro } from '@shared/format';
import {
  formatStockQuantity,
  MANUAL_STOCK_MOVEMENT_KINDS,
  STOCK_MOVEMENT_KIND_LABELS,
  stockMovementInputSchema,
  type StockMovement,
  type StockMovementInput,
  type Stone,
} from '@shared/schemas/stones';
import { applyServerErrors } from '@/components/form/apply-server-errors';
import { FormField, nativeControlClass } from '@/components/form/form-field';
import { NumberInput } from '@/components/form/number-input';
import { useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/features/admin-shared/format-date';
import { ApiError } from '@/lib/api-client';
import { STOCK_MOVEMENTS_PAGE_SIZE, useRecordStockMovement, useStockMovements } from '../api/stock-movements';

interface MovementFormValues {
  kind: string;
  quantity: string;
  reason: string;
}

const EMPTY: MovementFormValues = { kind: 'in', quantity: '', reason: '' };

/** "+12,5 ct", "−2 pièces": a movement's quantity as it affects stock. */
function signedQuantity(m: Pick<StockMovement, 'quantity' | 'unit'>): string {
  const text = formatStockQuantity(m.quantity, m.unit);
  return m.quantity.startsWith('-') ? `−${text.slice(1)}` : `+${text}`;
}

/** The stock value at cost, or why there is none. */
function stockValue(stone: Stone): string {
  if (stone.stockValueEur !== null) return formatEuro(stone.stockValueEur);
  if (stone.unitCost === null) return 'Coût unitaire non renseigné';
  return 'Cours USD/EUR indisponible';
}

/** "Enregistrer un mouvement": an entry, an adjustment (reason required) or a sale. */
function MovementForm({ stone }: { stone: Stone }) {
  const record = useRecordStockMovement(stone.id);
  const form = useZodForm<MovementFormValues, StockMovementInput>(stockMovementInputSchema, EMPTY);
  const { register, formState, watch, reset, handleSubmit } = form;
  const kind = watch('kind');
  const err = (name: keyof MovementFormValues) => formState.errors[name]?.message;
  const unit = stone.stockUnit === 'ct' ? 'ct' : 'pièces';

  const onSubmit = handleSubmit(async (input) => {
    try {
      const result = await record.mutateAsync(input);
      reset({ ...EMPTY, kind: input.kind });
      toast({
        title: 'Mouvement enregistré',
        description: `${STOCK_MOVEMENT_KIND_LABELS[input.kind]} : ${signedQuantity(result.movement)} · en stock ${formatStockQuantity(result.stone.stockQuantity, result.stone.stockUnit)}`,
      });
    } catch (error) {
      if (applyServerErrors(form, error)) return;
      toast({
        title: 'Mouvement non enregistré',
        description: error instanceof ApiError ? error.serverMessage : 'Erreur inattendue',
        variant: 'destructive',
      });
    }
  });

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label="Enregistrer un mouvement de stock"
      className="grid gap-3 rounded-md border bg-muted/30 p-3 sm:grid-cols-[10rem_10rem_1fr_auto] sm:items-start"
    >
      <FormField label="Type" error={err('kind')}>
        <select className={`${nativeControlClass} h-9`} {...register('kind')}>
          {MANUAL_STOCK_MOVEMENT_KINDS.map((k) => (
            <option key={k} value={k}>
              {STOCK_MOVEMENT_KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        label={`Quantité (${unit})`}
        required
        error={err('quantity')}
        description={kind === 'adjustment' ? 'négative pour retirer, ex. -2' : undefined}
      >
        <NumberInput
          allowNegative={kind === 'adjustment'}
          integer={stone.stockUnit === 'pc'}
          {...register('quantity')}
        />
      </FormField>
      <FormField
        label="Motif"
        required={kind === 'adjustment'}
        error={err('reason')}
        description={kind === 'adjustment' ? 'obligatoire pour un ajustement (inventaire, casse…)' : undefined}
      >
        <Input autoComplete="off" {...register('reason')} />
      </FormField>
      <Button type="submit" className="sm:mt-6" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Enregistrement…' : 'Enregistrer le mouvement'}
      </Button>
    </form>
  );
}

function WorkOrderLink({ movement }: { movement: StockMovement }) {
  if (!movement.workOrderId) return <>—</>;
  return (
    <Link to={`/work-orders/${movement.workOrderId}`} className="underline-offset-4 hover:underline">
      {movement.workOrderNumber ?? 'Ordre de fabrication'}
    </Link>
  );
}

/** On a phone: one block per movement (a six-column table does not fit 375 px). */
function MovementCards({ items }: { items: StockMovement[] }) {
  return (
    <ol className="flex flex-col divide-y text-sm sm:hidden" aria-label="Mouvements de stock">
      {items.map((m) => (
        <li key={m.id} className="flex flex-col gap-0.5 py-2" data-testid="stock-movement-card">
          <div className="flex items-baseline justify-between gap-2">
            <span className="font-medium">{STOCK_MOVEMENT_KIND_LABELS[m.kind]}</span>
            <span className={`tabular-nums ${m.quantity.startsWith('-') ? 'text-destructive' : ''}`}>
              {signedQuantity(m)}
            </span>
          </div>
          <p className="text-xs text-muted-foreground">
            <time dateTime={m.at}>{formatDateTime(m.at)}</time>
            {m.userName ? ` · ${m.userName}` : ''}
          </p>
          {m.reason ? <p className="break-words">{m.reason}</p> : null}
          {m.workOrderId ? (
            <p className="text-xs">
              OF : <WorkOrderLink movement={m} />
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function MovementRows({ items }: { items: StockMovement[] }) {
  return (
    <div className="hidden overflow-x-auto sm:block">
      <table className="w-full min-w-[36rem] text-sm" data-testid="stock-movements">
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th scope="col" className="py-2 pr-3 font-medium">
              Date
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Type
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Quantité
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Par
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Motif
            </th>
            <th scope="col" className="py-2 font-medium">
              OF
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((m) => (
            <tr key={m.id} className="border-b last:border-0" data-testid="stock-movement">
              <td className="py-2 pr-3 whitespace-nowrap">
                <time dateTime={m.at}>{formatDateTime(m.at)}</time>
              </td>
              <td className="py-2 pr-3">{STOCK_MOVEMENT_KIND_LABELS[m.kind]}</td>
              <td
                className={`py-2 pr-3 text-right whitespace-nowrap tabular-nums ${m.quantity.startsWith('-') ? 'text-destructive' : ''}`}
              >
                {signedQuantity(m)}
              </td>
              <td className="py-2 pr-3">{m.userName || '—'}</td>
              <td className="py-2 pr-3 break-words">{m.reason ?? '—'}</td>
              <td className="py-2 whitespace-nowrap">
                <WorkOrderLink movement={m} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * "Mouvements de stock" on a stone's page: the quantity on hand (the sum of the movements) and its value at
 * cost in EUR, the history newest first, and, for the roles that write the catalogue, the form recording an
 * entry, an adjustment or a sale. Issues to and returns from a work order come from the work order.
 */
export function StockMovementsPanel({ stone, canWrite }: { stone: Stone; canWrite: boolean }) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const history = useStockMovements(stone.id, page);
  const total = history.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / STOCK_MOVEMENTS_PAGE_SIZE));

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border bg-card p-4"
      data-testid="stock-panel"
    >
      <h2 id={headingId} className="font-semibold">
        Mouvements de stock
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-xs text-muted-foreground">En stock</dt>
          <dd className="text-lg font-semibold tabular-nums" data-testid="stock-on-hand">
            {formatStockQuantity(stone.stockQuantity, stone.stockUnit)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Valeur du stock (au coût)</dt>
          <dd className="text-lg font-semibold tabular-nums" data-testid="stock-value">
            {stockValue(stone)}
          </dd>
        </div>
      </dl>
      {canWrite && !stone.archivedAt ? <MovementForm stone={stone} /> : null}
      {history.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm">
          <p>Impossible de charger les mouvements.</p>
          <Button variant="outline" size="sm" onClick={() => void history.refetch()}>
            Réessayer
          </Button>
        </div>
      ) : !history.data ? (
        <Skeleton className="h-24 w-full" />
      ) : total === 0 ? (
        <p className="text-sm text-muted-foreground">Aucun mouvement de stock.</p>
      ) : (
        <>
          <MovementRows items={history.data.items} />
          <MovementCards items={history.data.items} />
          {pages > 1 ? (
            <div className="flex items-center justify-between gap-2 text-sm">
              <span className="text-muted-foreground">
                {total} mouvements · page {page} sur {pages}
              </span>
              <div className="flex gap-2">
                <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  Précédent
                </Button>
                <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                  Suivant
                </Button>
              </div>
            </div>
          ) : null}
        </>
      )}
      <p className="text-xs text-muted-foreground">
        La quantité en stock est la somme des mouvements ; les sorties vers un OF et les retours se font depuis l’ordre
        de fabrication. Quantités en {stone.stockUnit === 'ct' ? 'carats' : 'pièces'}.
      </p>
    </section>
  );
}
