import { z } from 'zod';
import { toInputText } from '@shared/decimal-input';
import type { ProductCoefficients } from '@shared/product-pricing';
import type { PricingSettings } from '@shared/schemas/settings';
import {
  coefficientField,
  PRODUCT_CATEGORIES,
  productComponentSchema,
  productCreateSchema,
  productUpdateSchema,
  type ComponentKind,
  type ProductCategory,
  type ProductDetail,
  type StoredComponent,
} from '@shared/schemas/products';

/**
 * The product sheet form: every composition line has the same flat shape of strings (react-hook-form field
 * arrays want one shape), turned into the API body (`productUpdateSchema`) before validation, so the inline
 * errors are the shared schema's French messages at the same paths (`components.0.weightG`). Numbers are the
 * text typed in THE numeric field ("4,2"); stored values come back the French way through `toInputText`.
 */
export interface LineFormValues {
  kind: ComponentKind;
  label: string;
  alloyId: string;
  weightG: string;
  lossPct: string;
  stoneId: string;
  quantity: string;
  mm: string;
  clarity: string;
  productionStepId: string;
  minutes: string;
  hourlyRate: string;
  amount: string;
}

export interface ProductFormValues {
  name: string;
  slug: string;
  category: ProductCategory | '';
  description: string;
  /** Metal, stones (stone, melee, other lines) and labour coefficients, as typed. */
  coefficients: ProductCoefficients;
  components: LineFormValues[];
}

export function emptyLine(kind: ComponentKind): LineFormValues {
  return {
    kind,
    label: '',
    alloyId: '',
    weightG: '',
    lossPct: kind === 'metal' ? '0' : '',
    stoneId: '',
    quantity: '1',
    mm: '',
    clarity: 'VS1',
    productionStepId: '',
    minutes: '',
    hourlyRate: '',
    amount: '',
  };
}

const text = (v: string | null | undefined): string => (v === null || v === undefined ? '' : String(v));

export function lineFromStored(c: StoredComponent): LineFormValues {
  const line = { ...emptyLine(c.kind), label: text(c.label) };
  switch (c.kind) {
    case 'metal':
      return { ...line, alloyId: c.alloyId, weightG: toInputText(c.weightG), lossPct: toInputText(c.lossPct) };
    case 'stone':
      return { ...line, stoneId: c.stoneId, quantity: String(c.quantity) };
    case 'melee':
      return { ...line, mm: toInputText(c.mm), clarity: c.clarity, quantity: String(c.quantity) };
    case 'labour':
      return {
        ...line,
        productionStepId: c.productionStepId,
        minutes: toInputText(c.minutes),
        hourlyRate: toInputText(c.hourlyRate),
      };
    case 'other':
      return { ...line, amount: toInputText(c.amount) };
  }
}

/** Coefficients shown the French way ("2,5"). */
export function coefficientsText(c: ProductCoefficients): ProductCoefficients {
  return { metal: toInputText(c.metal), stones: toInputText(c.stones), labour: toInputText(c.labour) };
}

export function formValuesFromProduct(p: ProductDetail): ProductFormValues {
  return {
    name: p.name,
    slug: p.slug,
    category: p.category,
    description: p.description,
    coefficients: coefficientsText(p.coefficients),
    components: p.components.map(lineFromStored),
  };
}

const blankToUndefined = (v: string): string | undefined => (v.trim() === '' ? undefined : v);

/** One form line as the API expects it (only the fields of its kind; blank optional fields left out). */
export function lineToInput(line: LineFormValues): Record<string, unknown> {
  const label = blankToUndefined(line.label);
  switch (line.kind) {
    case 'metal':
      return {
        kind: 'metal',
        label,
        alloyId: line.alloyId,
        weightG: line.weightG,
        lossPct: blankToUndefined(line.lossPct) ?? null,
      };
    case 'stone':
      return { kind: 'stone', label, stoneId: line.stoneId, quantity: line.quantity };
    case 'melee':
      return { kind: 'melee', label, mm: line.mm, clarity: line.clarity, quantity: line.quantity };
    case 'labour':
      return {
        kind: 'labour',
        label,
        productionStepId: line.productionStepId,
        minutes: line.minutes,
        hourlyRate: blankToUndefined(line.hourlyRate) ?? null,
      };
    case 'other':
      return { kind: 'other', label: line.label, amount: line.amount };
  }
}

export function formToInput(values: ProductFormValues): Record<string, unknown> {
  return {
    name: values.name,
    slug: blankToUndefined(values.slug),
    category: values.category === '' ? undefined : values.category,
    description: values.description,
    coefficients: values.coefficients,
    components: values.components.map(lineToInput),
  };
}

export type ProductUpdateBody = z.output<typeof productUpdateSchema>;
export type ProductCreateBody = z.output<typeof productCreateSchema>;

/** Validation of the sheet form: the shared update schema (version added by the page) on the API body. */
export const productSheetFormSchema = z.preprocess(
  (v) => ({ ...formToInput(v as ProductFormValues), version: 1 }),
  productUpdateSchema,
);

export interface CreateFormValues {
  name: string;
  slug: string;
  category: ProductCategory | '';
  description: string;
  coefficients: ProductCoefficients;
}

/** A new sheet starts from the organization's coefficients (settings, ADR 0003). */
export function createFormDefaults(settings: PricingSettings | undefined): CreateFormValues {
  return {
    name: '',
    slug: '',
    category: '',
    description: '',
    coefficients: settings
      ? coefficientsText({
          metal: settings.coefficientMetal,
          stones: settings.coefficientStones,
          labour: settings.coefficientLabour,
        })
      : { metal: '', stones: '', labour: '' },
  };
}

export const productCreateFormSchema = z.preprocess(
  (v) => formToInput({ ...(v as CreateFormValues), components: [] }),
  productCreateSchema.extend({
    category: z.enum(PRODUCT_CATEGORIES, { errorMap: () => ({ message: 'Choisissez une catégorie' }) }),
  }),
);

const coefficientsSchema = z.object({ metal: coefficientField, stones: coefficientField, labour: coefficientField });

/** What the live preview prices: the coefficients and the lines that already read as valid lines. */
export interface PreviewRequest {
  body: { coefficients: ProductCoefficients; components: Array<z.output<typeof productComponentSchema>> };
  /** 1-based numbers of the lines left out because they are not complete yet. */
  skippedLines: number[];
  /** True when a typed coefficient is not valid yet and the saved one is used. */
  savedCoefficientsUsed: boolean;
}

/**
 * The unsaved sheet as POST /api/products/pricing-preview reads it. Lines still being typed (a weight missing, a
 * letter in a number) are left out and counted, so the preview keeps pricing the rest; an invalid coefficient
 * falls back to the saved one.
 */
export function previewRequest(values: ProductFormValues, saved: ProductCoefficients): PreviewRequest {
  const components: PreviewRequest['body']['components'] = [];
  const skippedLines: number[] = [];
  values.components.forEach((line, i) => {
    const parsed = productComponentSchema.safeParse(lineToInput(line));
    if (parsed.success) components.push(parsed.data);
    else skippedLines.push(i + 1);
  });
  const coefficients = coefficientsSchema.safeParse(values.coefficients);
  return {
    body: { coefficients: coefficients.success ? coefficients.data : saved, components },
    skippedLines,
    savedCoefficientsUsed: !coefficients.success,
  };
}
