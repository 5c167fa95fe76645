import { METALS, type Metal } from '@shared/constants';
import { normalizeDecimalText, normalizeIntegerText, toInputText } from '@shared/decimal-input';
import { priceGoldBuy, type GoldBuyPricing } from '@shared/gold-buy-pricing';
import type { GoldBuyItemCategory, GoldBuyTaxRegime } from '@shared/gold-buy-rules';
import type { GoldBuyDetail, GoldBuyItemInput, IdDocumentType } from '@shared/schemas/gold-buys';

/**
 * The draft form's values as typed (numbers are text: "12,5"), the shared zod schema parses them on save; and the
 * pure helpers around them: defaults, a draft read back into the form, the dashboard calculator's query string
 * carried over, and the live pricing of what is typed.
 */

export interface GoldBuyFormSeller {
  civility: '' | 'M.' | 'Mme';
  firstName: string;
  lastName: string;
  addressLine1: string;
  addressLine2: string;
  postalCode: string;
  city: string;
  country: string;
  birthDate: string;
  birthPlace: string;
  idDocumentType: '' | IdDocumentType;
  idDocumentNumber: string;
  idDocumentAuthority: string;
  idDocumentDate: string;
}

export interface GoldBuyFormItem {
  description: string;
  metal: Metal;
  fineness: string;
  category: GoldBuyItemCategory;
  grossWeightG: string;
  netWeightG: string;
  hallmark: boolean;
  /** The item's photo uploaded to the draft ('' for none). */
  photoId: string;
  priceOverride: string;
  overrideReason: string;
}

export interface GoldBuyFormValues {
  sellerClientId: string;
  seller: GoldBuyFormSeller;
  items: GoldBuyFormItem[];
  taxRegime: GoldBuyTaxRegime;
  notes: string;
}

export const EMPTY_SELLER: GoldBuyFormSeller = {
  civility: '',
  firstName: '',
  lastName: '',
  addressLine1: '',
  addressLine2: '',
  postalCode: '',
  city: '',
  country: 'France',
  birthDate: '',
  birthPlace: '',
  idDocumentType: '',
  idDocumentNumber: '',
  idDocumentAuthority: '',
  idDocumentDate: '',
};

export function emptyItem(partial: Partial<GoldBuyFormItem> = {}): GoldBuyFormItem {
  return {
    description: '',
    metal: 'gold',
    fineness: '750',
    category: 'jewellery',
    grossWeightG: '',
    netWeightG: '',
    hallmark: false,
    photoId: '',
    priceOverride: '',
    overrideReason: '',
    ...partial,
  };
}

const isMetal = (value: string | null): value is Metal => (METALS as readonly string[]).includes(value ?? '');

/**
 * The first item of a new purchase from the dashboard calculator's address: `?weight=12,5&fineness=750&metal=gold`
 * (a weight that is not a number, an unknown metal or a fineness outside 1-999 is left out).
 */
export function itemFromQuery(params: URLSearchParams): GoldBuyFormItem {
  const weight = decimalOrNull(params.get('weight') ?? '');
  const fineness = normalizeIntegerText(params.get('fineness') ?? '') || null;
  const metal = params.get('metal');
  const weightText = weight && Number(weight) > 0 ? toInputText(weight) : '';
  return emptyItem({
    metal: isMetal(metal) ? metal : 'gold',
    ...(fineness && Number(fineness) >= 1 && Number(fineness) <= 999 ? { fineness } : {}),
    grossWeightG: weightText,
    netWeightG: weightText,
  });
}

export function newFormValues(params: URLSearchParams): GoldBuyFormValues {
  return {
    sellerClientId: '',
    seller: { ...EMPTY_SELLER },
    items: [itemFromQuery(params)],
    taxRegime: 'flat',
    notes: '',
  };
}

/** A draft read back into the form. */
export function formValuesOf(detail: GoldBuyDetail): GoldBuyFormValues {
  const s = detail.seller;
  return {
    sellerClientId: detail.sellerClientId ?? '',
    seller: {
      civility: s.civility ?? '',
      firstName: s.firstName ?? '',
      lastName: s.lastName ?? '',
      addressLine1: s.addressLine1 ?? '',
      addressLine2: s.addressLine2 ?? '',
      postalCode: s.postalCode ?? '',
      city: s.city ?? '',
      country: s.country ?? '',
      birthDate: s.birthDate ?? '',
      birthPlace: s.birthPlace ?? '',
      idDocumentType: s.idDocumentType ?? '',
      idDocumentNumber: s.idDocumentNumber ?? '',
      idDocumentAuthority: s.idDocumentAuthority ?? '',
      idDocumentDate: s.idDocumentDate ?? '',
    },
    items: detail.items.map((item) => ({
      description: item.description,
      metal: item.metal,
      fineness: String(item.fineness),
      category: item.category,
      grossWeightG: toInputText(item.grossWeightG),
      netWeightG: toInputText(item.netWeightG),
      hallmark: item.hallmark,
      photoId: item.photoId ?? '',
      priceOverride: toInputText(item.priceOverride),
      overrideReason: item.overrideReason ?? '',
    })),
    taxRegime: detail.taxRegime,
    notes: detail.notes,
  };
}

/** A decimal typed ("12,5" -> "12.5"); null when empty or not a number. */
function decimalOrNull(text: string): string | null {
  return normalizeDecimalText(text) || null;
}

/** An item as typed, read for pricing; null while its weight or fineness is not a number yet. */
export function itemForPricing(item: GoldBuyFormItem): GoldBuyItemInput | null {
  const net = decimalOrNull(item.netWeightG);
  const gross = decimalOrNull(item.grossWeightG) ?? net;
  const fineness = Number(normalizeIntegerText(item.fineness) || Number.NaN);
  const override = decimalOrNull(item.priceOverride);
  if (net === null || gross === null || !Number.isInteger(fineness) || fineness < 1 || fineness > 999) return null;
  if (item.priceOverride.trim() !== '' && override === null) return null;
  return {
    description: item.description,
    metal: item.metal,
    fineness,
    category: item.category,
    grossWeightG: gross,
    netWeightG: net,
    hallmark: item.hallmark,
    priceOverride: override,
    overrideReason: item.overrideReason,
  };
}

export interface LivePricing {
  pricing: GoldBuyPricing | null;
  /** For each item of the form, its priced line, or null while it cannot be priced. */
  lines: Array<GoldBuyPricing['items'][number] | null>;
}

/**
 * What the form shows as it is typed: each item priced with priceGoldBuy (the same function the server stores
 * with) at today's prices, and the totals once every item can be priced.
 */
export function livePricing(
  items: readonly GoldBuyFormItem[],
  context: {
    pricePerGramPure: Partial<Record<Metal, string | null>>;
    buybackFactor: string;
    regime: GoldBuyTaxRegime;
    vatRegistered: boolean;
  },
): LivePricing {
  const read = items.map(itemForPricing);
  const priceable = read.filter((i): i is GoldBuyItemInput => i !== null);
  let pricing: GoldBuyPricing;
  try {
    pricing = priceGoldBuy(priceable, context);
  } catch {
    return { pricing: null, lines: read.map(() => null) };
  }
  let next = 0;
  const lines = read.map((i) => (i === null ? null : (pricing.items[next++] ?? null)));
  const complete = priceable.length === items.length && items.length > 0 && pricing.tax !== null;
  return { pricing: complete ? pricing : null, lines };
}
