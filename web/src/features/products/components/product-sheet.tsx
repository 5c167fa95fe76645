import { useCallback, useEffect, useRef } from 'react';
import { FormProvider } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Archive, ArrowLeft, ArchiveRestore, Save, Undo2 } from 'lucide-react';
import { can } from '@shared/access';
import { CONFLICT_MESSAGE } from '@shared/schemas/lists';
import {
  PRODUCT_CATEGORIES,
  PRODUCT_CATEGORY_LABELS,
  PRODUCT_STATUS_LABELS,
  type ProductDetail,
} from '@shared/schemas/products';
import { applyServerErrors } from '@/components/form/apply-server-errors';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { useZodForm } from '@/components/form/use-zod-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/features/auth/auth-context';
import { ApiError } from '@/lib/api-client';
import { useChangeProductStatus, useUpdateProduct } from '../api/product-mutations';
import { PRODUCTS_KEY, useProduct, useProductPricing } from '../api/products-api';
import { useRepriceOnMarketChange } from '../api/use-reprice-on-market-change';
import { SELECT_CLASS, TEXTAREA_CLASS } from '../lib/field-classes';
import {
  formValuesFromProduct,
  productSheetFormSchema,
  type ProductFormValues,
  type ProductUpdateBody,
} from '../lib/product-form';
import { CompositionEditor } from './composition-editor';
import { ConfirmButton } from './confirm-button';
import { errorProps, Field } from './field';
import { PhotoGallery } from './photo-gallery';
import { PricingBreakdown } from './pricing-breakdown';
import { SnapshotComparison } from './snapshot-comparison';

function isConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && !error.fieldErrors;
}

/** The editable sheet: header, information, composition, live price breakdown, snapshots, photos. */
export function ProductSheet({ product: initial }: { product: ProductDetail }) {
  const { user } = useAuth();
  const canWrite = can(user?.role, 'catalog', 'write');
  const navigate = useNavigate();
  const slug = initial.slug;
  // The latest server copy (after a save, a 409 reload, an archive...): its version is the one sent.
  const productQuery = useProduct(slug);
  const product = productQuery.data ?? initial;
  const pricing = useProductPricing(slug, null);
  const update = useUpdateProduct(slug);
  const changeStatus = useChangeProductStatus(slug);

  const form = useZodForm<ProductFormValues, ProductUpdateBody>(productSheetFormSchema, formValuesFromProduct(initial));
  const { register, handleSubmit, formState, reset } = form;
  const dirty = formState.isDirty;

  // A newer server copy replaces the form when nothing is being edited (edits are never thrown away).
  const shownVersion = useRef(initial.version);
  useEffect(() => {
    if (product.version === shownVersion.current) return;
    if (!form.formState.isDirty) reset(formValuesFromProduct(product));
    shownVersion.current = product.version;
  }, [product, reset, form.formState]);

  const isPriceQuery = useCallback(
    (key: readonly unknown[]) => key[0] === PRODUCTS_KEY[0] && key[1] === slug && key[2] === 'pricing',
    [slug],
  );
  useRepriceOnMarketChange(isPriceQuery);

  const onConflict = async () => {
    toast({
      title: 'Fiche modifiée entre-temps',
      description: `${CONFLICT_MESSAGE} La dernière version a été rechargée ; vos modifications sont conservées, vérifiez-les puis enregistrez à nouveau.`,
      variant: 'destructive',
    });
    await productQuery.refetch();
  };

  const onSubmit = handleSubmit((values) => {
    update.mutate(
      { ...values, version: product.version },
      {
        onSuccess: (saved) => {
          reset(formValuesFromProduct(saved));
          toast({ title: 'Fiche enregistrée', description: saved.name });
          // After the reset has rendered (the unsaved-changes guard must see a clean form).
          if (saved.slug !== slug) setTimeout(() => void navigate(`/products/${saved.slug}`, { replace: true }), 0);
        },
        onError: async (error) => {
          if (isConflict(error)) {
            await onConflict();
            return;
          }
          if (applyServerErrors(form, error)) return;
          toast({
            title: 'Erreur',
            description: error instanceof ApiError ? error.serverMessage : "Impossible d'enregistrer la fiche",
            variant: 'destructive',
          });
        },
      },
    );
  });

  const setStatus = async (action: 'archive' | 'restore') => {
    try {
      await changeStatus.mutateAsync({ action, version: product.version });
      toast({
        title: action === 'archive' ? 'Fiche archivée' : 'Fiche restaurée',
        description: product.name,
      });
    } catch (error) {
      if (isConflict(error)) {
        await onConflict();
        return;
      }
      toast({
        title: 'Erreur',
        description: error instanceof ApiError ? error.serverMessage : 'Action impossible',
        variant: 'destructive',
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
        <UnsavedChangesGuard when={dirty && !update.isPending} />
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
              <Badge variant={product.status === 'archived' ? 'outline' : 'default'} data-testid="product-status">
                {PRODUCT_STATUS_LABELS[product.status]}
              </Badge>
              <span className="text-xs text-muted-foreground">/products/{product.slug}</span>
            </div>
          </div>
          {canWrite && (
            <div className="flex flex-wrap gap-2">
              {dirty && (
                <Button type="button" variant="ghost" onClick={() => reset(formValuesFromProduct(product))}>
                  <Undo2 aria-hidden="true" />
                  Annuler les modifications
                </Button>
              )}
              {product.status === 'active' ? (
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
              <Button type="submit" disabled={!dirty || update.isPending}>
                <Save aria-hidden="true" />
                {update.isPending ? 'Enregistrement…' : 'Enregistrer'}
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
                <Field id="name" label="Nom" error={errors.name?.message}>
                  <Input
                    id="name"
                    disabled={!canWrite}
                    {...errorProps('name', errors.name?.message)}
                    {...register('name')}
                  />
                </Field>
                <Field id="slug" label="Slug (adresse de la fiche)" error={errors.slug?.message}>
                  <Input
                    id="slug"
                    disabled={!canWrite}
                    {...errorProps('slug', errors.slug?.message)}
                    {...register('slug')}
                  />
                </Field>
                <Field id="category" label="Catégorie" error={errors.category?.message}>
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
                </Field>
                <Field id="coefficient" label="Coefficient" error={errors.coefficient?.message}>
                  <Input
                    id="coefficient"
                    inputMode="decimal"
                    disabled={!canWrite}
                    {...errorProps('coefficient', errors.coefficient?.message)}
                    {...register('coefficient')}
                  />
                </Field>
                <Field
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
                </Field>
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
                {dirty && (
                  <p className="text-xs text-amber-700 dark:text-amber-300">
                    Modifications non enregistrées : le prix ci-dessous est celui de la fiche enregistrée.
                  </p>
                )}
                {pricing.data ? (
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
