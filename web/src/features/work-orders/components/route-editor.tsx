import { useId, useState, type ReactNode } from 'react';
import { AlertTriangle, ArrowDown, ArrowUp, Plus, RotateCcw, Trash2 } from 'lucide-react';
import { formatDateFr } from '@shared/format';
import { CONFLICT_MESSAGE } from '@shared/schemas/lists';
import {
  WORK_ORDER_STATUSES,
  WORK_ORDER_STATUS_LABELS,
  WORK_ORDER_STEPS_MAX,
  workOrderStepsSchema,
  type WorkOrderDetail,
  type WorkOrderStatus,
} from '@shared/schemas/work-orders';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { SELECT_CLASS } from '@/components/form/field-classes';
import { FormField } from '@/components/form/form-field';
import { NumberInput } from '@/components/form/number-input';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { ApiError, isUnauthenticated } from '@/lib/api-client';
import { useProductionSteps } from '@/lib/reference-data';
import { useAssignees } from '../api/list-assignees';
import { useSubcontractors } from '../api/pickers';
import { useSaveWorkOrderSteps } from '../api/save-steps';
import { formatMinutes } from '../lib/display';
import { moveRow, newRow, rowInput, rowOfStep, rowsChanged, type StepRow } from '../lib/step-rows';
import { WorkOrderStatusBadge } from './work-order-badges';

type RowErrors = Partial<Record<keyof StepRow, string>>;

/** The first message per step and field of a zod or server answer keyed "steps.<i>.<field>". */
function errorsByRow(entries: Array<[string, string]>): Record<number, RowErrors> {
  const out: Record<number, RowErrors> = {};
  for (const [path, message] of entries) {
    const match = /^steps\.(\d+)\.(\w+)$/.exec(path);
    if (!match) continue;
    const index = Number(match[1]);
    const field = match[2] as keyof StepRow;
    out[index] ??= {};
    out[index][field] ??= message;
  }
  return out;
}

function OutOfOrderFlag() {
  return (
    <span
      className="inline-flex items-center gap-1 rounded-md border border-amber-600/50 bg-amber-500/10 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:text-amber-200"
      data-testid="out-of-order"
    >
      <AlertTriangle className="size-3" aria-hidden="true" />
      Commencée avant la fin de l’étape précédente
    </span>
  );
}

/** A read-only fact of a step (who, when, time) for roles that do not edit the route. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/**
 * The order's route: its steps in order, taken from the production-steps référentiel. Write roles add, remove
 * (confirmed), reorder (up/down buttons), and set each step's status, worker (a user of the workshop or a
 * subcontractor with the dates and price per piece) and times; "Enregistrer les étapes" sends the whole route with
 * the version it was edited from. Someone else's save meanwhile (409) keeps what was typed and offers to reload.
 */
