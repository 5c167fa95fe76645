import { useCallback } from 'react';
import { FormProvider } from 'react-hook-form';
import { Link } from 'react-router';
import { Archive, ArrowLeft, ArchiveRestore, Save, Undo2 } from 'lucide-react';
import { can } from '@shared/access';
import { COEFFICIENT_FIELD_LABELS, COEFFICIENT_GROUPS } from '@shared/pricing-groups';
import { PRODUCT_CATEGORIES, PRODUCT_CATEGORY_LABELS, type ProductDetail } from '@shared/schemas/products';
import { DraftNotice } from '@/components/form/draft-notice';
import { handleSaveError } from '@/components/form/save-errors';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { useRecordForm } from '@/components/form/use-record-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { NumberInput } from '@/components/form/number-input';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/features/auth/auth-context';
import { useChangeProductStatus, useUpdateProduct } from '../api/product-mutations';
import { PRODUCTS_KEY, useProduct, useProductPricing } from '../api/products-api';
import { useRepriceOnMarketChange } from '../api/use-reprice-on-market-change';
import { SELECT_CLASS, TEXTAREA_CLASS } from '@/components/form/field-classes';
import { formValuesFromProduct, productSheetFormSchema, type ProductUpdateBody } from '../lib/product-form';
import { CompositionEditor } from './composition-editor';
import { ConfirmButton } from './confirm-button';
import { errorProps, FormField } from '@/components/form/form-field';
import { PhotoGallery } from './photo-gallery';
import { PricingBreakdown } from './pricing-breakdown';
import { PricingPreview } from './pricing-preview';
import { SnapshotComparison } from './snapshot-comparison';

/**
 * The editable sheet: header, information, composition, live price breakdown, snapshots, photos. The
 * information, coefficients and composition are a record form (use-record-form.ts): saved with the version
 * the form was loaded with, a 409 offers "Recharger", what is typed is kept as a draft if the session ends.
 * The sheet stays open after saving (at its new address when the slug changed); while nothing is typed it
 * follows the latest server copy (an archive, a restore).
 */
