import { useCallback } from 'react';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import {
  WORK_ORDER_PRIORITIES,
  WORK_ORDER_PRIORITY_LABELS,
  workOrderInputSchema,
  type WorkOrder,
  type WorkOrderDetail,
  type WorkOrderInput,
} from '@shared/schemas/work-orders';
import { ClientPicker } from '@/components/form/client-picker';
import { DraftNotice } from '@/components/form/draft-notice';
import { FormField, FormSection, nativeControlClass } from '@/components/form/form-field';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { useRecordForm } from '@/components/form/use-record-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useCanOpen } from '@/features/access/use-can-open';
import { useCreateWorkOrder } from './api/create-work-order';
import { useClientProjectOptions } from './api/pickers';
import { useUpdateWorkOrder } from './api/update-work-order';

export interface WorkOrderFormValues {
  title: string;
  clientId: string;
  projectId: string;
  dueDate: string;
  priority: string;
  description: string;
}

export function workOrderFormValues(o?: WorkOrder): WorkOrderFormValues {
  return {
    title: o?.title ?? '',
    clientId: o?.clientId ?? '',
    projectId: o?.projectId ?? '',
    dueDate: o?.dueDate ?? '',
    priority: o?.priority ?? 'normale',
    description: o?.description ?? '',
  };
}

/** The client's projects to choose from; none before a client is chosen. */
function ProjectSelect({
  id,
  clientId,
  value,
  currentLabel,
  onChange,
  disabled,
  ...aria
}: {
  id?: string;
  clientId: string;
  value: string;
  currentLabel: string | undefined;
  onChange: (projectId: string) => void;
  disabled: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const projects = useClientProjectOptions(clientId, !disabled);
  const options = projects.data ?? [];
  const listed = options.some((p) => p.value === value);
  const placeholder = !clientId
    ? 'Choisissez d’abord un client'
    : projects.isPending
      ? 'Chargement…'
      : projects.isError
        ? 'Projets indisponibles'
        : 'Aucun projet';
  return (
    <select
      id={id}
      className={`${nativeControlClass} h-9`}
      value={value}
      disabled={disabled || (!clientId && !value)}
      onChange={(e) => onChange(e.target.value)}
      {...aria}
    >
      <option value="">{placeholder}</option>
      {value && !listed ? <option value={value}>{currentLabel ?? 'Projet choisi'}</option> : null}
      {options.map((p) => (
        <option key={p.value} value={p.value}>
          {p.label}
        </option>
      ))}
    </select>
  );
}

/**
 * A work order's header (create or edit): title, client and project (for roles that read clients; the workshop sees
 * the client's name only), due date, priority, description. A new order opens its page; an edit stays there.
 */
export function WorkOrderForm({
  order,
  onReload,
  readOnly = false,
}: {
  order?: WorkOrderDetail;
  onReload?: () => Promise<WorkOrder | undefined>;
  readOnly?: boolean;
}) {
  const { ready, canOpen } = useCanOpen();
  // The client and the project are chosen by roles that read them, in organizations that use those modules.
  const seesClients = ready && canOpen('/clients');
  const seesProjects = ready && canOpen('/projects');
  const create = useCreateWorkOrder();
  const update = useUpdateWorkOrder();
  const toValues = useCallback((o?: WorkOrder) => workOrderFormValues(o), []);
  const { form, onSubmit, saved, draft } = useRecordForm({
    schema: workOrderInputSchema,
    record: order as WorkOrder | undefined,
    toValues,
    onReload,
    followRecord: true,
    save: async (input: WorkOrderInput, version) => {
      // What the person cannot see is not sent: the client and the project stay as they are.
      const { clientId, projectId, ...rest } = input;
      const values = {
        ...rest,
        ...(seesClients ? { clientId } : {}),
        ...(seesClients && seesProjects ? { projectId } : {}),
      };
      if (order) {
        const result = await update.mutateAsync({ id: order.id, body: { ...values, version } });
        return { title: 'Ordre modifié', description: result.number, to: `/work-orders/${result.id}`, record: result };
      }
      const result = await create.mutateAsync(values);
      return { title: 'Ordre de fabrication créé', description: result.number, to: `/work-orders/${result.id}` };
    },
  });
  const { register, formState, control, watch, setValue } = form;
  const errors = formState.errors;
  const err = (name: keyof WorkOrderFormValues) => errors[name]?.message;
  const clientId = watch('clientId');

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Fiche ordre de fabrication"
    >
      <UnsavedChangesGuard when={formState.isDirty && !saved} />
      <DraftNotice draft={draft} />
      <fieldset disabled={readOnly} className="flex flex-col gap-4">
        <FormSection title="Ordre">
          <FormField label="Titre" required error={err('title')} className="sm:col-span-2">
            <Input autoComplete="off" placeholder="ex. Bague solitaire or jaune" {...register('title')} />
          </FormField>
          {seesClients ? (
            <>
              <Controller
                control={control}
                name="clientId"
                render={({ field }) => (
                  <FormField label="Client" error={err('clientId')} className="sm:col-span-2">
                    <ClientPicker
                      value={field.value}
                      emptyLabel="Aucun client"
                      onChange={(next) => {
                        field.onChange(next);
                        field.onBlur();
                        if (next !== field.value) setValue('projectId', '', { shouldDirty: true });
                      }}
                      disabled={readOnly}
                    />
                  </FormField>
                )}
              />
              {seesProjects ? (
                <Controller
                  control={control}
                  name="projectId"
                  render={({ field }) => (
                    <FormField label="Projet" error={err('projectId')}>
                      <ProjectSelect
                        clientId={clientId}
                        value={field.value}
                        currentLabel={order?.project?.title}
                        onChange={(next) => {
                          field.onChange(next);
                          field.onBlur();
                        }}
                        disabled={readOnly}
                      />
                    </FormField>
                  )}
                />
              ) : null}
            </>
          ) : order ? (
            <div className="flex flex-col gap-1.5 text-sm">
              <span className="font-medium">Client</span>
              <span>{order.clientName ?? 'Aucun client'}</span>
            </div>
          ) : null}
          <FormField label="Échéance" error={err('dueDate')}>
            <Input type="date" {...register('dueDate')} />
          </FormField>
          <FormField label="Priorité" error={err('priority')}>
            <select className={`${nativeControlClass} h-9`} {...register('priority')}>
              {WORK_ORDER_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {WORK_ORDER_PRIORITY_LABELS[p]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Description" error={err('description')} className="sm:col-span-2">
            <textarea
              className={`${nativeControlClass} min-h-24`}
              placeholder="Pièce à réaliser, matières, consignes pour l’atelier…"
              {...register('description')}
            />
          </FormField>
        </FormSection>
      </fieldset>
      {readOnly ? null : (
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {order ? null : (
            <Button asChild variant="outline">
              <Link to="/work-orders">Annuler</Link>
            </Button>
          )}
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Enregistrement…' : order ? 'Enregistrer l’ordre' : 'Créer l’ordre'}
          </Button>
        </div>
      )}
    </form>
  );
}
