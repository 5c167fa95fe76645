import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useFieldArray, useWatch, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { ArrowLeft, Plus, Save, Trash2 } from 'lucide-react';
import type { Client } from '@shared/schemas/clients';
import { GOLD_BUYBACK_FACTOR, METALS, type Metal } from '@shared/constants';
import { formatEuro, formatNumber } from '@shared/format';
import { GOLD_BUY_TAX_REGIME_LABELS, GOLD_BUY_TAX_REGIMES, LEGAL_FINENESSES } from '@shared/gold-buy-rules';
import {
  GOLD_BUY_CATEGORY_LABELS,
  GOLD_BUY_METAL_LABELS,
  goldBuyCreateSchema,
  ID_DOCUMENT_TYPE_LABELS,
  ID_DOCUMENT_TYPES,
  type GoldBuyCreateInput,
  type GoldBuyDetail,
} from '@shared/schemas/gold-buys';
import { ClientPicker } from '@/components/form/client-picker';
import { SELECT_CLASS, TEXTAREA_CLASS } from '@/components/form/field-classes';
import { FormField } from '@/components/form/form-field';
import { NumberInput } from '@/components/form/number-input';
import { PageHeader } from '@/components/form/page-header';
import { handleSaveError } from '@/components/form/save-errors';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { useSpotPrice } from '@/features/market/api/get-spot-price';
import { isUnauthenticated } from '@/lib/api-client';
import { cn } from '@/lib/class-merge';
import { usePricingSettings } from '@/lib/pricing-settings';
import { fetchItem, itemKey } from '@/lib/resource-client';
import { useCreateGoldBuy, useUpdateGoldBuy } from './api/gold-buys-api';
import { GoldBuyTotals, totalsOf } from './components/gold-buy-totals';
import { ItemPhotoField } from './components/item-photo-field';
import { emptyItem, livePricing, type GoldBuyFormValues } from './lib/gold-buy-form';

type Form = UseFormReturn<GoldBuyFormValues, unknown, GoldBuyCreateInput>;

/** The first error message of a nested field ("items.0.netWeightG"). */
function errorAt(errors: FieldErrors<GoldBuyFormValues>, path: string): string | undefined {
  let node: unknown = errors;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  if (typeof node !== 'object' || node === null) return undefined;
  const message = (node as { message?: unknown }).message;
  return typeof message === 'string' ? message : undefined;
}

/** Today's price of a gram of pure metal per metal (EUR), null while unknown. */
function useMarketPrices(): { prices: Partial<Record<Metal, string | null>>; loading: boolean; failed: Metal[] } {
  const gold = useSpotPrice('gold');
  const silver = useSpotPrice('silver');
  const platinum = useSpotPrice('platinum');
  const spots = { gold, silver, platinum };
  return {
    prices: Object.fromEntries(METALS.map((m) => [m, spots[m].data?.pricePerG ?? null])),
    loading: METALS.some((m) => spots[m].isPending),
    failed: METALS.filter((m) => spots[m].isError),
  };
}

/**
 * The draft of a purchase (`/goldbuy/new`, `/goldbuy/:id/edit`): the seller (a client, or typed from the identity
 * document), the items, the tax regime and the live totals at today's market prices. Saving creates the draft
 * (POST) or replaces it (PUT with its version) and opens the purchase.
 */