export function ProductSheet({ product: initial }: { product: ProductDetail }) {
  const { user } = useAuth();
  const canWrite = can(user?.role, 'catalog', 'write');
  const slug = initial.slug;
  // The latest server copy (after a save, a 409 reload, an archive...): what the header and the form follow.
  const productQuery = useProduct(slug);
  const product = productQuery.data ?? initial;
  const pricing = useProductPricing(slug, null);
  const update = useUpdateProduct(slug);
  const changeStatus = useChangeProductStatus(slug);

  const { form, onSubmit, saved, draft } = useRecordForm({
    schema: productSheetFormSchema,
    record: product,
    // The page shows the sheet once the product is loaded: `product` is always there.
    toValues: (loaded?: ProductDetail) => formValuesFromProduct(loaded ?? product),
    onReload: async () => (await productQuery.refetch()).data,
    followRecord: true,
    // A reader cannot type: nothing to keep.
    draft: canWrite ? undefined : false,
    save: async (input: ProductUpdateBody, version) => {
      const savedProduct = await update.mutateAsync({ ...input, version });
      return {
        title: 'Fiche enregistrée',
        description: savedProduct.name,
        to: `/products/${savedProduct.slug}`,
        // The old address no longer answers.
        replace: true,
        record: savedProduct,
      };
    },
  });
  const { register, formState } = form;
  const dirty = formState.isDirty;

  const isPriceQuery = useCallback(
    (key: readonly unknown[]) => key[0] === PRODUCTS_KEY[0] && key[1] === slug && key[2] === 'pricing',
    [slug],
  );
  useRepriceOnMarketChange(isPriceQuery);

  const setStatus = async (action: 'archive' | 'restore') => {
    try {
      await changeStatus.mutateAsync(action);
      toast({
        title: action === 'archive' ? 'Fiche archivée' : 'Fiche restaurée',
        description: product.name,
      });
    } catch (error) {
      // Archive and restore are refused while the form is edited: "Recharger" shows the latest copy.
      handleSaveError(form, error, {
        onReload: () => void productQuery.refetch(),
        failureTitle: 'Action impossible',
      });
    }
  };

  const errors = formState.errors;
  return (
    <FormProvider {...form}>
      <form
        onSubmit={(e) => void onSubmit(e)}
        className="space-y-4 md:space-y-6"
        noValidate
        data-testid="product-sheet"
      >
        <UnsavedChangesGuard when={dirty && !saved} />
        <DraftNotice draft={draft} />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 space-y-1">
            <Link
              to="/products"
              className="inline-flex items-center gap-1 text-xs text-muted-foreground hover:underline"
            >
              <ArrowLeft className="size-3" aria-hidden="true" />
              Fiches produits
            </Link>
            <h1 className="text-2xl font-semibold tracking-tight break-words">{product.name}</h1>
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant="secondary">{PRODUCT_CATEGORY_LABELS[product.category]}</Badge>
              <Badge variant={product.archivedAt ? 'outline' : 'default'} data-testid="product-status">
                {product.archivedAt ? 'Archivé' : 'Actif'}
              </Badge>
              <span className="text-xs text-muted-foreground">/products/{product.slug}</span>
            </div>
          </div>
          {canWrite && (
            <div className="flex flex-wrap gap-2">
              {dirty && (
                <Button type="button" variant="ghost" onClick={draft.discard}>
                  <Undo2 aria-hidden="true" />
                  Annuler les modifications
                </Button>
              )}
              {!product.archivedAt ? (
                <ConfirmButton
                  variant="outline"
                  disabled={changeStatus.isPending || dirty}
                  title="Archiver cette fiche ?"
                  description="La fiche n'apparaîtra plus dans la liste des fiches actives. Vous pourrez la restaurer."
                  confirmLabel="Archiver"
                  onConfirm={() => setStatus('archive')}
                >
                  <Archive aria-hidden="true" />
                  Archiver
                </ConfirmButton>
              ) : (
                <ConfirmButton
                  variant="outline"
                  destructive={false}
                  disabled={changeStatus.isPending || dirty}
                  title="Restaurer cette fiche ?"
                  description="La fiche redeviendra active."
                  confirmLabel="Restaurer"
                  onConfirm={() => setStatus('restore')}
                >
                  <ArchiveRestore aria-hidden="true" />
                  Restaurer
                </ConfirmButton>
              )}
              <Button type="submit" disabled={!dirty || formState.isSubmitting}>
                <Save aria-hidden="true" />
                {formState.isSubmitting ? 'Enregistrement…' : 'Enregistrer'}
              </Button>
            </div>
          )}
        </div>
        {!canWrite && (
          <p className="rounded-md border bg-muted/40 p-3 text-sm text-muted-foreground">
            Lecture seule : votre rôle ne permet pas de modifier les fiches produits.
          </p>
        )}

        <div className="grid gap-4 md:gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="space-y-4 md:space-y-6">
            <Card>
              <CardHeader>
                <CardTitle>Informations</CardTitle>
              </CardHeader>
              <CardContent className="grid gap-3 sm:grid-cols-2">
                <FormField id="name" label="Nom" error={errors.name?.message}>
                  <Input
                    id="name"
                    disabled={!canWrite}
                    {...errorProps('name', errors.name?.message)}
                    {...register('name')}
                  />
                </FormField>
                <FormField id="slug" label="Slug (adresse de la fiche)" error={errors.slug?.message}>
                  <Input
                    id="slug"
                    disabled={!canWrite}
                    {...errorProps('slug', errors.slug?.message)}
                    {...register('slug')}
                  />
                </FormField>
                <FormField id="category" label="Catégorie" error={errors.category?.message}>
                  <select
                    id="category"
                    className={SELECT_CLASS}
                    disabled={!canWrite}
                    {...errorProps('category', errors.category?.message)}
                    {...register('category')}
                  >
                    {PRODUCT_CATEGORIES.map((c) => (
                      <option key={c} value={c}>
                        {PRODUCT_CATEGORY_LABELS[c]}
                      </option>
                    ))}
                  </select>
                </FormField>
                <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-3" data-testid="product-coefficients">
                  <legend className="mb-1 text-xs font-medium text-muted-foreground">
                    Coefficients (prix de vente = coût de chaque groupe × son coefficient)
                  </legend>
                  {COEFFICIENT_GROUPS.map((group) => {
                    const id = `coefficients-${group}`;
                    const error = errors.coefficients?.[group]?.message;
                    return (
                      <FormField key={group} id={id} label={COEFFICIENT_FIELD_LABELS[group]} error={error}>
                        <NumberInput
                          id={id}
                          disabled={!canWrite}
                          {...errorProps(id, error)}
                          {...register(`coefficients.${group}`)}
                        />
                      </FormField>
                    );
                  })}
                </fieldset>
                <FormField
                  id="description"
                  label="Description"
                  error={errors.description?.message}
                  className="sm:col-span-2"
                >
                  <textarea
                    id="description"
                    className={TEXTAREA_CLASS}
                    disabled={!canWrite}
                    {...errorProps('description', errors.description?.message)}
                    {...register('description')}
                  />
                </FormField>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Composition</CardTitle>
              </CardHeader>
              <CardContent>
                <CompositionEditor readOnly={!canWrite} />
              </CardContent>
            </Card>
          </div>
          <div className="order-first space-y-4 md:space-y-6 xl:order-none">
            <Card>
              <CardHeader>
                <CardTitle>Prix du jour</CardTitle>
              </CardHeader>
              <CardContent className="space-y-3">
                {dirty && canWrite ? (
                  <PricingPreview saved={product.coefficients} />
                ) : pricing.data ? (
                  <PricingBreakdown pricing={pricing.data.today} />
                ) : pricing.isError ? (
                  <div className="space-y-2">
                    <p className="text-sm text-destructive">Impossible de calculer le prix.</p>
                    <Button type="button" size="sm" variant="outline" onClick={() => void pricing.refetch()}>
                      Réessayer
                    </Button>
                  </div>
                ) : (
                  <PricingBreakdown pricing={product.pricing} />
                )}
                {dirty && canWrite && (
                  <p className="text-xs text-muted-foreground">
                    Enregistrez la fiche pour conserver ce prix ; « Annuler les modifications » revient au prix
                    enregistré.
                  </p>
                )}
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Historique des prix</CardTitle>
              </CardHeader>
              <CardContent>
                <SnapshotComparison slug={slug} canWrite={canWrite} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Photos</CardTitle>
              </CardHeader>
              <CardContent>
                <PhotoGallery slug={slug} photos={product.photos} canWrite={canWrite} />
              </CardContent>
            </Card>
          </div>
        </div>
      </form>
    </FormProvider>
  );
}
