import { useCallback } from 'react';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import { toInputText } from '@shared/decimal-input';
import {
  PROJECT_STATUSES,
  PROJECT_STATUS_LABELS,
  projectInputSchema,
  type ProjectInput,
} from '@shared/schemas/projects';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ClientPicker } from '@/components/form/client-picker';
import { DraftNotice } from '@/components/form/draft-notice';
import { FormField, FormSection, nativeControlClass } from '@/components/form/form-field';
import { NumberInput } from '@/components/form/number-input';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { useRecordForm } from '@/components/form/use-record-form';
import { useCreateProject } from './api/create-project';
import { toProjectRecord, type ProjectRecord } from './api/get-project';
import { useUpdateProject } from './api/update-project';

export interface ProjectFormValues {
  title: string;
  clientId: string;
  status: string;
  dueDate: string;
  budget: string;
  description: string;
}

/** The form's values of a project (a new one: `clientId` chosen beforehand, e.g. from the client's record). */
export function projectFormValues(p?: ProjectRecord, clientId = ''): ProjectFormValues {
  return {
    title: p?.title ?? '',
    clientId: p?.clientId ?? clientId,
    status: p?.status ?? 'idee',
    dueDate: p?.dueDate ?? '',
    budget: toInputText(p?.budget),
    description: p?.description ?? '',
  };
}

/**
 * A project's form (create or edit): the shared zod schema, the client chosen by search, the budget in French
 * numbers ("1 234,50"), the status (a change is dated in the timeline). An edit stays on the project's screen.
 */
export function ProjectForm({
  project,
  defaultClientId = '',
  onReload,
  readOnly = false,
}: {
  project?: ProjectRecord;
  defaultClientId?: string;
  onReload?: () => Promise<ProjectRecord | undefined>;
  readOnly?: boolean;
}) {
  const create = useCreateProject();
  const update = useUpdateProject();
  const toValues = useCallback((p?: ProjectRecord) => projectFormValues(p, defaultClientId), [defaultClientId]);
  const { form, onSubmit, saved, draft } = useRecordForm({
    schema: projectInputSchema,
    record: project,
    toValues,
    onReload,
    followRecord: true,
    save: async (values: ProjectInput, version) => {
      if (project) {
        const result = await update.mutateAsync({ id: project.id, body: { ...values, version } });
        return {
          title: 'Projet modifié',
          description: result.title,
          to: `/projects/${result.id}`,
          record: toProjectRecord(result),
        };
      }
      const result = await create.mutateAsync(values);
      return { title: 'Projet créé', description: result.title, to: `/projects/${result.id}` };
    },
  });
  const { register, formState, control } = form;
  const errors = formState.errors;
  const err = (name: keyof ProjectFormValues) => errors[name]?.message;

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4" aria-label="Fiche projet">
      <UnsavedChangesGuard when={formState.isDirty && !saved} />
      <DraftNotice draft={draft} />
      <fieldset disabled={readOnly} className="flex flex-col gap-4">
        <FormSection title="Projet">
          <FormField label="Titre" required error={err('title')} className="sm:col-span-2">
            <Input autoComplete="off" placeholder="ex. Bague de fiançailles" {...register('title')} />
          </FormField>
          <Controller
            control={control}
            name="clientId"
            render={({ field }) => (
              <FormField label="Client" required error={err('clientId')} className="sm:col-span-2">
                <ClientPicker
                  value={field.value}
                  onChange={(clientId) => {
                    field.onChange(clientId);
                    field.onBlur();
                  }}
                  disabled={readOnly}
                />
              </FormField>
            )}
          />
          <FormField label="Statut" error={err('status')}>
            <select className={`${nativeControlClass} h-9`} {...register('status')}>
              {PROJECT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {PROJECT_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Livraison prévue" error={err('dueDate')}>
            <Input type="date" {...register('dueDate')} />
          </FormField>
          <FormField label="Budget (€)" error={err('budget')} description="Par exemple 1 234,50">
            <NumberInput {...register('budget')} />
          </FormField>
          <FormField label="Description" error={err('description')} className="sm:col-span-2">
            <textarea
              className={`${nativeControlClass} min-h-24`}
              placeholder="Pièce souhaitée, matières, pierres, inspirations…"
              {...register('description')}
            />
          </FormField>
        </FormSection>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to="/projects">{readOnly ? 'Retour' : 'Annuler'}</Link>
        </Button>
        {readOnly ? null : (
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Enregistrement…' : project ? 'Enregistrer' : 'Créer le projet'}
          </Button>
        )}
      </div>
    </form>
  );
}
