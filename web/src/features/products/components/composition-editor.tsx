import { Plus } from 'lucide-react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { CLARITY_TABS } from '@shared/constants';
import { toInputText } from '@shared/decimal-input';
import {
  COMPONENT_KIND_LABELS,
  COMPONENT_KINDS,
  MAX_PRODUCT_COMPONENTS,
  type ComponentKind,
} from '@shared/schemas/products';
import { LineRowActions } from '@/components/form/line-row-actions';
import { HourlyRateChoices, MetalLossWarning } from '@/components/form/pricing-line-hints';
import { Button } from '@/components/ui/button';
import { useAlloys, useProductionSteps } from '@/lib/reference-data';
import { emptyLine, type LineFormValues, type ProductFormValues } from '../lib/product-form';
import { FormField } from '@/components/form/form-field';
import {
  LineFieldsProvider,
  LineInput as SharedLineInput,
  LineSelect as SharedLineSelect,
  useLineField as useSharedLineField,
} from '@/components/form/line-fields';
import { StonePicker } from '@/components/form/stone-picker';

/** A field of a composition line that the user edits (the kind is fixed when the line is added). */
type LineKey = Exclude<keyof LineFormValues, 'kind'>;

// The shared line fields, with `name` checked against a composition line's fields.
const LineInput = SharedLineInput<LineKey>;
const LineSelect = SharedLineSelect<LineKey>;
const useLineField = useSharedLineField<LineKey>;

/**
 * The composition of a sheet: lines of metal (alloy, weight g, loss %), stone/component from stock, melee
 * (mm, clarity, quantity), labour (production step, minutes, optional hourly rate) and other (label, amount).
 */
export function CompositionEditor({ readOnly }: { readOnly: boolean }) {
  const { control, formState } = useFormContext<ProductFormValues>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'components' });
  const listError = formState.errors.components?.root?.message ?? formState.errors.components?.message;

  return (
    <div className="space-y-3" data-testid="composition-editor">
      {fields.length === 0 && <p className="text-sm text-muted-foreground">Aucune ligne de composition.</p>}
      <LineFieldsProvider arrayName="components" readOnly={readOnly}>
        <ol className="space-y-3">
          {fields.map((field, index) => (
            <li key={field.id} className="rounded-md border p-3" data-testid="composition-line">
              <div className="mb-2 flex items-center justify-between gap-2">
                <span className="text-sm font-semibold">
                  {index + 1}. {COMPONENT_KIND_LABELS[field.kind]}
                </span>
                {!readOnly && <LineRowActions index={index} count={fields.length} onMove={move} onRemove={remove} />}
              </div>
              <LineFields index={index} kind={field.kind} readOnly={readOnly} />
            </li>
          ))}
        </ol>
      </LineFieldsProvider>
      {listError && (
        <p role="alert" className="text-sm text-destructive">
          {listError}
        </p>
      )}
      {!readOnly && (
        <div className="flex flex-wrap gap-2">
          {COMPONENT_KINDS.map((kind: ComponentKind) => (
            <Button
              key={kind}
              type="button"
              size="sm"
              variant="outline"
              disabled={fields.length >= MAX_PRODUCT_COMPONENTS}
              onClick={() => append(emptyLine(kind))}
            >
              <Plus aria-hidden="true" />
              {COMPONENT_KIND_LABELS[kind]}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}

/** The fields of one line, by kind. */
function LineFields({ index, kind, readOnly }: { index: number; kind: ComponentKind; readOnly: boolean }) {
  const alloys = useAlloys();
  const steps = useProductionSteps();
  const line = { index };
  const grid = 'grid gap-3 sm:grid-cols-2 lg:grid-cols-4';
  const optionalLabel = <LineInput {...line} name="label" label="Libellé (facultatif)" />;

  switch (kind) {
    case 'metal':
      return (
        <div className={grid}>
          <LineSelect {...line} name="alloyId" label="Alliage">
            <option value="">{alloys.isPending ? 'Chargement...' : 'Choisir un alliage…'}</option>
            {(alloys.data ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </LineSelect>
          <LineInput {...line} name="weightG" label="Poids (g)" number="decimal" />
          <LineInput {...line} name="lossPct" label="Perte (%)" number="decimal">
            <LossWarning index={index} />
          </LineInput>
          {optionalLabel}
        </div>
      );
    case 'stone':
      return (
        <div className={grid}>
          <StoneField index={index} readOnly={readOnly} />
          <LineInput {...line} name="quantity" label="Quantité" number="integer" />
          {optionalLabel}
        </div>
      );
    case 'melee':
      return (
        <div className={grid}>
          <LineInput {...line} name="mm" label="Diamètre (mm)" number="decimal" />
          <LineSelect {...line} name="clarity" label="Pureté">
            {CLARITY_TABS.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </LineSelect>
          <LineInput {...line} name="quantity" label="Quantité" number="integer" />
          {optionalLabel}
        </div>
      );
    case 'labour':
      return (
        <div className={grid}>
          <LineSelect {...line} name="productionStepId" label="Étape de production">
            <option value="">{steps.isPending ? 'Chargement...' : 'Choisir une étape…'}</option>
            {(steps.data?.items ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
                {s.hourlyRate ? ` (${toInputText(s.hourlyRate)} €/h)` : ''}
              </option>
            ))}
          </LineSelect>
          <LineInput {...line} name="minutes" label="Temps (min)" number="decimal" />
          <LineInput
            {...line}
            name="hourlyRate"
            label="Taux horaire (€/h)"
            hint="Vide : taux de l'étape"
            number="decimal"
          >
            {!readOnly && <LineHourlyRates index={index} />}
          </LineInput>
          {optionalLabel}
        </div>
      );
    case 'other':
      return (
        <div className={grid}>
          <LineInput {...line} name="label" label="Libellé" />
          <LineInput {...line} name="amount" label="Montant (€)" number="decimal" />
        </div>
      );
  }
}

/** Under a metal line's loss: the threshold warning for the loss as typed. */
function LossWarning({ index }: { index: number }) {
  const loss = useWatch<ProductFormValues, `components.${number}.lossPct`>({ name: `components.${index}.lossPct` });
  return <MetalLossWarning loss={loss} />;
}

/** The organization's hourly rates offered for a labour line: a click fills the line's rate. */
function LineHourlyRates({ index }: { index: number }) {
  const { setValue } = useFormContext<ProductFormValues>();
  return (
    <HourlyRateChoices
      className="pt-1"
      onChoose={(rate) => setValue(`components.${index}.hourlyRate`, rate, { shouldDirty: true, shouldValidate: true })}
    />
  );
}

/** The stock stone of a `stone` line: a search-and-pick control, twice as wide as the other fields. */
function StoneField({ index, readOnly }: { index: number; readOnly: boolean }) {
  const { control } = useFormContext<ProductFormValues>();
  const { id, error } = useLineField(index, 'stoneId');
  return (
    <FormField id={id} label="Pierre / composant du stock" error={error} className="sm:col-span-2">
      <Controller
        control={control}
        name={`components.${index}.stoneId`}
        render={({ field }) => (
          <StonePicker
            id={id}
            value={field.value}
            onChange={field.onChange}
            disabled={readOnly}
            invalid={Boolean(error)}
          />
        )}
      />
    </FormField>
  );
}
