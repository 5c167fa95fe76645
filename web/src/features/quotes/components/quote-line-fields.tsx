import { useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Gem } from 'lucide-react';
import { CLARITY_TABS } from '@shared/constants';
import { toInputText } from '@shared/decimal-input';
import { formatNumber } from '@shared/format';
import {
  PRICE_MODE_LABELS,
  PRICE_MODES,
  QUOTE_UNIT_LABELS,
  QUOTE_UNITS,
  VAT_RATES,
  type QuoteLineKind,
} from '@shared/schemas/quotes';
import { FormField } from '@/components/form/form-field';
import {
  LineInput as SharedLineInput,
  LineSelect as SharedLineSelect,
  LineTextarea as SharedLineTextarea,
  useLineField as useSharedLineField,
} from '@/components/form/line-fields';
import { HourlyRateChoices, MetalLossWarning } from '@/components/form/pricing-line-hints';
import { StonePicker } from '@/components/form/stone-picker';
import { Button } from '@/components/ui/button';
import { usePricingSettings } from '@/lib/pricing-settings';
import { useAlloys, useProductionSteps } from '@/lib/reference-data';
import { defaultCoefficientText, type QuoteFormValues, type QuoteLineFormValues } from '../lib/quote-form';
import { formatVatRate } from '../lib/display';
import { DiamondDialog } from './diamond-dialog';
import { ProductPicker } from './product-picker';

/** A field of a quote line that the person edits (the kind and key are fixed when the line is added). */
type LineKey = Exclude<keyof QuoteLineFormValues, 'kind' | 'key'>;

// The shared line fields, with `name` checked against a quote line's fields.
const LineInput = SharedLineInput<LineKey>;
const LineSelect = SharedLineSelect<LineKey>;
const LineTextarea = SharedLineTextarea<LineKey>;
const useLineField = useSharedLineField<LineKey>;

const GRID = 'grid gap-3 sm:grid-cols-2 lg:grid-cols-4';

interface LineFieldsProps {
  index: number;
  kind: QuoteLineKind;
  /** Names of the product sheets the quote already prices (a chosen sheet the picker's search does not list). */
  productNames: Readonly<Record<string, string>>;
}

/** The fields of one line: what it is (by kind), then how it is priced, then what the client reads. */
export function QuoteLineFields({ index, kind, productNames }: LineFieldsProps) {
  return (
    <div className="space-y-3">
      <KindFields index={index} kind={kind} productNames={productNames} />
      <PriceFields index={index} kind={kind} />
      <div className="grid gap-3 sm:grid-cols-2">
        {kind !== 'free' && <LineInput index={index} name="label" label="Libellé (facultatif)" />}
        <LineTextarea
          index={index}
          name="description"
          label="Description"
          className={kind === 'free' ? 'sm:col-span-2' : undefined}
        />
      </div>
    </div>
  );
}

function KindFields({ index, kind, productNames }: LineFieldsProps) {
  const alloys = useAlloys();
  const steps = useProductionSteps();
  const line = { index };
  switch (kind) {
    case 'metal':
      return (
        <div className={GRID}>
          <LineSelect {...line} name="alloyId" label="Alliage" className="sm:col-span-2">
            <option value="">{alloys.isPending ? 'Chargement…' : 'Choisir un alliage…'}</option>
            {(alloys.data ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.name} — {formatNumber(a.pricePerG, 2)} €/g
              </option>
            ))}
          </LineSelect>
          <LineInput {...line} name="weightG" label="Poids (g)" number="decimal" />
          <LineInput {...line} name="lossPct" label="Perte (%)" number="decimal">
            <LossWarning index={index} />
          </LineInput>
        </div>
      );
    case 'diamond':
      return <DiamondField index={index} />;
    case 'melee':
      return (
        <div className={GRID}>
          <LineInput {...line} name="mm" label="Diamètre (mm)" number="decimal" hint="De 0,7 à 4 mm" />
          <LineSelect {...line} name="clarity" label="Pureté">
            {CLARITY_TABS.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </LineSelect>
        </div>
      );
    case 'stone':
      return (
        <div className={GRID}>
          <StoneField index={index} />
          <LineSelect {...line} name="stoneUnit" label="Prix du stock">
            <option value="pc">À la pièce</option>
            <option value="ct">Au carat</option>
          </LineSelect>
        </div>
      );
    case 'labour':
      return (
        <div className={GRID}>
          <LineSelect {...line} name="productionStepId" label="Étape de production" className="sm:col-span-2">
            <option value="">{steps.isPending ? 'Chargement…' : 'Choisir une étape…'}</option>
            {(steps.data?.items ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
                {s.hourlyRate ? ` (${toInputText(s.hourlyRate)} €/h)` : ''}
              </option>
            ))}
          </LineSelect>
          <LabourModeFields index={index} />
        </div>
      );
    case 'product':
      return (
        <div className={GRID}>
          <ProductField index={index} productNames={productNames} />
        </div>
      );
    case 'free':
      return (
        <div className={GRID}>
          <LineInput {...line} name="label" label="Libellé" className="sm:col-span-2" />
          <LineSelect {...line} name="unit" label="Unité">
            {QUOTE_UNITS.map((u) => (
              <option key={u} value={u}>
                {QUOTE_UNIT_LABELS[u]}
              </option>
            ))}
          </LineSelect>
          <LineInput
            {...line}
            name="unitCost"
            label="Coût unitaire (€)"
            number="decimal"
            hint="Pour la marge ; vide : 0"
          />
        </div>
      );
  }
}