export function GoldBuyForm({
  detail,
  initialValues,
}: {
  /** The draft being edited; none for a new purchase. */
  detail?: GoldBuyDetail;
  initialValues: GoldBuyFormValues;
}) {
  const navigate = useNavigate();
  const form: Form = useZodForm<GoldBuyFormValues, GoldBuyCreateInput>(goldBuyCreateSchema, initialValues);
  const { control, register, handleSubmit, formState } = form;
  const items = useFieldArray({ control, name: 'items' });
  const create = useCreateGoldBuy();
  const update = useUpdateGoldBuy(detail?.id ?? '');
  const [savedId, setSavedId] = useState<string | null>(null);
  const settings = usePricingSettings();
  const market = useMarketPrices();
  const watchedItems = useWatch({ control, name: 'items' });
  const regime = useWatch({ control, name: 'taxRegime' });
  const factor = settings.data?.buybackFactor ?? detail?.buybackFactor ?? GOLD_BUYBACK_FACTOR;
  const vatRegistered = detail ? detail.vatRegistered : (settings.data?.vatRegistered ?? null);
  const live = livePricing(watchedItems, {
    pricePerGramPure: market.prices,
    buybackFactor: factor,
    regime,
    vatRegistered: vatRegistered ?? false,
  });

  useEffect(() => {
    if (savedId) void navigate(`/goldbuy/${savedId}`, { replace: !detail });
  }, [savedId, navigate, detail]);

  const save = handleSubmit(async (body) => {
    try {
      const saved = detail
        ? await update.mutateAsync({ ...body, version: detail.version })
        : await create.mutateAsync(body);
      toast({ title: detail ? 'Brouillon enregistré' : 'Achat créé', description: 'Le brouillon est enregistré.' });
      setSavedId(saved.id);
    } catch (error) {
      if (isUnauthenticated(error)) return;
      handleSaveError(form, error, { onReload: () => window.location.reload() });
    }
  });

  const saving = formState.isSubmitting;
  const title = detail ? `Modifier le brouillon${detail.number ? ` ${detail.number}` : ''}` : 'Nouvel achat d’or';
  return (
    <form className="flex min-w-0 flex-col gap-4" data-testid="gold-buy-form" noValidate onSubmit={(e) => void save(e)}>
      <UnsavedChangesGuard when={formState.isDirty && !saving && savedId === null} />
      <PageHeader
        title={title}
        description="Achat de métaux précieux à un particulier : le brouillon se modifie jusqu’à la signature du contrat."
        actions={
          <Button asChild variant="outline">
            <Link to={detail ? `/goldbuy/${detail.id}` : '/goldbuy'}>
              <ArrowLeft aria-hidden="true" />
              Retour
            </Link>
          </Button>
        }
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <SellerFields form={form} />
          <fieldset className="flex min-w-0 flex-col gap-3 rounded-lg border p-4" data-testid="gold-buy-items">
            <legend className="px-1 text-sm font-semibold">Objets achetés</legend>
            {items.fields.map((field, index) => (
              <ItemFields
                key={field.id}
                form={form}
                index={index}
                goldBuyId={detail?.id}
                line={live.lines[index] ?? null}
                factor={factor}
                onRemove={items.fields.length > 1 ? () => items.remove(index) : undefined}
              />
            ))}
            {errorAt(formState.errors, 'items') ? (
              <p role="alert" className="text-xs font-medium text-destructive">
                {errorAt(formState.errors, 'items')}
              </p>
            ) : null}
            <div>
              <Button type="button" variant="outline" size="sm" onClick={() => items.append(emptyItem())}>
                <Plus aria-hidden="true" />
                Ajouter un objet
              </Button>
            </div>
          </fieldset>
          <fieldset className="flex flex-col gap-3 rounded-lg border p-4">
            <legend className="px-1 text-sm font-semibold">Régime fiscal</legend>
            <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
              {GOLD_BUY_TAX_REGIMES.map((r) => (
                <label key={r} className="flex items-center gap-2 text-sm">
                  <input type="radio" value={r} {...register('taxRegime')} className="size-4" />
                  {GOLD_BUY_TAX_REGIME_LABELS[r]}
                </label>
              ))}
            </div>
            <p className="text-xs text-muted-foreground">
              {regime === 'flat'
                ? 'Taxe forfaitaire (CGI art. 150 VI à 150 VK) : 11 % + 0,5 % de CRDS sur les métaux précieux ; 6 % + 0,5 % sur les bijoux au-delà de 5 000 € par vente, les bijoux jusqu’à 5 000 € en sont exonérés.'
                : 'Régime des plus-values : le vendeur justifie du prix et de la date d’acquisition (facture, acte) ; il ne paie pas la taxe forfaitaire et déclare la plus-value, réduite selon la durée de détention.'}
            </p>
          </fieldset>
          <FormField label="Notes" error={errorAt(formState.errors, 'notes')}>
            <textarea className={TEXTAREA_CLASS} rows={3} {...register('notes')} />
          </FormField>
        </div>
        <div className="flex flex-col gap-3 lg:sticky lg:top-4 lg:self-start">
          <GoldBuyTotals {...totalsOf(live.pricing)} regime={regime} vatRegistered={vatRegistered} />
          <MarketNote prices={market.prices} loading={market.loading} failed={market.failed} factor={factor} />
          <Button type="submit" disabled={saving} data-testid="gold-buy-save">
            <Save aria-hidden="true" />
            {saving ? 'Enregistrement…' : 'Enregistrer le brouillon'}
          </Button>
        </div>
      </div>
    </form>
  );
}

