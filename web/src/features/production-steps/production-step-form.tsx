import { Link } from 'react-router';
import { toInputText } from '@shared/decimal-input';
import {
  PRODUCTION_STEP_MODES,
  PRODUCTION_STEP_MODE_LABELS,
  productionStepInputSchema,
  type ProductionStep,
  type ProductionStepInput,
} from '@shared/schemas/production-steps';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NumberInput } from '@/components/form/number-input';
import { FormField, FormSection, nativeControlClass } from '@/components/form/form-field';
import { DraftNotice } from '@/components/form/draft-notice';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { useRecordForm } from '@/components/form/use-record-form';
import { useSupplierOptions } from '@/features/suppliers/api/supplier-options';
import { useCreateProductionStep } from './api/create-production-step';
import { useUpdateProductionStep } from './api/update-production-step';

export interface ProductionStepFormValues {
  name: string;
  code: string;
  description: string;
  defaultDurationMinutes: string;
  hourlyRate: string;
  mode: string;
  supplierId: string;
}

export function productionStepFormValues(s?: ProductionStep): ProductionStepFormValues {
  return {
    name: s?.name ?? '',
    code: s?.code ?? '',
    description: s?.description ?? '',
    defaultDurationMinutes: s ? String(s.defaultDurationMinutes) : '60',
    hourlyRate: toInputText(s?.hourlyRate),
    mode: s?.mode ?? 'internal',
    supplierId: s?.supplierId ?? '',
  };
}

export function ProductionStepForm({
  step,
  onReload,
  readOnly = false,
}: {
  step?: ProductionStep;
  onReload?: () => Promise<ProductionStep | undefined>;
  readOnly?: boolean;
}) {
  const suppliers = useSupplierOptions();
  const create = useCreateProductionStep();
  const update = useUpdateProductionStep();
  const { form, onSubmit, saved, draft } = useRecordForm({
    schema: productionStepInputSchema,
    record: step,
    toValues: productionStepFormValues,
    onReload,
    save: async (values: ProductionStepInput, version) => {
      const body = { ...values, supplierId: values.mode === 'subcontracted' ? values.supplierId : null };
      const result = step
        ? await update.mutateAsync({ id: step.id, body: { ...body, version } })
        : await create.mutateAsync(body);
      return { title: step ? 'Étape modifiée' : 'Étape créée', description: result.name, to: '/production-steps' };
    },
  });
  const { register, formState, watch } = form;
  const errors = formState.errors;
  const subcontracted = watch('mode') === 'subcontracted';

  const err = (name: keyof ProductionStepFormValues) => errors[name]?.message;

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Étape de production"
    >
      <UnsavedChangesGuard when={formState.isDirty && !saved} />
      <DraftNotice draft={draft} />
      <fieldset disabled={readOnly} className="flex flex-col gap-4">
        <FormSection title="Étape">
          <FormField label="Nom" required error={err('name')}>
            <Input autoComplete="off" {...register('name')} />
          </FormField>
          <FormField label="Code" required error={err('code')} description="Lettres, chiffres, - et _ (ex. SERTI)">
            <Input autoComplete="off" className="uppercase" {...register('code')} />
          </FormField>
          <FormField label="Durée par défaut (minutes)" required error={err('defaultDurationMinutes')}>
            <NumberInput integer {...register('defaultDurationMinutes')} />
          </FormField>
          <FormField label="Taux horaire (€ HT)" error={err('hourlyRate')}>
            <NumberInput {...register('hourlyRate')} />
          </FormField>
          <FormField label="Réalisation" error={err('mode')}>
            <select className={`${nativeControlClass} h-9`} {...register('mode')}>
              {PRODUCTION_STEP_MODES.map((m) => (
                <option key={m} value={m}>
                  {PRODUCTION_STEP_MODE_LABELS[m]}
                </option>
              ))}
            </select>
          </FormField>
          {subcontracted ? (
            <FormField label="Sous-traitant" required error={err('supplierId')}>
              <select className={`${nativeControlClass} h-9`} {...register('supplierId')}>
                <option value="">— Choisir —</option>
                {step?.supplierId ? (
                  <option value={step.supplierId}>{step.supplierName ?? 'Fournisseur archivé'}</option>
                ) : null}
                {(suppliers.data ?? [])
                  .filter((o) => o.value !== step?.supplierId)
                  .map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
              </select>
            </FormField>
          ) : (
            <div className="hidden sm:block" />
          )}
          <FormField label="Description" error={err('description')} className="sm:col-span-2">
            <textarea className={`${nativeControlClass} min-h-20`} {...register('description')} />
          </FormField>
        </FormSection>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to="/production-steps">{readOnly ? 'Retour' : 'Annuler'}</Link>
        </Button>
        {readOnly ? null : (
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Enregistrement…' : step ? 'Enregistrer' : 'Créer l’étape'}
          </Button>
        )}
      </div>
    </form>
  );
}