/** Quantity, price mode and its value, discount and VAT. */
function PriceFields({ index, kind }: { index: number; kind: QuoteLineKind }) {
  const settings = usePricingSettings();
  const mode = useWatch<QuoteFormValues, `lines.${number}.priceMode`>({ name: `lines.${index}.priceMode` });
  const vat = useWatch<QuoteFormValues, `lines.${number}.vatRatePct`>({ name: `lines.${index}.vatRatePct` });
  const stoneUnit = useWatch<QuoteFormValues, `lines.${number}.stoneUnit`>({ name: `lines.${index}.stoneUnit` });
  const unit = useWatch<QuoteFormValues, `lines.${number}.unit`>({ name: `lines.${index}.unit` });
  const quantityLabel =
    kind === 'stone' && stoneUnit === 'ct'
      ? 'Quantité (ct)'
      : kind === 'free' && unit !== 'pc'
        ? `Quantité (${QUOTE_UNIT_LABELS[unit]})`
        : kind === 'melee'
          ? 'Nombre de pierres'
          : 'Quantité';
  const rates: string[] = [...VAT_RATES];
  if (vat && !rates.includes(vat)) rates.unshift(vat);
  const coefficientDefault = defaultCoefficientText(kind, settings.data);
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
      <LineInput index={index} name="quantity" label={quantityLabel} number="decimal" />
      <LineSelect index={index} name="priceMode" label="Prix de vente">
        {PRICE_MODES.map((m) => (
          <option key={m} value={m}>
            {PRICE_MODE_LABELS[m]}
          </option>
        ))}
      </LineSelect>
      {mode === 'margin' ? (
        <LineInput index={index} name="marginPct" label="Marge (%)" number="decimal" placeholder="35" />
      ) : mode === 'price' ? (
        <LineInput index={index} name="unitPrice" label="PU HT (€)" number="decimal" />
      ) : (
        <LineInput
          index={index}
          name="coefficient"
          label="Coefficient"
          number="decimal"
          placeholder={coefficientDefault}
          hint={coefficientDefault ? `Vide : ${coefficientDefault}` : undefined}
        />
      )}
      <LineInput index={index} name="discountPct" label="Remise (%)" number="decimal" />
      <LineSelect index={index} name="vatRatePct" label="TVA">
        {rates.map((r) => (
          <option key={r} value={r}>
            {formatVatRate(r)}
          </option>
        ))}
      </LineSelect>
    </div>
  );
}

/** Under a metal line's loss: the threshold warning for the loss as typed. */
function LossWarning({ index }: { index: number }) {
  const loss = useWatch<QuoteFormValues, `lines.${number}.lossPct`>({ name: `lines.${index}.lossPct` });
  return <MetalLossWarning loss={loss} />;
}