function MarketNote({
  prices,
  loading,
  failed,
  factor,
}: {
  prices: Partial<Record<Metal, string | null>>;
  loading: boolean;
  failed: Metal[];
  factor: string;
}) {
  return (
    <div className="rounded-lg border p-3 text-xs text-muted-foreground" data-testid="gold-buy-market">
      <p className="font-medium text-foreground">Cours du jour (métal pur)</p>
      <ul className="mt-1 space-y-0.5">
        {METALS.map((m) => (
          <li key={m} className="flex justify-between gap-2">
            <span>{GOLD_BUY_METAL_LABELS[m]}</span>
            <span className="tabular-nums" data-testid={`market-${m}`}>
              {prices[m] ? `${formatNumber(prices[m], 2)} €/g` : loading ? 'Chargement…' : 'Indisponible'}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-1">Coefficient de rachat : {formatNumber(factor, 3)}</p>
      {failed.length > 0 ? (
        <p className="mt-1 text-destructive" role="alert">
          Cours indisponible : {failed.map((m) => GOLD_BUY_METAL_LABELS[m]).join(', ')}. Saisissez un prix.
        </p>
      ) : null}
    </div>
  );
}

const SELLER_TEXT_FIELDS = [
  { name: 'lastName', label: 'Nom', autoComplete: 'family-name' },
  { name: 'firstName', label: 'Prénom', autoComplete: 'given-name' },
  { name: 'addressLine1', label: 'Adresse', autoComplete: 'address-line1' },
  { name: 'addressLine2', label: 'Complément d’adresse', autoComplete: 'address-line2' },
  { name: 'postalCode', label: 'Code postal', autoComplete: 'postal-code' },
  { name: 'city', label: 'Ville', autoComplete: 'address-level2' },
  { name: 'country', label: 'Pays', autoComplete: 'country-name' },
  { name: 'birthPlace', label: 'Lieu de naissance', autoComplete: 'off' },
] as const;

/** The seller's client select (FormField's label points at it through the picker). */
const SELLER_CLIENT_ID = 'gold-buy-seller-client';

function SellerFields({ form }: { form: Form }) {
  const { control, register, formState, setValue, getValues } = form;
  const queryClient = useQueryClient();
  const err = (name: string) => errorAt(formState.errors, `seller.${name}`);

  /** A client chosen: their identity fills the seller's fields. */
  const choose = async (clientId: string) => {
    setValue('sellerClientId', clientId, { shouldDirty: true });
    if (!clientId) return;
    try {
      const client = await queryClient.fetchQuery({
        queryKey: itemKey('/api/clients', clientId),
        queryFn: () => fetchItem<Client>('/api/clients', clientId),
      });
      const seller = getValues('seller');
      setValue(
        'seller',
        {
          ...seller,
          civility: client.civility === 'M.' || client.civility === 'Mme' ? client.civility : seller.civility,
          firstName: client.firstName ?? '',
          lastName: client.lastName,
          addressLine1: client.addressLine1 ?? '',
          addressLine2: client.addressLine2 ?? '',
          postalCode: client.postalCode ?? '',
          city: client.city ?? '',
          country: client.country || seller.country,
          birthDate: client.birthDate ?? seller.birthDate,
        },
        { shouldDirty: true },
      );
    } catch {
      // The picker says when the client cannot be read; the fields stay as typed.
    }
  };

  return (
    <fieldset className="grid min-w-0 gap-3 rounded-lg border p-4 sm:grid-cols-2" data-testid="gold-buy-seller">
      <legend className="px-1 text-sm font-semibold">Vendeur</legend>
      <FormField
        label="Client existant"
        id={SELLER_CLIENT_ID}
        className="sm:col-span-2"
        description="Choisissez un client pour reprendre son identité, ou saisissez-la ci-dessous."
        error={errorAt(formState.errors, 'sellerClientId')}
      >
        <Controller
          control={control}
          name="sellerClientId"
          render={({ field }) => (
            <ClientPicker
              id={SELLER_CLIENT_ID}
              value={field.value}
              onChange={(id) => void choose(id)}
              emptyLabel="Aucun (saisie libre)"
              searchLabel="Rechercher un client vendeur"
            />
          )}
        />
      </FormField>
      <FormField label="Civilité" error={err('civility')}>
        <select className={SELECT_CLASS} {...register('seller.civility')}>
          <option value="">—</option>
          <option value="M.">M.</option>
          <option value="Mme">Mme</option>
        </select>
      </FormField>
      {SELLER_TEXT_FIELDS.map((f) => (
        <FormField key={f.name} label={f.label} error={err(f.name)}>
          <Input autoComplete={f.autoComplete} {...register(`seller.${f.name}`)} />
        </FormField>
      ))}
      <FormField label="Date de naissance" error={err('birthDate')}>
        <Input type="date" {...register('seller.birthDate')} />
      </FormField>
      <FormField label="Pièce d’identité" error={err('idDocumentType')}>
        <select className={SELECT_CLASS} {...register('seller.idDocumentType')}>
          <option value="">—</option>
          {ID_DOCUMENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {ID_DOCUMENT_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label="Numéro de la pièce" error={err('idDocumentNumber')}>
        <Input autoComplete="off" {...register('seller.idDocumentNumber')} />
      </FormField>
      <FormField label="Autorité de délivrance" error={err('idDocumentAuthority')}>
        <Input autoComplete="off" {...register('seller.idDocumentAuthority')} />
      </FormField>
      <FormField label="Date de délivrance" error={err('idDocumentDate')}>
        <Input type="date" {...register('seller.idDocumentDate')} />
      </FormField>
    </fieldset>
  );
}

function ItemFields({
  form,
  index,
  goldBuyId,
  line,
  factor,
  onRemove,
}: {
  form: Form;
  index: number;
  /** The buy-back factor the price uses. */
  factor: string;
  /** The saved draft's id: its items may have a photo. */
  goldBuyId?: string;
  line: ReturnType<typeof livePricing>['lines'][number];
  onRemove?: () => void;
}) {
  const { control, register, formState, setValue } = form;
  const metal = useWatch({ control, name: `items.${index}.metal` });
  const fineness = useWatch({ control, name: `items.${index}.fineness` });
  const override = useWatch({ control, name: `items.${index}.priceOverride` });
  const err = (name: string) => errorAt(formState.errors, `items.${index}.${name}`);
  const finenessId = `gold-buy-item-${index}-fineness`;
  return (
    <div
      className="grid min-w-0 gap-3 rounded-md border bg-muted/30 p-3 sm:grid-cols-2 lg:grid-cols-4"
      data-testid="gold-buy-item"
      role="group"
      aria-label={`Objet ${index + 1}`}
    >
      <FormField label="Description" required className="sm:col-span-2 lg:col-span-4" error={err('description')}>
        <Input placeholder="Chaîne maille forçat, alliance…" {...register(`items.${index}.description`)} />
      </FormField>
      <FormField label="Métal" error={err('metal')}>
        <select className={SELECT_CLASS} {...register(`items.${index}.metal`)}>
          {METALS.map((m) => (
            <option key={m} value={m}>
              {GOLD_BUY_METAL_LABELS[m]}
            </option>
          ))}
        </select>
      </FormField>
      <div className="flex flex-col gap-1.5 sm:col-span-1 lg:col-span-3">
        <FormField label="Titre (millièmes)" required id={finenessId} error={err('fineness')}>
          <NumberInput integer className="max-w-28" {...register(`items.${index}.fineness`)} />
        </FormField>
        <div className="flex flex-wrap gap-1" role="group" aria-label="Titres légaux">
          {LEGAL_FINENESSES[metal].map((f) => (
            <Button
              key={f}
              type="button"
              size="sm"
              variant={String(f) === fineness ? 'default' : 'outline'}
              className="h-7 px-2 text-xs"
              aria-pressed={String(f) === fineness}
              onClick={() =>
                setValue(`items.${index}.fineness`, String(f), { shouldDirty: true, shouldValidate: true })
              }
            >
              {f}
            </Button>
          ))}
        </div>
      </div>
      <FormField label="Catégorie" error={err('category')}>
        <select className={SELECT_CLASS} {...register(`items.${index}.category`)}>
          <option value="jewellery">{GOLD_BUY_CATEGORY_LABELS.jewellery}</option>
          <option value="metal">{GOLD_BUY_CATEGORY_LABELS.metal}</option>
        </select>
      </FormField>
      <FormField label="Poids brut (g)" required error={err('grossWeightG')}>
        <NumberInput placeholder="0,00" {...register(`items.${index}.grossWeightG`)} />
      </FormField>
      <FormField label="Poids net (g)" required error={err('netWeightG')}>
        <NumberInput placeholder="0,00" {...register(`items.${index}.netWeightG`)} />
      </FormField>
      <label className="flex items-center gap-2 self-end pb-2 text-sm">
        <input type="checkbox" className="size-4" {...register(`items.${index}.hallmark`)} />
        Poinçon vu
      </label>
      <FormField label="Prix saisi (€)" description="Laisser vide pour le prix calculé" error={err('priceOverride')}>
        <NumberInput placeholder="—" {...register(`items.${index}.priceOverride`)} />
      </FormField>
      {override.trim() !== '' ? (
        <FormField
          label="Raison du prix saisi"
          required
          className="sm:col-span-2 lg:col-span-3"
          error={err('overrideReason')}
        >
          <Input {...register(`items.${index}.overrideReason`)} />
        </FormField>
      ) : null}
      <ItemPhotoField form={form} index={index} goldBuyId={goldBuyId} />
      <div
        className={cn(
          'flex flex-wrap items-center justify-between gap-2 text-sm sm:col-span-2 lg:col-span-4',
          onRemove ? '' : 'justify-end',
        )}
      >
        <p className="text-muted-foreground" data-testid="item-price-detail">
          {line?.pricePerGram
            ? `${formatNumber(line.netWeightG, 3)} g × ${formatNumber(line.pricePerGram, 2)} €/g au titre ${line.fineness} × ${formatNumber(factor, 3)}`
            : 'Prix calculé dès le poids net et le titre saisis'}
        </p>
        <p className="font-semibold tabular-nums">
          Prix : <span data-testid="item-price">{line?.price ? formatEuro(line.price) : '—'}</span>
          {line?.priceOverride && line.computedPrice ? (
            <span className="ml-2 text-xs font-normal text-muted-foreground">
              (calculé : {formatEuro(line.computedPrice)})
            </span>
          ) : null}
        </p>
        {onRemove ? (
          <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
            <Trash2 aria-hidden="true" />
            Retirer l’objet
          </Button>
        ) : null}
      </div>
    </div>
  );
}
