import { z } from 'zod';
import { toInputText } from '@shared/decimal-input';
import {
  quoteLineSchema,
  quoteUpdateSchema,
  type PriceMode,
  type QuoteDetail,
  type QuoteLineInput,
  type QuoteLineKind,
  type QuoteUnit,
} from '@shared/schemas/quotes';

/**
 * The quote builder's form. Every line has the same flat shape of strings (react-hook-form field arrays want one
 * shape); `lineToInput` turns a line into the API's line (only the fields of its kind and of its price mode), so
 * the shared schema validates it and its French errors land on the same paths (`lines.2.weightG`). Numbers are the
 * text typed in THE numeric field ("1 234,5"); stored numbers come back the French way through `toInputText`.
 */
export interface QuoteLineFormValues {
  /** The line's stable id (sent as `key`; keeps focus and pricing on the right line when lines move). */
  key: string;
  kind: QuoteLineKind;
  label: string;
  description: string;
  quantity: string;
  priceMode: PriceMode;
  coefficient: string;
  marginPct: string;
  unitPrice: string;
  discountPct: string;
  vatRatePct: string;
  // Metal.
  alloyId: string;
  weightG: string;
  lossPct: string;
  // Catalogue diamond: its id, and what the picker showed (display only, never sent).
  diamondId: string;
  diamondLabel: string;
  // Melee.
  mm: string;
  clarity: string;
  // Stone or component from stock.
  stoneId: string;
  stoneUnit: 'pc' | 'ct';
  // Labour: minutes x hourly rate, or a subcontracted price per piece.
  productionStepId: string;
  labourMode: 'time' | 'subcontract';
  minutes: string;
  hourlyRate: string;
  subcontractPrice: string;
  // Product sheet.
  productId: string;
  // Free line.
  unit: QuoteUnit;
  unitCost: string;
}

export interface QuoteFormValues {
  clientId: string;
  projectId: string;
  title: string;
  validityDays: string;
  paymentTerms: string;
  deliveryTerms: string;
  /** "true" (free) or "false" (paid): the radio buttons' values. */
  isFree: 'true' | 'false';
  quoteFee: string;
  notes: string;
  lines: QuoteLineFormValues[];
}

