import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { ClientPicker } from '@/components/form/client-picker';
import { TEXTAREA_CLASS } from '@/components/form/field-classes';
import { errorProps, FormField } from '@/components/form/form-field';
import { NumberInput } from '@/components/form/number-input';
import { Input } from '@/components/ui/input';
import type { QuoteFormValues } from '../lib/quote-form';
import { ClientCreateButton } from './client-create-button';
import { ProjectPicker } from './project-picker';

/** Who the quote is for: client (search or create), project of that client, title. */
export function QuoteClientFields() {
  const { control, register, setValue, formState, getValues, clearErrors } = useFormContext<QuoteFormValues>();
  const { errors } = formState;
  const clientId = useWatch<QuoteFormValues, 'clientId'>({ name: 'clientId' });
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <FormField id="quote-client" label="Client" error={errors.clientId?.message} className="md:col-span-2">
        <Controller
          control={control}
          name="clientId"
          render={({ field }) => (
            <ClientPicker
              id="quote-client"
              value={field.value}
              emptyLabel="Aucun client choisi"
              searchPlaceholder="Rechercher un client…"
              aria-invalid={Boolean(errors.clientId) || undefined}
              aria-describedby={errors.clientId ? 'quote-client-error' : undefined}
              create={(choose) => <ClientCreateButton onCreated={choose} />}
              onChange={(id) => {
                if (id !== field.value && getValues('projectId')) setValue('projectId', '', { shouldDirty: true });
                field.onChange(id);
                // "Choisissez le client du devis" (a refused sending) is answered.
                clearErrors('clientId');
              }}
            />
          )}
        />
      </FormField>
      <FormField id="quote-project" label="Projet" error={errors.projectId?.message}>
        <Controller
          control={control}
          name="projectId"
          render={({ field }) => (
            <ProjectPicker
              id="quote-project"
              clientId={clientId}
              value={field.value}
              invalid={Boolean(errors.projectId)}
              describedBy={errors.projectId ? 'quote-project-error' : undefined}
              onChange={field.onChange}
            />
          )}
        />
      </FormField>
      <FormField id="quote-title" label="Titre" error={errors.title?.message}>
        <Input
          id="quote-title"
          placeholder="Bague de fiançailles solitaire…"
          {...errorProps('quote-title', errors.title?.message)}
          {...register('title')}
        />
      </FormField>
    </div>
  );
}

/** Validity, payment and delivery terms, free or paid quote, internal notes. */
export function QuoteTermsFields({ defaultValidityDays }: { defaultValidityDays: number | undefined }) {
  const { control, register, formState } = useFormContext<QuoteFormValues>();
  const { errors } = formState;
  const isFree = useWatch<QuoteFormValues, 'isFree'>({ name: 'isFree' });
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <FormField
        id="quote-validity"
        label="Validité (jours)"
        error={errors.validityDays?.message}
        description={defaultValidityDays ? `Vide : ${defaultValidityDays} jours (paramètres)` : undefined}
      >
        <NumberInput
          id="quote-validity"
          integer
          placeholder={defaultValidityDays ? String(defaultValidityDays) : undefined}
          {...errorProps('quote-validity', errors.validityDays?.message)}
          {...register('validityDays')}
        />
      </FormField>
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium leading-none">Devis gratuit ou payant</legend>
        <Controller
          control={control}
          name="isFree"
          render={({ field }) => (
            <div className="flex h-9 flex-wrap items-center gap-4 text-sm">
              {(
                [
                  ['true', 'Gratuit'],
                  ['false', 'Payant'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="quote-is-free"
                    value={value}
                    checked={field.value === value}
                    onChange={() => field.onChange(value)}
                    onBlur={field.onBlur}
                    className="size-4 accent-primary"
                  />
                  {label}
                </label>
              ))}
            </div>
          )}
        />
      </fieldset>
      {isFree === 'false' && (
        <FormField id="quote-fee" label="Montant du devis (€ TTC)" error={errors.quoteFee?.message}>
          <NumberInput
            id="quote-fee"
            {...errorProps('quote-fee', errors.quoteFee?.message)}
            {...register('quoteFee')}
          />
        </FormField>
      )}
      <TermsTextarea
        name="paymentTerms"
        id="quote-payment-terms"
        label="Conditions de paiement"
        placeholder="Acompte de 30 % à la commande, solde à la livraison"
      />
      <TermsTextarea
        name="deliveryTerms"
        id="quote-delivery-terms"
        label="Délais de livraison"
        placeholder="4 à 6 semaines après acceptation"
      />
      <TermsTextarea name="notes" id="quote-notes" label="Notes" description="Imprimées sur le devis." rows={3} />
    </div>
  );
}

/** A full-width text of the quote's terms (payment, delivery, notes), printed on the quote. */
function TermsTextarea({
  name,
  id,
  label,
  description,
  placeholder,
  rows = 2,
}: {
  name: 'paymentTerms' | 'deliveryTerms' | 'notes';
  id: string;
  label: string;
  description?: string;
  placeholder?: string;
  rows?: number;
}) {
  const { register, formState } = useFormContext<QuoteFormValues>();
  const error = formState.errors[name]?.message;
  return (
    <FormField id={id} label={label} description={description} error={error} className="md:col-span-2">
      <textarea
        id={id}
        rows={rows}
        className={TEXTAREA_CLASS}
        placeholder={placeholder}
        {...errorProps(id, error)}
        {...register(name)}
      />
    </FormField>
  );
}
