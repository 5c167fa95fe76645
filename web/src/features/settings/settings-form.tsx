import { useFieldArray } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { toInputText } from '@shared/decimal-input';
import {
  LEGAL_FORMS,
  settingsSchema,
  type Settings,
  type SettingsAnswer,
  type SettingsInput,
} from '@shared/schemas/settings';
import { DraftNotice } from '@/components/form/draft-notice';
import { FormField, FormSection, nativeControlClass } from '@/components/form/form-field';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { useRecordForm } from '@/components/form/use-record-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NumberInput } from '@/components/form/number-input';
import { LogoField } from './logo-field';
import { useSaveSettings } from './settings-api';

/** The API's decimals ("0.755") shown the French way ("0,755") in THE numeric fields. */
function toFormValues(answer: SettingsAnswer): SettingsInput {
  const { logo: _logo, ...settings } = answer;
  return {
    ...settings,
    vatRatePct: toInputText(settings.vatRatePct),
    buybackFactor: toInputText(settings.buybackFactor),
    quoteValidityDays: String(settings.quoteValidityDays),
    metalLossWarningPct: toInputText(settings.metalLossWarningPct),
    coefficientMetal: toInputText(settings.coefficientMetal),
    coefficientStones: toInputText(settings.coefficientStones),
    coefficientLabour: toInputText(settings.coefficientLabour),
    hourlyRates: settings.hourlyRates.map((r) => ({ ...r, ratePerHour: toInputText(r.ratePerHour) })),
  };
}

/**
 * The settings form: legal identity, pricing defaults, product word. A record form like the référentiels'
 * (use-record-form.ts): saved with the version it was loaded with, a 409 offers "Recharger", what is typed is
 * kept as a draft if the session ends. It stays on /settings after saving, showing the saved values; while nothing
 * is typed it follows the settings saved elsewhere.
 */
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
  const { form, onSubmit, saved, draft } = useRecordForm({
    schema: settingsSchema,
    record: answer,
    // The page shows the form once the settings are loaded: `answer` is always there.
    toValues: (loaded?: SettingsAnswer) => toFormValues(loaded ?? answer),
    onReload,
    followRecord: true,
    // A manager reads the settings: nothing typed, nothing to keep.
    draft: canWrite ? undefined : false,
    save: async (input: Settings, version) => {
      const record = await save.mutateAsync({ ...input, version });
      return {
        title: 'Paramètres enregistrés',
        description: 'Les nouveaux réglages sont appliqués',
        to: '/settings',
        record,
      };
    },
  });
  const rates = useFieldArray({ control: form.control, name: 'hourlyRates' });
  const { errors, isDirty, isSubmitting } = form.formState;
  const text = (name: Exclude<keyof SettingsInput, 'hourlyRates' | 'quoteValidityDays' | 'version' | 'legalForm'>) =>
    form.register(name);

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="grid gap-6"
      aria-label="Paramètres de l'organisation"
    >
      <UnsavedChangesGuard when={canWrite && isDirty && !saved} />
      <DraftNotice draft={draft} />
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
          <FormField
            label="Taux de TVA (%)"
            error={errors.vatRatePct?.message}
            description="Prix TTC des fiches produits ; servira aussi aux devis."
          >
            <NumberInput {...text('vatRatePct')} />
          </FormField>
          <FormField
            label="Coefficient de rachat d'or"
            error={errors.buybackFactor?.message}
            description="0,755 = décote de 24,50 % ; appliqué par la calculette de rachat du tableau de bord."
          >
            <NumberInput {...text('buybackFactor')} />
          </FormField>
          <FormField
            label="Validité des devis (jours)"
            error={errors.quoteValidityDays?.message}
            description="Sera utilisée par les devis."
          >
            <NumberInput integer {...form.register('quoteValidityDays')} />
          </FormField>
          <FormField
            label="Seuil d'alerte de perte métal (%)"
            error={errors.metalLossWarningPct?.message}
            description="Signale les lignes métal des fiches produits au-delà ; servira aux ordres de fabrication."
          >
            <NumberInput {...text('metalLossWarningPct')} />
          </FormField>
          <FormField
            label="Coefficient métal"
            error={errors.coefficientMetal?.message}
            description="Point de départ des nouvelles fiches produits ; servira aux devis."
          >
            <NumberInput {...text('coefficientMetal')} />
          </FormField>
          <FormField
            label="Coefficient pierres"
            error={errors.coefficientStones?.message}
            description="Pierres, mêlée, composants et autres lignes des nouvelles fiches ; servira aux devis."
          >
            <NumberInput {...text('coefficientStones')} />
          </FormField>
          <FormField
            label="Coefficient main-d'œuvre"
            error={errors.coefficientLabour?.message}
            description="Point de départ des nouvelles fiches produits ; servira aux devis."
          >
            <NumberInput {...text('coefficientLabour')} />
          </FormField>
          <div className="grid gap-2 sm:col-span-2">
            <p className="text-sm font-medium">Taux horaires</p>
            <p className="text-xs text-muted-foreground">
              Proposés pour les lignes de main-d&apos;œuvre des fiches produits ; serviront aux devis et aux ordres de
              fabrication.
            </p>
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
                  <NumberInput {...form.register(`hourlyRates.${index}.ratePerHour`)} />
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
          <Button type="submit" disabled={isSubmitting || !isDirty}>
            {isSubmitting ? 'Enregistrement...' : 'Enregistrer'}
          </Button>
          <Button type="button" variant="outline" disabled={!isDirty} onClick={draft.discard}>
            Annuler les modifications
          </Button>
        </div>
      )}
    </form>
  );
}
