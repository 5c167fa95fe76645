import { useId, useState, type FormEvent } from 'react';
import { AlertTriangle } from 'lucide-react';
import { metalMovementInputSchema, type MetalBalance, type WorkOrderDetail } from '@shared/schemas/work-orders';
import { SELECT_CLASS } from '@/components/form/field-classes';
import { FormField } from '@/components/form/form-field';
import { NumberInput } from '@/components/form/number-input';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { ApiError, isUnauthenticated } from '@/lib/api-client';
import { useAlloys } from '@/lib/reference-data';
import { useAddMetalMovement } from '../api/add-metal-movement';
import { useSubcontractors } from '../api/pickers';
import { formatDateTime, formatGrams, formatPct } from '../lib/display';
import { ScrollRegion } from './scroll-region';

type Kind = 'issue' | 'return';
type Fields = Record<'alloyId' | 'weightG' | 'pieceG' | 'filingsG' | 'scrapG' | 'supplierId', string>;
const EMPTY: Fields = { alloyId: '', weightG: '', pieceG: '', filingsG: '', scrapG: '', supplierId: '' };

/** "Perte au-dessus du seuil de 3 %": in words and with an icon, not by colour alone. */
export function LossFlag({ thresholdPct }: { thresholdPct: string }) {
  return (
    <span
      className="inline-flex items-center gap-1 rounded-md border border-red-600/50 bg-red-500/10 px-2 py-0.5 text-xs font-semibold text-red-800 dark:text-red-200"
      data-testid="loss-flag"
    >
      <AlertTriangle className="size-3" aria-hidden="true" />
      Perte au-dessus du seuil de {formatPct(thresholdPct).replace(/,00 %$/, ' %')}
    </span>
  );
}