export function RouteEditor({
  order,
  canWrite,
  onReload,
}: {
  order: WorkOrderDetail;
  canWrite: boolean;
  /** Reads the order again; its answer, or undefined when it could not be read. */
  onReload: () => Promise<WorkOrderDetail | undefined>;
}) {
  const editable = canWrite && !order.archivedAt;
  const [base, setBase] = useState(order);
  const [rows, setRows] = useState<StepRow[]>(() => order.steps.map(rowOfStep));
  const [errors, setErrors] = useState<Record<number, RowErrors>>({});
  const [conflict, setConflict] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);
  const [adding, setAdding] = useState('');
  const save = useSaveWorkOrderSteps(order.id);
  const referential = useProductionSteps();
  const assignees = useAssignees(editable);
  const suppliers = useSubcontractors();
  const addId = useId();
  const dirty = rowsChanged(rows, base.steps);

  // A newer order (advanced, another save, a reload) replaces the route while nothing is being edited here.
  if (order.version > base.version && !dirty) {
    setBase(order);
    setRows(order.steps.map(rowOfStep));
    setErrors({});
    setConflict(false);
  }

  const update = (index: number, patch: Partial<StepRow>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  const add = () => {
    const step = referential.data?.items.find((s) => s.id === adding);
    if (!step) return;
    setRows((current) => [...current, newRow(step.id, step.name)]);
    setAdding('');
  };

  const move = (index: number, delta: -1 | 1) => {
    setRows((current) => moveRow(current, index, delta));
    setErrors({});
    // Focus follows the moved step's button (keyboard users keep their place).
    const target = index + delta;
    requestAnimationFrame(() => {
      const selector = `[data-step-index="${target}"] [data-move="${delta === -1 ? 'up' : 'down'}"]`;
      const button = document.querySelector<HTMLButtonElement>(selector);
      if (button && !button.disabled) button.focus();
      else document.querySelector<HTMLElement>(`[data-step-index="${target}"] [data-move]:not(:disabled)`)?.focus();
    });
  };

  const reload = async () => {
    setConflict(false);
    const next = (await onReload()) ?? order;
    setBase(next);
    setRows(next.steps.map(rowOfStep));
    setErrors({});
  };

  const submit = async () => {
    const body = { version: base.version, steps: rows.map(rowInput) };
    const parsed = workOrderStepsSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(errorsByRow(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      toast({
        variant: 'destructive',
        title: 'Les étapes contiennent des erreurs',
        description: 'Corrigez les champs signalés.',
      });
      return;
    }
    try {
      const saved = await save.mutateAsync(parsed.data);
      setBase(saved);
      setRows(saved.steps.map(rowOfStep));
      setErrors({});
      setConflict(false);
      toast({ title: 'Étapes enregistrées', description: saved.number });
    } catch (error) {
      if (isUnauthenticated(error)) return;
      if (error instanceof ApiError && error.status === 409 && !error.fieldErrors) {
        setConflict(true);
        return;
      }
      if (error instanceof ApiError && error.fieldErrors) {
        const entries = Object.entries(error.fieldErrors).flatMap(([key, list]) =>
          list[0] ? [[key, list[0]] as [string, string]] : [],
        );
        const mapped = errorsByRow(entries);
        setErrors(mapped);
        if (Object.keys(mapped).length) {
          toast({
            variant: 'destructive',
            title: 'Les étapes contiennent des erreurs',
            description: 'Corrigez les champs signalés.',
          });
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

  const removed = removing === null ? undefined : rows[removing];
  const supplierOptions = suppliers.data ?? [];
  const assigneeOptions = assignees.data ?? [];

  return (
    <Card data-testid="work-order-route">
      <CardHeader className="p-4 sm:p-6">
        <CardTitle>Étapes de fabrication</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        <UnsavedChangesGuard when={editable && dirty} />
        {conflict ? (
          <div
            role="alert"
            className="flex flex-col gap-2 rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
          >
            <span>
              {CONFLICT_MESSAGE} Vos saisies sont conservées ci-dessous ; recharger les remplace par la version
              enregistrée.
            </span>
            <Button variant="outline" size="sm" onClick={() => void reload()}>
              <RotateCcw aria-hidden="true" />
              Recharger
            </Button>
          </div>
        ) : null}
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Aucune étape.{editable ? ' Ajoutez les étapes de fabrication dans l’ordre où l’atelier les fera.' : ''}
          </p>
        ) : (
          <ol className="flex flex-col gap-3" aria-label="Étapes dans l’ordre">
            {rows.map((row, index) => {
              const e = errors[index] ?? {};
              const label = `Étape ${index + 1} : ${row.name}`;
              return (
                <li
                  key={row.key}
                  data-step-index={index}
                  data-testid="route-step"
                  aria-label={label}
                  className="flex flex-col gap-3 rounded-lg border p-3"
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-semibold">
                      {index + 1}
                    </span>
                    <span className="font-medium">{row.name}</span>
                    <WorkOrderStatusBadge status={row.status} />
                    {row.startedOutOfOrder ? <OutOfOrderFlag /> : null}
                    {row.id === null ? <span className="text-xs text-muted-foreground">(nouvelle)</span> : null}
                    {editable ? (
                      <div className="ml-auto flex items-center gap-1">
                        <Button
                          variant="ghost"
                          size="icon"
                          data-move="up"
                          aria-label={`Monter l’étape ${row.name}`}
                          disabled={index === 0}
                          onClick={() => move(index, -1)}
                        >
                          <ArrowUp aria-hidden="true" />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          data-move="down"
                          aria-label={`Descendre l’étape ${row.name}`}
                          disabled={index === rows.length - 1}
                          onClick={() => move(index, 1)}
                        >
                          <ArrowDown aria-hidden="true" />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Retirer l’étape ${row.name}`}
                          onClick={() => setRemoving(index)}
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      </div>
                    ) : null}
                  </div>
                  {editable ? (
                    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                      <FormField label="Statut" error={e.status}>
                        <select
                          className={SELECT_CLASS}
                          value={row.status}
                          onChange={(ev) => update(index, { status: ev.target.value as WorkOrderStatus })}
                        >
                          {WORK_ORDER_STATUSES.map((s) => (
                            <option key={s} value={s}>
                              {WORK_ORDER_STATUS_LABELS[s]}
                            </option>
                          ))}
                        </select>
                      </FormField>
                      <FormField label="Réalisée par">
                        <select
                          className={SELECT_CLASS}
                          value={row.worker}
                          onChange={(ev) => update(index, { worker: ev.target.value as StepRow['worker'] })}
                        >
                          <option value="none">Non attribuée</option>
                          <option value="internal">L’atelier (interne)</option>
                          <option value="supplier">Un sous-traitant</option>
                        </select>
                      </FormField>
                      {row.worker === 'internal' ? (
                        <FormField label="Responsable" error={e.assigneeId}>
                          <select
                            className={SELECT_CLASS}
                            value={row.assigneeId}
                            onChange={(ev) => update(index, { assigneeId: ev.target.value })}
                          >
                            <option value="">Choisir…</option>
                            {assigneeOptions.map((u) => (
                              <option key={u.id} value={u.id}>
                                {u.name}
                              </option>
                            ))}
                          </select>
                        </FormField>
                      ) : null}
                      {row.worker === 'supplier' ? (
                        <FormField label="Sous-traitant" error={e.supplierId}>
                          <select
                            className={SELECT_CLASS}
                            value={row.supplierId}
                            onChange={(ev) => update(index, { supplierId: ev.target.value })}
                          >
                            <option value="">Choisir…</option>
                            {supplierOptions.map((s) => (
                              <option key={s.value} value={s.value}>
                                {s.label}
                              </option>
                            ))}
                          </select>
                        </FormField>
                      ) : null}
                      {row.worker === 'supplier' ? (
                        <>
                          <FormField label="Envoyé le" error={e.sentOn}>
                            <Input
                              type="date"
                              value={row.sentOn}
                              onChange={(ev) => update(index, { sentOn: ev.target.value })}
                            />
                          </FormField>
                          <FormField label="Retour le" error={e.returnedOn}>
                            <Input
                              type="date"
                              value={row.returnedOn}
                              onChange={(ev) => update(index, { returnedOn: ev.target.value })}
                            />
                          </FormField>
                          <FormField label="Prix par pièce (€)" error={e.pricePerPiece}>
                            <NumberInput
                              value={row.pricePerPiece}
                              onChange={(ev) => update(index, { pricePerPiece: ev.target.value })}
                            />
                          </FormField>
                        </>
                      ) : null}
                      <FormField label="Temps prévu (min)" error={e.plannedMinutes}>
                        <NumberInput
                          integer
                          value={row.plannedMinutes}
                          onChange={(ev) => update(index, { plannedMinutes: ev.target.value })}
                        />
                      </FormField>
                      <FormField label="Temps passé (min)" error={e.actualMinutes}>
                        <NumberInput
                          integer
                          value={row.actualMinutes}
                          onChange={(ev) => update(index, { actualMinutes: ev.target.value })}
                        />
                      </FormField>
                      <FormField label="Note" error={e.note} className="sm:col-span-2">
                        <Input value={row.note} onChange={(ev) => update(index, { note: ev.target.value })} />
                      </FormField>
                    </div>
                  ) : (
                    <StepFacts order={order} index={index} />
                  )}
                </li>
              );
            })}
          </ol>
        )}
        {editable ? (
          <div className="flex flex-col gap-3 border-t pt-3 sm:flex-row sm:items-end sm:justify-between">
            <div className="flex flex-col gap-1.5 sm:flex-row sm:items-end sm:gap-2">
              <div className="flex flex-col gap-1.5">
                <label htmlFor={addId} className="text-sm font-medium">
                  Étape à ajouter
                </label>
                <select
                  id={addId}
                  className={`${SELECT_CLASS} sm:w-64`}
                  value={adding}
                  onChange={(ev) => setAdding(ev.target.value)}
                >
                  <option value="">{referential.isPending ? 'Chargement…' : 'Choisir une étape…'}</option>
                  {(referential.data?.items ?? []).map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </select>
              </div>
              <Button variant="outline" onClick={add} disabled={!adding || rows.length >= WORK_ORDER_STEPS_MAX}>
                <Plus aria-hidden="true" />
                Ajouter l’étape
              </Button>
            </div>
            <div className="flex flex-wrap gap-2">
              {dirty ? (
                <Button variant="ghost" onClick={() => void reload()} disabled={save.isPending}>
                  Annuler les modifications
                </Button>
              ) : null}
              <Button onClick={() => void submit()} disabled={!dirty || save.isPending}>
                {save.isPending ? 'Enregistrement…' : 'Enregistrer les étapes'}
              </Button>
            </div>
          </div>
        ) : null}
        <ConfirmDialog
          open={removed !== undefined}
          title="Retirer cette étape ?"
          description={
            removed ? `« ${removed.name} » sera retirée de l’ordre quand vous enregistrerez les étapes.` : undefined
          }
          confirmLabel="Retirer"
          destructive
          onOpenChange={(open) => {
            if (!open) setRemoving(null);
          }}
          onConfirm={() => {
            if (removing !== null) setRows((current) => current.filter((_, i) => i !== removing));
            setErrors({});
            setRemoving(null);
          }}
        />
      </CardContent>
    </Card>
  );
}

/** What a read-only role sees of a step: who does it, the subcontractor's dates, the times. */
function StepFacts({ order, index }: { order: WorkOrderDetail; index: number }) {
  const step = order.steps[index];
  if (!step) return null;
  return (
    <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Fact label="Réalisée par">{step.supplierName ?? step.assigneeName ?? 'Non attribuée'}</Fact>
      {step.supplierId ? (
        <>
          <Fact label="Envoyé le">{formatDateFr(step.sentOn, '—')}</Fact>
          <Fact label="Retour le">{formatDateFr(step.returnedOn, '—')}</Fact>
        </>
      ) : null}
      <Fact label="Temps prévu">{formatMinutes(step.plannedMinutes)}</Fact>
      <Fact label="Temps passé">{formatMinutes(step.actualMinutes)}</Fact>
      {step.note ? <Fact label="Note">{step.note}</Fact> : null}
    </dl>
  );
}
