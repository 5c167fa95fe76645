import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Plus } from 'lucide-react';
import { COEFFICIENT_FIELD_LABELS, COEFFICIENT_GROUPS } from '@shared/pricing-groups';
import { slugify } from '@shared/slug';
import { PRODUCT_CATEGORIES, PRODUCT_CATEGORY_LABELS } from '@shared/schemas/products';
import { DialogFormFooter } from '@/components/form/dialog-form-footer';
import { handleSaveError } from '@/components/form/save-errors';
import { FormField } from '@/components/form/form-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { NumberInput } from '@/components/form/number-input';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { usePricingSettings } from '@/lib/pricing-settings';
import { useCreateProduct } from '../api/product-mutations';
import { SELECT_CLASS, TEXTAREA_CLASS } from '@/components/form/field-classes';
import {
  createFormDefaults,
  productCreateFormSchema,
  type CreateFormValues,
  type ProductCreateBody,
} from '../lib/product-form';

/**
 * "Nouvelle fiche": name, slug (from the name until edited), category, description, and the three coefficients,
 * which start from the organization's settings.
 */
export function ProductCreateDialog() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const create = useCreateProduct();
  const settings = usePricingSettings();
  const defaults = createFormDefaults(settings.data);
  const form = useZodForm<CreateFormValues, ProductCreateBody>(productCreateFormSchema, defaults);
  const { register, handleSubmit, formState, watch, setValue, reset } = form;
  const [slugEdited, setSlugEdited] = useState(false);
  const name = watch('name');

  useEffect(() => {
    if (!slugEdited) setValue('slug', name.trim() ? slugify(name) : '', { shouldDirty: true });
  }, [name, slugEdited, setValue]);

  // The organization's coefficients arrive after the dialog may have mounted: they fill untouched fields.
  const settingsData = settings.data;
  useEffect(() => {
    if (!settingsData) return;
    const start = createFormDefaults(settingsData).coefficients;
    for (const group of COEFFICIENT_GROUPS) {
      if (!form.getFieldState(`coefficients.${group}`).isDirty) setValue(`coefficients.${group}`, start[group]);
    }
  }, [settingsData, setValue, form]);

  const close = (next: boolean) => {
    if (
      !next &&
      formState.isDirty &&
      !window.confirm('Abandonner la nouvelle fiche ? Les informations saisies seront perdues.')
    ) {
      return;
    }
    setOpen(next);
    if (!next) {
      reset(createFormDefaults(settings.data));
      setSlugEdited(false);
    }
  };

  const onSubmit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (product) => {
        toast({ title: 'Fiche créée', description: product.name });
        reset(createFormDefaults(settings.data));
        setSlugEdited(false);
        setOpen(false);
        void navigate(`/products/${product.slug}`);
      },
      onError: (error) => {
        handleSaveError(form, error, { failureTitle: 'Création impossible' });
      },
    }),
  );

  const errors = formState.errors;
  const slugField = register('slug');
  return (
    <>
      <Button type="button" onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" />
        Nouvelle fiche
      </Button>
      <Dialog open={open} onOpenChange={close}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
          <DialogHeader>
            <DialogTitle>Nouvelle fiche produit</DialogTitle>
            <DialogDescription>La composition et les photos se complètent ensuite sur la fiche.</DialogDescription>
          </DialogHeader>
          <form id="product-create-form" onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-3">
            <FormField label="Nom" required error={errors.name?.message}>
              <Input autoFocus {...register('name')} />
            </FormField>
            <FormField
              label="Slug (adresse de la fiche)"
              error={errors.slug?.message}
              description="Généré à partir du nom ; modifiable."
            >
              <Input
                {...slugField}
                onChange={(e) => {
                  setSlugEdited(true);
                  void slugField.onChange(e);
                }}
              />
            </FormField>
            <FormField label="Catégorie" required error={errors.category?.message}>
              <select className={SELECT_CLASS} {...register('category')}>
                <option value="">Choisir…</option>
                {PRODUCT_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {PRODUCT_CATEGORY_LABELS[c]}
                  </option>
                ))}
              </select>
            </FormField>
            <fieldset className="grid gap-3 sm:grid-cols-3">
              <legend className="mb-1 text-sm font-medium">Coefficients</legend>
              {COEFFICIENT_GROUPS.map((group) => (
                <FormField
                  key={group}
                  label={COEFFICIENT_FIELD_LABELS[group]}
                  error={errors.coefficients?.[group]?.message}
                >
                  <NumberInput {...register(`coefficients.${group}`)} />
                </FormField>
              ))}
              <p className="text-xs text-muted-foreground sm:col-span-3">
                Ceux de l&apos;organisation (Paramètres) ; prix de vente = coût de chaque groupe × son coefficient.
              </p>
            </fieldset>
            <FormField label="Description" error={errors.description?.message}>
              <textarea className={TEXTAREA_CLASS} {...register('description')} />
            </FormField>
          </form>
          <DialogFormFooter
            form="product-create-form"
            onCancel={() => close(false)}
            pending={create.isPending}
            submitLabel="Créer la fiche"
            pendingLabel="Création…"
          />
        </DialogContent>
      </Dialog>
    </>
  );
}
