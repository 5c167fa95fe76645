import { Link } from 'react-router';
import { toInputText } from '@shared/decimal-input';
import {
  STONE_CATEGORIES,
  STONE_CATEGORY_LABELS,
  STONE_CURRENCIES,
  STOCK_UNITS,
  STOCK_UNIT_LABELS,
  WEIGHT_UNITS,
  stoneInputSchema,
  type Stone,
  type StoneInput,
} from '@shared/schemas/stones';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NumberInput } from '@/components/form/number-input';
import { FormField, FormSection, nativeControlClass } from '@/components/form/form-field';
import { DraftNotice } from '@/components/form/draft-notice';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { useRecordForm } from '@/components/form/use-record-form';
import { useSupplierOptions } from '@/features/suppliers/api/supplier-options';
import { useCreateStone } from './api/create-stone';
import { useUpdateStone } from './api/update-stone';
import { StoneCost } from './stone-cost';

export interface StoneFormValues {
  category: string;
  name: string;
  variety: string;
  shape: string;
  sizeMm: string;
  lengthMm: string;
  widthMm: string;
  heightMm: string;
  weight: string;
  weightUnit: string;
  colour: string;
  quality: string;
  treatment: string;
  origin: string;
  certificate: string;
  unitCost: string;
  currency: string;
  supplierId: string;
  stockUnit: string;
  stockLocation: string;
  lowStockThreshold: string;
  notes: string;
}

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
/** Decimals as a French user types them ("1,30"); the schema reads both. */
const dec = (v: string | null | undefined) => toInputText(v);

export function stoneFormValues(s?: Stone): StoneFormValues {
  return {
    category: s?.category ?? 'pierre_couleur',
    name: str(s?.name),
    variety: str(s?.variety),
    shape: str(s?.shape),
    sizeMm: dec(s?.sizeMm),
    lengthMm: dec(s?.lengthMm),
    widthMm: dec(s?.widthMm),
    heightMm: dec(s?.heightMm),
    weight: dec(s?.weight),
    weightUnit: s?.weightUnit ?? 'ct',
    colour: str(s?.colour),
    quality: str(s?.quality),
    treatment: str(s?.treatment),
    origin: str(s?.origin),
    certificate: str(s?.certificate),
    unitCost: dec(s?.unitCost),
    currency: s?.currency ?? 'EUR',
    supplierId: str(s?.supplierId),
    stockUnit: s?.stockUnit ?? 'pc',
    stockLocation: str(s?.stockLocation),
    lowStockThreshold: dec(s?.lowStockThreshold),
    notes: str(s?.notes),
  };
}

