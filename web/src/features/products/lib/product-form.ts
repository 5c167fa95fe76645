import { z } from 'zod';
import {
  DEFAULT_PRODUCT_COEFFICIENT,
  PRODUCT_CATEGORIES,
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
 * errors are the shared schema's French messages at the same paths (`components.0.weightG`).
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
  coefficient: string;
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
      return { ...line, alloyId: c.alloyId, weightG: c.weightG, lossPct: text(c.lossPct) };
    case 'stone':
      return { ...line, stoneId: c.stoneId, quantity: String(c.quantity) };
    case 'melee':
      return { ...line, mm: c.mm, clarity: c.clarity, quantity: String(c.quantity) };
    case 'labour':
      return { ...line, productionStepId: c.productionStepId, minutes: c.minutes, hourlyRate: text(c.hourlyRate) };
    case 'other':
      return { ...line, amount: c.amount };
  }
}

export function formValuesFromProduct(p: ProductDetail): ProductFormValues {
  return {
    name: p.name,
    slug: p.slug,
    category: p.category,
    description: p.description,
    coefficient: p.coefficient,
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
    coefficient: values.coefficient,
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
  coefficient: string;
}

export const createFormDefaults: CreateFormValues = {
  name: '',
  slug: '',
  category: '',
  description: '',
  coefficient: DEFAULT_PRODUCT_COEFFICIENT,
};

export const productCreateFormSchema = z.preprocess(
  (v) => formToInput({ ...(v as CreateFormValues), components: [] }),
  productCreateSchema.extend({
    category: z.enum(PRODUCT_CATEGORIES, { errorMap: () => ({ message: 'Choisissez une catégorie' }) }),
  }),
);
