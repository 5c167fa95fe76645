import { Link } from 'react-router';
import {
  CIVILITIES,
  CLIENT_KINDS,
  CLIENT_KIND_LABELS,
  CLIENT_STATUSES,
  CLIENT_STATUS_LABELS,
  clientInputSchema,
  type Client,
  type ClientInput,
} from '@shared/schemas/clients';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { AddressFields } from '@/components/form/address-fields';
import { FormField, FormSection, nativeControlClass } from '@/components/form/form-field';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { useRecordForm } from '@/components/form/use-record-form';
import { useCreateClient } from './api/create-client';
import { useUpdateClient } from './api/update-client';

export interface ClientFormValues {
  kind: string;
  status: string;
  civility: string;
  firstName: string;
  lastName: string;
  company: string;
  email: string;
  phoneMobile: string;
  phoneLandline: string;
  addressLine1: string;
  addressLine2: string;
  postalCode: string;
  city: string;
  country: string;
  birthDate: string;
  notes: string;
  tags: string;
  marketingConsent: boolean;
}

export function clientFormValues(c?: Client): ClientFormValues {
  return {
    kind: c?.kind ?? 'particulier',
    status: c?.status ?? 'client',
    civility: c?.civility ?? '',
    firstName: c?.firstName ?? '',
    lastName: c?.lastName ?? '',
    company: c?.company ?? '',
    email: c?.email ?? '',
    phoneMobile: c?.phoneMobile ?? '',
    phoneLandline: c?.phoneLandline ?? '',
    addressLine1: c?.addressLine1 ?? '',
    addressLine2: c?.addressLine2 ?? '',
    postalCode: c?.postalCode ?? '',
    city: c?.city ?? '',
    country: c?.country ?? 'France',
    birthDate: c?.birthDate ?? '',
    notes: c?.notes ?? '',
    tags: c?.tags.join(', ') ?? '',
    marketingConsent: c?.marketingConsent ?? false,
  };
}

/** Create or edit a client; after saving, goes to the client's page with any duplicate warnings. */
export function ClientForm({ client, onReload }: { client?: Client; onReload?: () => Promise<Client | undefined> }) {
  const create = useCreateClient();
  const update = useUpdateClient();
  const { form, onSubmit, saved } = useRecordForm({
    schema: clientInputSchema,
    record: client,
    toValues: clientFormValues,
    onReload,
    save: async (values: ClientInput, version) => {
      const keepConsentDate = client && values.marketingConsent && client.marketingConsent;
      const result = client
        ? await update.mutateAsync({
            id: client.id,
            body: { ...values, marketingConsentAt: keepConsentDate ? client.marketingConsentAt : null, version },
          })
        : await create.mutateAsync(values);
      return {
        title: client ? 'Client modifié' : 'Client créé',
        description: result.displayName,
        to: `/clients/${result.id}`,
        state: { duplicates: result.duplicates },
      };
    },
  });
  const { register, watch, formState } = form;
  const errors = formState.errors;
  const isPro = watch('kind') === 'professionnel';

  const err = (name: keyof ClientFormValues) => errors[name]?.message;

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4" aria-label="Fiche client">
      <UnsavedChangesGuard when={formState.isDirty && !saved} />
      <FormSection title="Identité">
        <FormField label="Type" error={err('kind')}>
          <select className={`${nativeControlClass} h-9`} {...register('kind')}>
            {CLIENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {CLIENT_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Statut" error={err('status')}>
          <select className={`${nativeControlClass} h-9`} {...register('status')}>
            {CLIENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {CLIENT_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Civilité" error={err('civility')}>
          <select className={`${nativeControlClass} h-9`} {...register('civility')}>
            <option value="">—</option>
            {CIVILITIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Prénom" error={err('firstName')}>
          <Input autoComplete="off" {...register('firstName')} />
        </FormField>
        <FormField label="Nom" required error={err('lastName')}>
          <Input autoComplete="off" {...register('lastName')} />
        </FormField>
        <FormField label="Société" required={isPro} error={err('company')}>
          <Input autoComplete="off" {...register('company')} />
        </FormField>
        <FormField label="Date de naissance" error={err('birthDate')} description="Pour les occasions (anniversaire…)">
          <Input type="date" {...register('birthDate')} />
        </FormField>
      </FormSection>
      <FormSection title="Coordonnées">
        <FormField label="E-mail" error={err('email')}>
          <Input type="email" autoComplete="off" {...register('email')} />
        </FormField>
        <FormField label="Téléphone mobile" error={err('phoneMobile')}>
          <Input type="tel" autoComplete="off" {...register('phoneMobile')} />
        </FormField>
        <FormField label="Téléphone fixe" error={err('phoneLandline')}>
          <Input type="tel" autoComplete="off" {...register('phoneLandline')} />
        </FormField>
        <AddressFields registerField={(name) => register(name)} errorOf={err} />
      </FormSection>
      <FormSection title="Suivi">
        <FormField label="Étiquettes" error={err('tags')} description="Séparées par des virgules (ex. : VIP, mariage)">
          <Input autoComplete="off" {...register('tags')} />
        </FormField>
        <div className="flex items-center gap-2 self-end pb-2">
          <input
            id="client-marketing-consent"
            type="checkbox"
            className="size-4 accent-primary"
            {...register('marketingConsent')}
          />
          <label htmlFor="client-marketing-consent" className="text-sm">
            Accepte de recevoir nos communications
          </label>
        </div>
        <FormField label="Notes" error={err('notes')} className="sm:col-span-2">
          <textarea className={`${nativeControlClass} min-h-24`} {...register('notes')} />
        </FormField>
      </FormSection>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={client ? `/clients/${client.id}` : '/clients'}>Annuler</Link>
        </Button>
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Enregistrement…' : client ? 'Enregistrer' : 'Créer le client'}
        </Button>
      </div>
    </form>
  );
}