export function StoneForm({
  stone,
  onReload,
  readOnly = false,
}: {
  stone?: Stone;
  onReload?: () => Promise<Stone | undefined>;
  readOnly?: boolean;
}) {
  const suppliers = useSupplierOptions();
  const create = useCreateStone();
  const update = useUpdateStone();
  const { form, onSubmit, saved, draft } = useRecordForm({
    schema: stoneInputSchema,
    record: stone,
    toValues: stoneFormValues,
    onReload,
    // A stock movement on the same page bumps the stone's version: the form follows while nothing is edited.
    followRecord: true,
    save: async (values: StoneInput, version) => {
      const result = stone
        ? await update.mutateAsync({ id: stone.id, body: { ...values, version } })
        : await create.mutateAsync(values);
      return { title: stone ? 'Article modifié' : 'Article créé', description: result.name, to: '/stones' };
    },
  });
  const { register, formState } = form;
  const errors = formState.errors;

  const err = (name: keyof StoneFormValues) => errors[name]?.message;
  const select = `${nativeControlClass} h-9`;

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4" aria-label="Fiche article">
      <UnsavedChangesGuard when={formState.isDirty && !saved} />
      <DraftNotice draft={draft} />
      <fieldset disabled={readOnly} className="flex flex-col gap-4">
        <FormSection title="Article">
          <FormField label="Nom" required error={err('name')}>
            <Input autoComplete="off" {...register('name')} />
          </FormField>
          <FormField label="Catégorie" required error={err('category')}>
            <select className={select} {...register('category')}>
              {STONE_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {STONE_CATEGORY_LABELS[c]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Variété" error={err('variety')} description="ex. saphir, rubis, perle de culture">
            <Input autoComplete="off" {...register('variety')} />
          </FormField>
          <FormField label="Forme" error={err('shape')}>
            <Input autoComplete="off" {...register('shape')} />
          </FormField>
          <FormField label="Taille (mm)" error={err('sizeMm')} description="diamètre d’une pierre ronde">
            <NumberInput {...register('sizeMm')} />
          </FormField>
          <fieldset className="flex flex-col gap-1">
            <legend className="text-sm font-medium">Dimensions L × l × h (mm)</legend>
            <p className="text-xs text-muted-foreground">formes fantaisie : longueur × largeur (× hauteur)</p>
            <div className="grid grid-cols-3 items-end gap-2">
              <FormField label="Longueur (mm)" error={err('lengthMm')}>
                <NumberInput {...register('lengthMm')} />
              </FormField>
              <FormField label="Largeur (mm)" error={err('widthMm')}>
                <NumberInput {...register('widthMm')} />
              </FormField>
              <FormField label="Hauteur (mm)" error={err('heightMm')}>
                <NumberInput {...register('heightMm')} />
              </FormField>
            </div>
          </fieldset>
          <div className="grid grid-cols-[1fr_6rem] gap-2">
            <FormField label="Poids" error={err('weight')}>
              <NumberInput {...register('weight')} />
            </FormField>
            <FormField label="Unité" error={err('weightUnit')}>
              <select className={select} {...register('weightUnit')}>
                {WEIGHT_UNITS.map((u) => (
                  <option key={u} value={u}>
                    {u}
                  </option>
                ))}
              </select>
            </FormField>
          </div>
          <FormField label="Couleur" error={err('colour')}>
            <Input autoComplete="off" {...register('colour')} />
          </FormField>
          <FormField label="Qualité" error={err('quality')}>
            <Input autoComplete="off" {...register('quality')} />
          </FormField>
          <FormField label="Traitement" error={err('treatment')}>
            <Input autoComplete="off" {...register('treatment')} />
          </FormField>
          <FormField label="Origine" error={err('origin')}>
            <Input autoComplete="off" {...register('origin')} />
          </FormField>
          <FormField label="Certificat" error={err('certificate')}>
            <Input autoComplete="off" {...register('certificate')} />
          </FormField>
        </FormSection>
        <FormSection title="Achat et stock">
          <div className="grid grid-cols-[1fr_6rem] gap-2">
            <FormField label="Coût unitaire" error={err('unitCost')}>
              <NumberInput {...register('unitCost')} />
            </FormField>
            <FormField label="Devise" error={err('currency')}>
              <select className={select} {...register('currency')}>
                {STONE_CURRENCIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </FormField>
          </div>
          {stone && stone.currency === 'USD' ? (
            <div className="flex flex-col gap-1 text-sm">
              <span className="text-xs text-muted-foreground">Coût en euros (cours du moment)</span>
              <StoneCost stone={stone} />
            </div>
          ) : (
            <div className="hidden sm:block" />
          )}
          <FormField label="Fournisseur" error={err('supplierId')}>
            <select className={select} {...register('supplierId')}>
              <option value="">— Aucun —</option>
              {/* The current supplier is rendered first, before the options load, so the select keeps it. */}
              {stone?.supplierId ? (
                <option value={stone.supplierId}>{stone.supplierName ?? 'Fournisseur archivé'}</option>
              ) : null}
              {(suppliers.data ?? [])
                .filter((o) => o.value !== stone?.supplierId)
                .map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
            </select>
          </FormField>
          <FormField
            label="Unité de stock"
            error={err('stockUnit')}
            description="la quantité en stock vient des mouvements de stock"
          >
            <select className={select} {...register('stockUnit')}>
              {STOCK_UNITS.map((u) => (
                <option key={u} value={u}>
                  {STOCK_UNIT_LABELS[u]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Emplacement" error={err('stockLocation')} description="ex. coffre A, tiroir 3">
            <Input autoComplete="off" {...register('stockLocation')} />
          </FormField>
          <FormField label="Seuil de stock bas" error={err('lowStockThreshold')}>
            <NumberInput {...register('lowStockThreshold')} />
          </FormField>
        </FormSection>
        <FormField label="Notes" error={err('notes')}>
          <textarea className={`${nativeControlClass} min-h-24`} {...register('notes')} />
        </FormField>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to="/stones">{readOnly ? 'Retour' : 'Annuler'}</Link>
        </Button>
        {readOnly ? null : (
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Enregistrement…' : stone ? 'Enregistrer' : 'Créer l’article'}
          </Button>
        )}
      </div>
    </form>
  );
}
