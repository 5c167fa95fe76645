import { useFieldArray } from 'react-hook-form';
import { Link } from 'react-router';
import { Plus, Trash2 } from 'lucide-react';
import {
  SUPPLIER_TYPES,
  SUPPLIER_TYPE_LABELS,
  supplierInputSchema,
  type Supplier,
  type SupplierInput,
} from '@shared/schemas/suppliers';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { AddressFields } from '@/components/form/address-fields';
import { NumberInput } from '@/components/form/number-input';
import { FormField, FormSection, nativeControlClass } from '@/components/form/form-field';
import { DraftNotice } from '@/components/form/draft-notice';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { useRecordForm } from '@/components/form/use-record-form';
import { useCreateSupplier } from './api/create-supplier';
import { useUpdateSupplier } from './api/update-supplier';

export interface SupplierFormValues {
  type: string;
  name: string;
  email: string;
  phone: string;
  addressLine1: string;
  addressLine2: string;
  postalCode: string;
  city: string;
  country: string;
  specialities: string;
  leadTimeDays: string;
  paymentTerms: string;
  notes: string;
  contacts: Array<{ name: string; role: string; email: string; phone: string }>;
}

export function supplierFormValues(s?: Supplier): SupplierFormValues {
  return {
    type: s?.type ?? 'atelier',
    name: s?.name ?? '',
    email: s?.email ?? '',
    phone: s?.phone ?? '',
    addressLine1: s?.addressLine1 ?? '',
    addressLine2: s?.addressLine2 ?? '',
    postalCode: s?.postalCode ?? '',
    city: s?.city ?? '',
    country: s?.country ?? 'France',
    specialities: s?.specialities.join(', ') ?? '',
    leadTimeDays: s?.leadTimeDays === null || s?.leadTimeDays === undefined ? '' : String(s.leadTimeDays),
    paymentTerms: s?.paymentTerms ?? '',
    notes: s?.notes ?? '',
    contacts: (s?.contacts ?? []).map((c) => ({
      name: c.name,
      role: c.role ?? '',
      email: c.email ?? '',
      phone: c.phone ?? '',
    })),
  };
}

export function SupplierForm({
  supplier,
  onReload,
  readOnly = false,
}: {
  supplier?: Supplier;
  onReload?: () => Promise<Supplier | undefined>;
  readOnly?: boolean;
}) {
  const create = useCreateSupplier();
  const update = useUpdateSupplier();
  const { form, onSubmit, saved, draft } = useRecordForm({
    schema: supplierInputSchema,
    record: supplier,
    toValues: supplierFormValues,
    onReload,
    save: async (values: SupplierInput, version) => {
      const result = supplier
        ? await update.mutateAsync({ id: supplier.id, body: { ...values, version } })
        : await create.mutateAsync(values);
      return {
        title: supplier ? 'Fournisseur modifié' : 'Fournisseur créé',
        description: result.name,
        to: '/suppliers',
      };
    },
  });
  const { register, formState, control } = form;
  const errors = formState.errors;
  const contacts = useFieldArray({ control, name: 'contacts' });

  const err = (name: Exclude<keyof SupplierFormValues, 'contacts'>) => errors[name]?.message;

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4" aria-label="Fiche fournisseur">
      <UnsavedChangesGuard when={formState.isDirty && !saved} />
      <DraftNotice draft={draft} />
      <fieldset disabled={readOnly} className="flex flex-col gap-4">
        <FormSection title="Identité">
          <FormField label="Nom" required error={err('name')}>
            <Input autoComplete="off" {...register('name')} />
          </FormField>
          <FormField label="Type" error={err('type')}>
            <select className={`${nativeControlClass} h-9`} {...register('type')}>
              {SUPPLIER_TYPES.map((t) => (
                <option key={t} value={t}>
                  {SUPPLIER_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Spécialités" error={err('specialities')} description="Séparées par des virgules">
            <Input autoComplete="off" {...register('specialities')} />
          </FormField>
          <FormField label="Délai habituel (jours)" error={err('leadTimeDays')}>
            <NumberInput integer {...register('leadTimeDays')} />
          </FormField>
          <FormField label="Conditions de paiement" error={err('paymentTerms')} className="sm:col-span-2">
            <Input autoComplete="off" placeholder="ex. 30 jours fin de mois" {...register('paymentTerms')} />
          </FormField>
        </FormSection>
        <FormSection title="Coordonnées">
          <FormField label="E-mail" error={err('email')}>
            <Input type="email" autoComplete="off" {...register('email')} />
          </FormField>
          <FormField label="Téléphone" error={err('phone')}>
            <Input type="tel" autoComplete="off" {...register('phone')} />
          </FormField>
          <AddressFields registerField={(name) => register(name)} errorOf={err} />
        </FormSection>
        <fieldset className="flex flex-col gap-3 rounded-lg border p-4">
          <legend className="px-1 text-sm font-semibold">Contacts</legend>
          {contacts.fields.length === 0 ? <p className="text-sm text-muted-foreground">Aucun contact.</p> : null}
          {contacts.fields.map((field, index) => {
            const e = errors.contacts?.[index];
            return (
              <div key={field.id} className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_1fr_1fr_auto]">
                <FormField label="Nom" required error={e?.name?.message}>
                  <Input autoComplete="off" {...register(`contacts.${index}.name`)} />
                </FormField>
                <FormField label="Fonction" error={e?.role?.message}>
                  <Input autoComplete="off" {...register(`contacts.${index}.role`)} />
                </FormField>
                <FormField label="E-mail" error={e?.email?.message}>
                  <Input type="email" autoComplete="off" {...register(`contacts.${index}.email`)} />
                </FormField>
                <FormField label="Téléphone" error={e?.phone?.message}>
                  <Input type="tel" autoComplete="off" {...register(`contacts.${index}.phone`)} />
                </FormField>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Retirer le contact ${index + 1}`}
                  onClick={() => contacts.remove(index)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            );
          })}
          <Button
            variant="outline"
            size="sm"
            className="w-fit"
            onClick={() => contacts.append({ name: '', role: '', email: '', phone: '' })}
          >
            <Plus aria-hidden="true" />
            Ajouter un contact
          </Button>
        </fieldset>
        <FormField label="Notes" error={err('notes')}>
          <textarea className={`${nativeControlClass} min-h-24`} {...register('notes')} />
        </FormField>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to="/suppliers">{readOnly ? 'Retour' : 'Annuler'}</Link>
        </Button>
        {readOnly ? null : (
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Enregistrement…' : supplier ? 'Enregistrer' : 'Créer le fournisseur'}
          </Button>
        )}
      </div>
    </form>
  );
}