/** Labour: time spent at an hourly rate, or a subcontractor's price per piece. */
function LabourModeFields({ index }: { index: number }) {
  const { control, setValue } = useFormContext<QuoteFormValues>();
  const steps = useProductionSteps();
  const mode = useWatch<QuoteFormValues, `lines.${number}.labourMode`>({ name: `lines.${index}.labourMode` });
  const stepId = useWatch<QuoteFormValues, `lines.${number}.productionStepId`>({
    name: `lines.${index}.productionStepId`,
  });
  const stepRate = steps.data?.items.find((s) => s.id === stepId)?.hourlyRate ?? null;
  const name = `lines-${index}-labourMode`;
  return (
    <>
      <fieldset className="flex flex-col gap-1.5 sm:col-span-2">
        <legend className="mb-1.5 text-sm font-medium leading-none">Réalisation</legend>
        <Controller
          control={control}
          name={`lines.${index}.labourMode`}
          render={({ field }) => (
            <div className="flex h-9 flex-wrap items-center gap-4 text-sm">
              {(
                [
                  ['time', 'Temps × taux horaire'],
                  ['subcontract', 'Sous-traitance'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={name}
                    value={value}
                    checked={field.value === value}
                    onChange={() => field.onChange(value)}
                    className="size-4 accent-primary"
                  />
                  {label}
                </label>
              ))}
            </div>
          )}
        />
      </fieldset>
      {mode === 'subcontract' ? (
        <LineInput
          index={index}
          name="subcontractPrice"
          label="Prix par pièce (€)"
          number="decimal"
          errorFrom="minutes"
          className="sm:col-span-2"
        />
      ) : (
        <>
          <LineInput index={index} name="minutes" label="Temps (min)" number="decimal" />
          <LineInput
            index={index}
            name="hourlyRate"
            label="Taux horaire (€/h)"
            number="decimal"
            placeholder={stepRate ? toInputText(stepRate) : undefined}
            hint={stepRate ? `Vide : taux de l'étape (${toInputText(stepRate)} €/h)` : "Vide : taux de l'étape"}
          >
            <HourlyRateChoices
              onChoose={(rate) =>
                setValue(`lines.${index}.hourlyRate`, rate, { shouldDirty: true, shouldValidate: true })
              }
            />
          </LineInput>
        </>
      )}
    </>
  );
}

/** The stock stone of a `stone` line: a search-and-pick control, twice as wide as the other fields. */
function StoneField({ index }: { index: number }) {
  const { control } = useFormContext<QuoteFormValues>();
  const { id, error } = useLineField(index, 'stoneId');
  return (
    <FormField id={id} label="Pierre / composant du stock" error={error} className="sm:col-span-2 lg:col-span-3">
      <Controller
        control={control}
        name={`lines.${index}.stoneId`}
        render={({ field }) => (
          <StonePicker id={id} value={field.value} onChange={field.onChange} invalid={Boolean(error)} />
        )}
      />
    </FormField>
  );
}

function ProductField({ index, productNames }: { index: number; productNames: Readonly<Record<string, string>> }) {
  const { control } = useFormContext<QuoteFormValues>();
  const { id, error } = useLineField(index, 'productId');
  return (
    <FormField id={id} label="Fiche produit" error={error} className="sm:col-span-2 lg:col-span-4">
      <Controller
        control={control}
        name={`lines.${index}.productId`}
        render={({ field }) => (
          <ProductPicker
            id={id}
            value={field.value}
            currentName={productNames[field.value] ?? null}
            onChange={field.onChange}
            invalid={Boolean(error)}
          />
        )}
      />
    </FormField>
  );
}

/** The catalogue diamond of a line: what was chosen, and the dialog to choose or change it. */
function DiamondField({ index }: { index: number }) {
  const { setValue } = useFormContext<QuoteFormValues>();
  const [open, setOpen] = useState(false);
  const { id, error } = useLineField(index, 'diamondId');
  const chosenId = useWatch<QuoteFormValues, `lines.${number}.diamondId`>({ name: `lines.${index}.diamondId` });
  const label = useWatch<QuoteFormValues, `lines.${number}.diamondLabel`>({ name: `lines.${index}.diamondLabel` });
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium leading-none" id={`${id}-label`}>
        Diamant
      </span>
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm" data-testid="diamond-chosen" aria-labelledby={`${id}-label`}>
          {chosenId ? (
            label || `Diamant n° ${chosenId}`
          ) : (
            <span className="text-muted-foreground">Aucun diamant choisi</span>
          )}
        </p>
        <Button
          id={id}
          type="button"
          size="sm"
          variant="outline"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onClick={() => setOpen(true)}
        >
          <Gem aria-hidden="true" />
          {chosenId ? 'Changer de diamant' : 'Choisir un diamant…'}
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
      <DiamondDialog
        open={open}
        onOpenChange={setOpen}
        onPick={(diamond, pickedLabel) => {
          setValue(`lines.${index}.diamondLabel`, pickedLabel, { shouldDirty: true });
          setValue(`lines.${index}.diamondId`, diamond.id, { shouldDirty: true, shouldValidate: true });
          setOpen(false);
        }}
      />
    </div>
  );
}
