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
import { DraftNotice } from '@/components/form/draft-notice';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { useRecordForm } from '@/components/form/use-record-form';
import { useCreateClient } from './api/create-client';
import { useClientTags } from './api/list-client-tags';
import { useUpdateClient } from './api/update-client';
import { TagSuggestions } from './components/tag-suggestions';
import { DuplicateWarning } from './duplicate-warning';
import { canonicalTags, canonicalTagsText, missingTags, splitTags } from './lib/client-tags';
import { useHomonymCheck } from './lib/use-homonym-check';

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

/**
 * Create or edit a client. Before saving, existing clients that resemble it (same e-mail, phone, or name
 * and postal code or city) are shown and the save waits for the person (use-homonym-check.ts); tags take
 * the organization's spelling. After saving, goes to the client's page with any warning not yet seen.
 */
export function ClientForm({ client, onReload }: { client?: Client; onReload?: () => Promise<Client | undefined> }) {
  const create = useCreateClient();
  const update = useUpdateClient();
  const knownTags = useClientTags().data ?? [];
  const { form, onSubmit, saved, draft } = useRecordForm({
    schema: clientInputSchema,
    record: client,
    toValues: clientFormValues,
    onReload,
    save: async (input: ClientInput, version) => {
      const values = { ...input, tags: canonicalTags(input.tags, knownTags) };
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
        state: { duplicates: homonyms.unseen(result.duplicates) },
      };
    },
  });
  const homonyms = useHomonymCheck(form, client, onSubmit);
  const { register, watch, formState, getValues, setValue } = form;
  const errors = formState.errors;
  const isPro = watch('kind') === 'professionnel';
  const tagsText = watch('tags');
  const setTags = (text: string) => {
    if (text !== getValues('tags')) setValue('tags', text, { shouldDirty: true, shouldValidate: true });
  };
  const saving = formState.isSubmitting || homonyms.checking;

  const err = (name: keyof ClientFormValues) => errors[name]?.message;

  return (
    <form
      onSubmit={(e) => void homonyms.submit(e)}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Fiche client"
    >
      <UnsavedChangesGuard when={formState.isDirty && !saved} />
      <DraftNotice draft={draft} />
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
        <div className="flex flex-col gap-2">
          <FormField
            label="Étiquettes"
            error={err('tags')}
            description="Séparées par des virgules (ex. : VIP, mariage) ; « vip » et « VIP » sont une seule étiquette"
          >
            <Input
              autoComplete="off"
              {...register('tags', { onBlur: () => setTags(canonicalTagsText(getValues('tags'), knownTags)) })}
            />
          </FormField>
          <TagSuggestions
            tags={missingTags(tagsText, knownTags)}
            onAdd={(tag) => setTags([...splitTags(getValues('tags')), tag].join(', '))}
          />
        </div>
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
      <DuplicateWarning
        duplicates={homonyms.duplicates}
        onSaveAnyway={homonyms.saveAnyway}
        saving={saving}
        headingRef={homonyms.headingRef}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={client ? `/clients/${client.id}` : '/clients'}>Annuler</Link>
        </Button>
        <Button type="submit" disabled={saving}>
          {homonyms.checking
            ? 'Vérification…'
            : formState.isSubmitting
              ? 'Enregistrement…'
              : client
                ? 'Enregistrer'
                : 'Créer le client'}
        </Button>
      </div>
    </form>
  );
}