/** Metal per alloy: issued, returned, lost (g and %), still in the workshop; a loss above the threshold is flagged. */
export function MetalBalanceTable({
  rows,
  thresholdPct,
  caption,
}: {
  rows: MetalBalance[];
  thresholdPct: string;
  caption: string;
}) {
  return (
    <ScrollRegion label={caption}>
      <table className="w-full min-w-[36rem] text-sm" data-testid="metal-balance">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th scope="col" className="py-2 pr-3 font-medium">
              Alliage
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Sorti
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Rendu
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Perdu
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Perte %
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              En atelier
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((b) => (
            <tr key={b.alloyId} className="border-b last:border-0" data-testid="metal-balance-row">
              <th scope="row" className="py-2 pr-3 text-left font-medium">
                <div className="flex flex-wrap items-center gap-2">
                  {b.alloyName}
                  {b.lossFlagged ? <LossFlag thresholdPct={thresholdPct} /> : null}
                </div>
              </th>
              <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">{formatGrams(b.issuedG)}</td>
              <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">{formatGrams(b.returnedG)}</td>
              <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">{formatGrams(b.lostG)}</td>
              <td
                className={`py-2 pr-3 text-right whitespace-nowrap tabular-nums ${b.lossFlagged ? 'font-semibold text-red-700 dark:text-red-300' : ''}`}
              >
                {formatPct(b.lossPct)}
              </td>
              <td className="py-2 text-right whitespace-nowrap tabular-nums">{formatGrams(b.inWorkshopG)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** One of the two movement forms: "Sortie de métal" or "Retour". */
function MovementForm({ orderId, kind }: { orderId: string; kind: Kind }) {
  const alloys = useAlloys();
  const suppliers = useSubcontractors();
  const add = useAddMetalMovement(orderId);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Fields>>({});
  const headingId = useId();
  const set = (name: keyof Fields, value: string) => setFields((f) => ({ ...f, [name]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body =
      kind === 'issue'
        ? { kind, alloyId: fields.alloyId, weightG: fields.weightG, supplierId: fields.supplierId }
        : {
            kind,
            alloyId: fields.alloyId,
            pieceG: fields.pieceG,
            filingsG: fields.filingsG,
            scrapG: fields.scrapG,
            supplierId: fields.supplierId,
          };
    const parsed = metalMovementInputSchema.safeParse(body);
    if (!parsed.success) {
      const next: Partial<Fields> = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as keyof Fields;
        next[name] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    try {
      await add.mutateAsync(parsed.data);
      setFields((f) => ({ ...EMPTY, alloyId: f.alloyId }));
      setErrors({});
      toast({ title: kind === 'issue' ? 'Sortie de métal enregistrée' : 'Retour de métal enregistré' });
    } catch (error) {
      if (isUnauthenticated(error)) return;
      if (error instanceof ApiError && error.fieldErrors) {
        const next: Partial<Fields> = {};
        for (const [key, list] of Object.entries(error.fieldErrors)) {
          if (key in EMPTY && list[0]) next[key as keyof Fields] = list[0];
        }
        if (Object.keys(next).length) {
          setErrors(next);
          return;
        }
      }
      toast({
        variant: 'destructive',
        title: 'Enregistrement impossible',
        description: error instanceof ApiError ? error.serverMessage : undefined,
      });
    }
  };

  const grams = (name: 'weightG' | 'pieceG' | 'filingsG' | 'scrapG', label: string) => (
    <FormField label={label} error={errors[name]} description={name === 'weightG' ? 'Par exemple 12,5' : undefined}>
      <NumberInput value={fields[name]} onChange={(e) => set(name, e.target.value)} />
    </FormField>
  );

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border p-3"
      data-testid={kind === 'issue' ? 'metal-issue-form' : 'metal-return-form'}
    >
      <h3 id={headingId} className="text-sm font-semibold">
        {kind === 'issue' ? 'Sortie de métal' : 'Retour'}
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Alliage" required error={errors.alloyId}>
          <select className={SELECT_CLASS} value={fields.alloyId} onChange={(e) => set('alloyId', e.target.value)}>
            <option value="">{alloys.isPending ? 'Chargement…' : 'Choisir un alliage…'}</option>
            {(alloys.data ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </FormField>
        {kind === 'issue' ? (
          grams('weightG', 'Poids sorti (g)')
        ) : (
          <>
            {grams('pieceG', 'Pièce (g)')}
            {grams('filingsG', 'Limaille (g)')}
            {grams('scrapG', 'Chutes (g)')}
          </>
        )}
        <FormField label="Sous-traitant (facultatif)" error={errors.supplierId}>
          <select
            className={SELECT_CLASS}
            value={fields.supplierId}
            onChange={(e) => set('supplierId', e.target.value)}
          >
            <option value="">Aucun (l’atelier)</option>
            {(suppliers.data ?? []).map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <Button type="submit" variant="outline" className="w-fit" disabled={add.isPending}>
        {kind === 'issue' ? 'Enregistrer la sortie' : 'Enregistrer le retour'}
      </Button>
    </form>
  );
}

/** What came back: the piece, filings and scrap of a return. */
function returnDetail(m: WorkOrderDetail['metal'][number]): string {
  if (m.kind === 'issue') return '—';
  const parts = [
    m.pieceG !== null ? `pièce ${formatGrams(m.pieceG)}` : null,
    m.filingsG !== null ? `limaille ${formatGrams(m.filingsG)}` : null,
    m.scrapG !== null ? `chutes ${formatGrams(m.scrapG)}` : null,
  ].filter(Boolean);
  return parts.join(', ') || '—';
}

/** The order's metal: issue and return forms (write roles), the movements, and the balance per alloy. */
export function MetalPanel({ order, canWrite }: { order: WorkOrderDetail; canWrite: boolean }) {
  const editable = canWrite && !order.archivedAt;
  return (
    <Card data-testid="work-order-metal">
      <CardHeader className="p-4 sm:p-6">
        <CardTitle>Métal</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        {editable ? (
          <div className="grid gap-4 lg:grid-cols-2">
            <MovementForm orderId={order.id} kind="issue" />
            <MovementForm orderId={order.id} kind="return" />
          </div>
        ) : null}
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">Bilan par alliage</h3>
          {order.metalBalance.length === 0 ? (
            <p className="text-sm text-muted-foreground">Aucun métal sorti pour cet ordre.</p>
          ) : (
            <MetalBalanceTable
              rows={order.metalBalance}
              thresholdPct={order.metalLossWarningPct}
              caption="Bilan du métal de l’ordre par alliage"
            />
          )}
          {order.metalBalance.length > 0 && order.status !== 'termine' ? (
            <p className="text-xs text-muted-foreground">
              La perte est comptée quand l’ordre est terminé ; d’ici là, l’écart entre sorti et rendu reste « en atelier
              ».
            </p>
          ) : null}
        </div>
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">Mouvements</h3>
          {order.metal.length === 0 ? (
            <p className="text-sm text-muted-foreground">Aucun mouvement.</p>
          ) : (
            <ScrollRegion label="Tableau des mouvements de métal">
              <table className="w-full min-w-[40rem] text-sm" data-testid="metal-movements">
                <thead>
                  <tr className="border-b text-left text-xs text-muted-foreground">
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Date
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Mouvement
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Alliage
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      Poids
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Détail
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Sous-traitant
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      Par
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {order.metal.map((m) => (
                    <tr key={m.id} className="border-b last:border-0">
                      <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(m.at)}</td>
                      <td className="py-2 pr-3">{m.kind === 'issue' ? 'Sortie' : 'Retour'}</td>
                      <td className="py-2 pr-3">{m.alloyName}</td>
                      <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">{formatGrams(m.weightG)}</td>
                      <td className="py-2 pr-3">{returnDetail(m)}</td>
                      <td className="py-2 pr-3">{m.supplierName ?? '—'}</td>
                      <td className="py-2">{m.userName || '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
