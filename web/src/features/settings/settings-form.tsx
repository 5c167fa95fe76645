import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import {
  LEGAL_FORMS,
  settingsSchema,
  type Settings,
  type SettingsAnswer,
  type SettingsInput,
} from '@shared/schemas/settings';
import { applyServerErrors } from '@/components/form/apply-server-errors';
import { FormField, FormSection, nativeControlClass } from '@/components/form/form-field';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { LogoField } from './logo-field';
import { useSaveSettings } from './settings-api';

function toFormValues(answer: SettingsAnswer): SettingsInput {
  const { logo: _logo, ...settings } = answer;
  return settings;
}

/** The settings form: legal identity, pricing defaults, product word; saved with the version read. */
export function SettingsForm({
  answer,
  canWrite,
  onReload,
}: {
  answer: SettingsAnswer;
  canWrite: boolean;
  onReload: () => Promise<SettingsAnswer | undefined>;
}) {
  const save = useSaveSettings();
  const [conflict, setConflict] = useState(false);
  const form = useZodForm<SettingsInput, Settings>(settingsSchema, toFormValues(answer));
  const rates = useFieldArray({ control: form.control, name: 'hourlyRates' });
  const { errors, isDirty } = form.formState;
  const text = (name: Exclude<keyof SettingsInput, 'hourlyRates' | 'quoteValidityDays' | 'version' | 'legalForm'>) =>
    form.register(name);

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        setConflict(false);
        form.reset(toFormValues(saved));
        toast({ title: 'Paramètres enregistrés', description: 'Les nouveaux réglages sont appliqués' });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          setConflict(true);
          return;
        }
        if (!applyServerErrors(form, error))
          toast({
            title: 'Enregistrement impossible',
            description: error instanceof ApiError ? error.serverMessage : error.message,
            variant: 'destructive',
          });
      },
    }),
  );

  const reload = async () => {
    const fresh = await onReload();
    if (fresh) form.reset(toFormValues(fresh));
    setConflict(false);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6" aria-label="Paramètres de l'organisation">
      <UnsavedChangesGuard when={canWrite && isDirty && !save.isPending} />
      {conflict && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/50 p-4 text-sm"
        >
          <p className="flex-1">
            Quelqu&apos;un a enregistré les paramètres pendant que vous les modifiiez. Rechargez pour voir sa version
            (vos modifications non enregistrées seront perdues).
          </p>
          <Button type="button" variant="outline" onClick={() => void reload()}>
            Recharger
          </Button>
        </div>
      )}
      <fieldset disabled={!canWrite} className="grid gap-6">
        <FormSection title="Identité légale">
          <LogoField logo={answer.logo} canWrite={canWrite} />
          <FormField label="Raison sociale" error={errors.legalName?.message} required>
            <Input {...text('legalName')} />
          </FormField>
          <FormField label="Forme juridique" error={errors.legalForm?.message}>
            <select className={nativeControlClass} {...form.register('legalForm')}>
              <option value="">—</option>
              {LEGAL_FORMS.map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Adresse" error={errors.addressLine1?.message}>
            <Input autoComplete="address-line1" {...text('addressLine1')} />
          </FormField>
          <FormField label="Complément d'adresse" error={errors.addressLine2?.message}>
            <Input autoComplete="address-line2" {...text('addressLine2')} />
          </FormField>
          <FormField label="Code postal" error={errors.postalCode?.message}>
            <Input inputMode="numeric" autoComplete="postal-code" {...text('postalCode')} />
          </FormField>
          <FormField label="Ville" error={errors.city?.message}>
            <Input autoComplete="address-level2" {...text('city')} />
          </FormField>
          <FormField label="Pays" error={errors.country?.message}>
            <Input autoComplete="country-name" {...text('country')} />
          </FormField>
          <FormField label="Email" error={errors.email?.message}>
            <Input type="email" {...text('email')} />
          </FormField>
          <FormField label="Téléphone" error={errors.phone?.message}>
            <Input type="tel" {...text('phone')} />
          </FormField>
          <FormField label="SIREN" error={errors.siren?.message} description="9 chiffres">
            <Input inputMode="numeric" {...text('siren')} />
          </FormField>
          <FormField label="SIRET" error={errors.siret?.message} description="14 chiffres, commence par le SIREN">
            <Input inputMode="numeric" {...text('siret')} />
          </FormField>
          <FormField label="RCS / RM" error={errors.rcsRm?.message} description="Ex. : RCS Paris 123 456 789">
            <Input {...text('rcsRm')} />
          </FormField>
          <FormField
            label="N° de TVA intracommunautaire"
            error={errors.vatNumber?.message}
            description="FR + clé + SIREN"
          >
            <Input {...text('vatNumber')} />
          </FormField>
        </FormSection>

        <FormSection title="Tarification">
          <FormField label="Taux de TVA (%)" error={errors.vatRatePct?.message}>
            <Input inputMode="decimal" {...text('vatRatePct')} />
          </FormField>
          <FormField
            label="Coefficient de rachat d'or"
            error={errors.buybackFactor?.message}
            description="0,755 = décote de 24,50 %"
          >
            <Input inputMode="decimal" {...text('buybackFactor')} />
          </FormField>
          <FormField label="Validité des devis (jours)" error={errors.quoteValidityDays?.message}>
            <Input type="number" min={1} max={365} {...form.register('quoteValidityDays', { valueAsNumber: true })} />
          </FormField>
          <FormField label="Seuil d'alerte de perte métal (%)" error={errors.metalLossWarningPct?.message}>
            <Input inputMode="decimal" {...text('metalLossWarningPct')} />
          </FormField>
          <FormField label="Coefficient métal" error={errors.coefficientMetal?.message}>
            <Input inputMode="decimal" {...text('coefficientMetal')} />
          </FormField>
          <FormField label="Coefficient pierres" error={errors.coefficientStones?.message}>
            <Input inputMode="decimal" {...text('coefficientStones')} />
          </FormField>
          <FormField label="Coefficient main-d'œuvre" error={errors.coefficientLabour?.message}>
            <Input inputMode="decimal" {...text('coefficientLabour')} />
          </FormField>
          <div className="grid gap-2 sm:col-span-2">
            <p className="text-sm font-medium">Taux horaires</p>
            {errors.hourlyRates?.message && (
              <p role="alert" className="text-xs font-medium text-destructive">
                {errors.hourlyRates.message}
              </p>
            )}
            {rates.fields.map((field, index) => (
              <div key={field.id} className="flex flex-wrap items-start gap-2">
                <FormField
                  label="Libellé"
                  className="min-w-40 flex-1"
                  error={errors.hourlyRates?.[index]?.label?.message}
                >
                  <Input {...form.register(`hourlyRates.${index}.label`)} />
                </FormField>
                <FormField label="€ / heure" className="w-32" error={errors.hourlyRates?.[index]?.ratePerHour?.message}>
                  <Input inputMode="decimal" {...form.register(`hourlyRates.${index}.ratePerHour`)} />
                </FormField>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="mt-6"
                  aria-label={`Retirer le taux ${index + 1}`}
                  onClick={() => rates.remove(index)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            ))}
            {canWrite && (
              <div>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => rates.append({ label: '', ratePerHour: '' })}
                >
                  <Plus aria-hidden="true" />
                  Ajouter un taux horaire
                </Button>
              </div>
            )}
          </div>
        </FormSection>

        <FormSection title="Mot produit">
          <FormField
            label="Dans le menu"
            error={errors.productWordMenu?.message}
            description="« Catalogue Diamant » dans la navigation"
          >
            <Input {...text('productWordMenu')} />
          </FormField>
          <FormField
            label="Dans les messages"
            error={errors.productWordToast?.message}
            description="« Nouvelle sélection de diamants chargée »"
          >
            <Input {...text('productWordToast')} />
          </FormField>
        </FormSection>
      </fieldset>
      {canWrite && (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending || !isDirty}>
            {save.isPending ? 'Enregistrement...' : 'Enregistrer'}
          </Button>
          <Button type="button" variant="outline" disabled={!isDirty} onClick={() => form.reset(toFormValues(answer))}>
            Annuler les modifications
          </Button>
        </div>
      )}
    </form>
  );
}
