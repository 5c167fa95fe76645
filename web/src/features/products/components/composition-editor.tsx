import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { Controller, useFieldArray, useFormContext, type FieldErrors } from 'react-hook-form';
import { CLARITY_TABS } from '@shared/constants';
import {
  COMPONENT_KIND_LABELS,
  COMPONENT_KINDS,
  MAX_PRODUCT_COMPONENTS,
  type ComponentKind,
} from '@shared/schemas/products';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useAlloys, useProductionSteps } from '../api/reference-data';
import { SELECT_CLASS } from '../lib/field-classes';
import { emptyLine, type LineFormValues, type ProductFormValues } from '../lib/product-form';
import { errorProps, Field } from './field';
import { StonePicker } from './stone-picker';

type LineErrors = FieldErrors<LineFormValues> | undefined;
const msg = (errors: LineErrors, key: keyof LineFormValues): string | undefined => errors?.[key]?.message;

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
      <ol className="space-y-3">
        {fields.map((field, index) => (
          <li key={field.id} className="rounded-md border p-3" data-testid="composition-line">
            <div className="mb-2 flex items-center justify-between gap-2">
              <span className="text-sm font-semibold">
                {index + 1}. {COMPONENT_KIND_LABELS[field.kind]}
              </span>
              {!readOnly && (
                <div className="flex gap-1">
                  <Button
                    type="button"
                    size="icon"
                    variant="ghost"
                    aria-label={`Monter la ligne ${index + 1}`}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    size="icon"
                    variant="ghost"
                    aria-label={`Descendre la ligne ${index + 1}`}
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    size="icon"
                    variant="ghost"
                    aria-label={`Retirer la ligne ${index + 1}`}
                    onClick={() => remove(index)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              )}
            </div>
            <LineFields index={index} kind={field.kind} readOnly={readOnly} />
          </li>
        ))}
      </ol>
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

function LineFields({ index, kind, readOnly }: { index: number; kind: ComponentKind; readOnly: boolean }) {
  const { register, control, formState } = useFormContext<ProductFormValues>();
  const errors: LineErrors = formState.errors.components?.[index];
  const alloys = useAlloys();
  const steps = useProductionSteps();
  const id = (name: string) => `components-${index}-${name}`;
  const path = <K extends keyof LineFormValues>(key: K) => `components.${index}.${key}` as const;
  const grid = 'grid gap-3 sm:grid-cols-2 lg:grid-cols-4';

  const labelField = (required: boolean) => (
    <Field id={id('label')} label={required ? 'Libellé' : 'Libellé (facultatif)'} error={msg(errors, 'label')}>
      <Input
        id={id('label')}
        disabled={readOnly}
        {...errorProps(id('label'), msg(errors, 'label'))}
        {...register(path('label'))}
      />
    </Field>
  );

  switch (kind) {
    case 'metal':
      return (
        <div className={grid}>
          <Field id={id('alloyId')} label="Alliage" error={msg(errors, 'alloyId')}>
            <Controller
              control={control}
              name={path('alloyId')}
              render={({ field }) => (
                <select
                  id={id('alloyId')}
                  className={SELECT_CLASS}
                  disabled={readOnly}
                  {...errorProps(id('alloyId'), msg(errors, 'alloyId'))}
                  {...field}
                >
                  <option value="">{alloys.isPending ? 'Chargement...' : 'Choisir un alliage…'}</option>
                  {(alloys.data ?? []).map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.name}
                    </option>
                  ))}
                </select>
              )}
            />
          </Field>
          <Field id={id('weightG')} label="Poids (g)" error={msg(errors, 'weightG')}>
            <Input
              id={id('weightG')}
              inputMode="decimal"
              disabled={readOnly}
              {...errorProps(id('weightG'), msg(errors, 'weightG'))}
              {...register(path('weightG'))}
            />
          </Field>
          <Field id={id('lossPct')} label="Perte (%)" error={msg(errors, 'lossPct')}>
            <Input
              id={id('lossPct')}
              inputMode="decimal"
              disabled={readOnly}
              {...errorProps(id('lossPct'), msg(errors, 'lossPct'))}
              {...register(path('lossPct'))}
            />
          </Field>
          {labelField(false)}
        </div>
      );
    case 'stone':
      return (
        <div className={grid}>
          <Field
            id={id('stoneId')}
            label="Pierre / composant du stock"
            error={msg(errors, 'stoneId')}
            className="sm:col-span-2"
          >
            <Controller
              control={control}
              name={path('stoneId')}
              render={({ field }) => (
                <StonePicker
                  id={id('stoneId')}
                  value={field.value}
                  onChange={field.onChange}
                  disabled={readOnly}
                  invalid={Boolean(msg(errors, 'stoneId'))}
                />
              )}
            />
          </Field>
          <Field id={id('quantity')} label="Quantité" error={msg(errors, 'quantity')}>
            <Input
              id={id('quantity')}
              inputMode="numeric"
              disabled={readOnly}
              {...errorProps(id('quantity'), msg(errors, 'quantity'))}
              {...register(path('quantity'))}
            />
          </Field>
          {labelField(false)}
        </div>
      );
    case 'melee':
      return (
        <div className={grid}>
          <Field id={id('mm')} label="Diamètre (mm)" error={msg(errors, 'mm')}>
            <Input
              id={id('mm')}
              inputMode="decimal"
              disabled={readOnly}
              {...errorProps(id('mm'), msg(errors, 'mm'))}
              {...register(path('mm'))}
            />
          </Field>
          <Field id={id('clarity')} label="Pureté" error={msg(errors, 'clarity')}>
            <select id={id('clarity')} className={SELECT_CLASS} disabled={readOnly} {...register(path('clarity'))}>
              {CLARITY_TABS.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </Field>
          <Field id={id('quantity')} label="Quantité" error={msg(errors, 'quantity')}>
            <Input
              id={id('quantity')}
              inputMode="numeric"
              disabled={readOnly}
              {...errorProps(id('quantity'), msg(errors, 'quantity'))}
              {...register(path('quantity'))}
            />
          </Field>
          {labelField(false)}
        </div>
      );
    case 'labour':
      return (
        <div className={grid}>
          <Field id={id('productionStepId')} label="Étape de production" error={msg(errors, 'productionStepId')}>
            <Controller
              control={control}
              name={path('productionStepId')}
              render={({ field }) => (
                <select
                  id={id('productionStepId')}
                  className={SELECT_CLASS}
                  disabled={readOnly}
                  {...errorProps(id('productionStepId'), msg(errors, 'productionStepId'))}
                  {...field}
                >
                  <option value="">{steps.isPending ? 'Chargement...' : 'Choisir une étape…'}</option>
                  {(steps.data?.items ?? []).map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                      {s.hourlyRate ? ` (${s.hourlyRate.replace('.', ',')} €/h)` : ''}
                    </option>
                  ))}
                </select>
              )}
            />
          </Field>
          <Field id={id('minutes')} label="Temps (min)" error={msg(errors, 'minutes')}>
            <Input
              id={id('minutes')}
              inputMode="decimal"
              disabled={readOnly}
              {...errorProps(id('minutes'), msg(errors, 'minutes'))}
              {...register(path('minutes'))}
            />
          </Field>
          <Field
            id={id('hourlyRate')}
            label="Taux horaire (€/h)"
            hint="Vide : taux de l'étape"
            error={msg(errors, 'hourlyRate')}
          >
            <Input
              id={id('hourlyRate')}
              inputMode="decimal"
              disabled={readOnly}
              {...errorProps(id('hourlyRate'), msg(errors, 'hourlyRate'))}
              {...register(path('hourlyRate'))}
            />
          </Field>
          {labelField(false)}
        </div>
      );
    case 'other':
      return (
        <div className={grid}>
          {labelField(true)}
          <Field id={id('amount')} label="Montant (€)" error={msg(errors, 'amount')}>
            <Input
              id={id('amount')}
              inputMode="decimal"
              disabled={readOnly}
              {...errorProps(id('amount'), msg(errors, 'amount'))}
              {...register(path('amount'))}
            />
          </Field>
        </div>
      );
  }
}