/** A short random id for a new line (the server keeps the keys it is given). */
export function newLineKey(): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36)}`;
  return `l-${random.replace(/-/g, '').slice(0, 16)}`;
}

/** A new line of `kind`, at the organization's VAT rate. */
export function emptyLine(kind: QuoteLineKind, vatRatePct = '20', key = newLineKey()): QuoteLineFormValues {
  return {
    key,
    kind,
    label: '',
    description: '',
    quantity: '1',
    priceMode: 'coefficient',
    coefficient: '',
    marginPct: '',
    unitPrice: '',
    discountPct: '0',
    vatRatePct,
    alloyId: '',
    weightG: '',
    lossPct: kind === 'metal' ? '0' : '',
    diamondId: '',
    diamondLabel: '',
    mm: '',
    clarity: 'VS1',
    stoneId: '',
    stoneUnit: 'pc',
    productionStepId: '',
    labourMode: 'time',
    minutes: '',
    hourlyRate: '',
    subcontractPrice: '',
    productId: '',
    unit: 'pc',
    unitCost: '',
  };
}

const text = (v: string | number | null | undefined): string => toInputText(v ?? null);

/** A stored line as the form shows it; `diamondLabel` comes from the quote's pricing context. */
export function lineFromStored(line: QuoteLineInput, vatFallback: string, diamondLabel = ''): QuoteLineFormValues {
  const base: QuoteLineFormValues = {
    ...emptyLine(line.kind, vatFallback, line.key ?? newLineKey()),
    label: line.label ?? '',
    description: line.description ?? '',
    quantity: text(line.quantity),
    priceMode: line.priceMode,
    coefficient: text(line.coefficient),
    marginPct: text(line.marginPct),
    unitPrice: text(line.unitPrice),
    discountPct: text(line.discountPct),
    vatRatePct: line.vatRatePct,
  };
  switch (line.kind) {
    case 'metal':
      return { ...base, alloyId: line.alloyId, weightG: text(line.weightG), lossPct: text(line.lossPct) };
    case 'diamond':
      return { ...base, diamondId: line.diamondId, diamondLabel };
    case 'melee':
      return { ...base, mm: text(line.mm), clarity: line.clarity };
    case 'stone':
      return { ...base, stoneId: line.stoneId, stoneUnit: line.stoneUnit };
    case 'labour':
      return {
        ...base,
        productionStepId: line.productionStepId,
        labourMode: line.subcontractPrice != null ? 'subcontract' : 'time',
        minutes: text(line.minutes),
        hourlyRate: text(line.hourlyRate),
        subcontractPrice: text(line.subcontractPrice),
      };
    case 'product':
      return { ...base, productId: line.productId };
    case 'free':
      return { ...base, unit: line.unit, unitCost: text(line.unitCost) };
  }
}

/**
 * The name the quote's stored price gives line `index` (a catalogue diamond's "Rond 0,52 ct F VS1", a sheet's name),
 * when the line has no label of its own; '' when unknown.
 */
export function pricedNameOf(quote: QuoteDetail, index: number): string {
  const line = quote.lines[index];
  if (!line || line.label) return '';
  const priced = (quote.stored ?? quote.today)?.pricing.lines.find((l) => l.index === index);
  return priced && !priced.missing ? priced.label : '';
}

export function formValuesFromQuote(quote: QuoteDetail, vatFallback: string): QuoteFormValues {
  return {
    clientId: quote.clientId ?? '',
    projectId: quote.projectId ?? '',
    title: quote.title ?? '',
    validityDays: quote.validityDays ? String(quote.validityDays) : '',
    paymentTerms: quote.paymentTerms ?? '',
    deliveryTerms: quote.deliveryTerms ?? '',
    isFree: quote.isFree ? 'true' : 'false',
    quoteFee: text(quote.quoteFee),
    notes: quote.notes ?? '',
    lines: quote.lines.map((line, i) =>
      lineFromStored(line, vatFallback, line.kind === 'diamond' ? pricedNameOf(quote, i) : ''),
    ),
  };
}

const blankToUndefined = (v: string): string | undefined => (v.trim() === '' ? undefined : v);

/**
 * One form line as the API reads it: the fields of its kind, and the price of its price mode only (the others stay
 * typed in the form, unsent, so switching modes back and forth loses nothing).
 */
export function lineToInput(line: QuoteLineFormValues): Record<string, unknown> {
  const common = {
    key: line.key,
    label: blankToUndefined(line.label),
    description: line.description,
    quantity: line.quantity,
    priceMode: line.priceMode,
    coefficient: line.priceMode === 'coefficient' ? line.coefficient : null,
    marginPct: line.priceMode === 'margin' ? line.marginPct : null,
    unitPrice: line.priceMode === 'price' ? line.unitPrice : null,
    discountPct: line.discountPct.trim() === '' ? '0' : line.discountPct,
    vatRatePct: line.vatRatePct,
  };
  switch (line.kind) {
    case 'metal':
      return { kind: 'metal', ...common, alloyId: line.alloyId, weightG: line.weightG, lossPct: line.lossPct };
    case 'diamond':
      return { kind: 'diamond', ...common, diamondId: line.diamondId };
    case 'melee':
      return { kind: 'melee', ...common, mm: line.mm, clarity: line.clarity };
    case 'stone':
      return { kind: 'stone', ...common, stoneId: line.stoneId, stoneUnit: line.stoneUnit };
    case 'labour':
      return line.labourMode === 'subcontract'
        ? {
            kind: 'labour',
            ...common,
            productionStepId: line.productionStepId,
            minutes: null,
            hourlyRate: null,
            subcontractPrice: line.subcontractPrice,
          }
        : {
            kind: 'labour',
            ...common,
            productionStepId: line.productionStepId,
            minutes: line.minutes,
            hourlyRate: line.hourlyRate,
            subcontractPrice: null,
          };
    case 'product':
      return { kind: 'product', ...common, productId: line.productId };
    case 'free':
      return { kind: 'free', ...common, label: line.label, unit: line.unit, unitCost: line.unitCost };
  }
}

/** The quote's own fields (everything but the lines) as the API reads them. */
export function headerToInput(values: QuoteFormValues): Record<string, unknown> {
  const isFree = values.isFree !== 'false';
  return {
    clientId: values.clientId || null,
    projectId: values.projectId || null,
    title: values.title,
    notes: values.notes,
    paymentTerms: values.paymentTerms,
    deliveryTerms: values.deliveryTerms,
    validityDays: values.validityDays.trim(),
    isFree,
    quoteFee: isFree ? null : values.quoteFee,
  };
}

/** The whole form as the PUT body (every line, valid or not): what the form's resolver validates. */
export function formToInput(values: QuoteFormValues): Record<string, unknown> {
  return { ...headerToInput(values), lines: values.lines.map(lineToInput) };
}

/** Validation of the builder form: the shared update schema (version added when saving) on the API body. */
export const quoteFormSchema = z.preprocess(
  (v) => ({ ...formToInput(v as QuoteFormValues), version: 1 }),
  quoteUpdateSchema,
);

export type ParsedLine = z.output<typeof quoteLineSchema>;
export type QuoteSaveBody = Omit<z.output<typeof quoteUpdateSchema>, 'version'>;

/** The lines that read as valid lines, each with its index in the form. */
export interface ParsedLines {
  lines: ParsedLine[];
  /** `formIndex[i]` = index in the form of `lines[i]`. */
  formIndex: number[];
  /** 1-based numbers of the lines left out (incomplete or invalid). */
  skippedLines: number[];
}

export function parseLines(values: readonly QuoteLineFormValues[]): ParsedLines {
  const result: ParsedLines = { lines: [], formIndex: [], skippedLines: [] };
  values.forEach((line, i) => {
    const parsed = quoteLineSchema.safeParse(lineToInput(line));
    if (parsed.success) {
      result.lines.push(parsed.data);
      result.formIndex.push(i);
    } else {
      result.skippedLines.push(i + 1);
    }
  });
  return result;
}

/**
 * What autosave sends: the quote's fields and its valid lines. `body` is null when a field of the quote itself is
 * not valid (a validity of "abc" days): nothing is sent until it is corrected. Lines still being typed are left
 * out and counted; they stay in the form with their errors.
 */
export interface DraftSaveRequest {
  body: QuoteSaveBody | null;
  /** Names of the quote's fields with an error (`validityDays`, `quoteFee`...). */
  invalidFields: string[];
  skippedLines: number[];
}

export function draftSaveRequest(values: QuoteFormValues): DraftSaveRequest {
  const parsedLines = parseLines(values.lines);
  const header = quoteUpdateSchema.safeParse({ ...headerToInput(values), lines: [], version: 1 });
  if (!header.success) {
    const invalidFields = [...new Set(header.error.issues.map((issue) => String(issue.path[0] ?? '')))];
    return {
      body: null,
      invalidFields,
      skippedLines: parsedLines.skippedLines,
    };
  }
  const { version: _version, ...rest } = header.data;
  return {
    body: { ...rest, lines: parsedLines.lines },
    invalidFields: [],
    skippedLines: parsedLines.skippedLines,
  };
}

/** The coefficient a line gets when none is typed, from the settings, as the placeholder shows it ("1,8"). */
export function defaultCoefficientText(
  kind: QuoteLineKind,
  settings: { coefficientMetal: string; coefficientStones: string; coefficientLabour: string } | undefined,
): string {
  if (kind === 'product') return 'prix de la fiche';
  if (!settings) return '';
  if (kind === 'metal') return toInputText(settings.coefficientMetal);
  if (kind === 'labour') return toInputText(settings.coefficientLabour);
  return toInputText(settings.coefficientStones);
}
