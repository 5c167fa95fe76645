import { createHash } from 'node:crypto';
import { diamondNameKey } from '@shared/diamond-names';
import {
  normaliseFeedAvailability,
  normaliseFeedClarity,
  normaliseFeedFluorescenceColor,
  normaliseFeedGrade,
  normaliseFeedGrowth,
  normaliseFeedLab,
  normaliseFeedShape,
  normaliseFeedStoneColor,
  normaliseFeedTreatments,
  splitFeedFluorescence,
  type FeedCodeResult,
} from '@shared/diamond-feed-codes';
import { ExactDecimal } from '@shared/exact-decimal';
import type { FeedField } from '@shared/diamond-feed-fields';
import type { FeedRow } from './feed-rows';

/**
 * One feed row turned into a catalogue stone (pure, no I/O): codes normalised through the shared tables of
 * diamond-feed-codes.ts, numbers read with a decimal point or a decimal comma, prices checked and converted to
 * EUR. A row that cannot become a stone answers its reason in French, for the import report: an unknown code is
 * always a reason, never dropped.
 *
 * Stored forms: the columns the demo catalogue also fills (shape, cut, polish, symmetry, fluorescence) keep its
 * upper-case names ("ROUND", "VERY GOOD", "NONE"); clarity, colour and lab their grades ("VS1", "F", "GIA");
 * the other codes (fancy colours, growth, treatments, availability, fluorescence colour) the canonical codes
 * of diamond-feed-codes.ts.
 */

/** A stone as staged and merged: column name (snake_case) -> value, numerics as decimal strings. */
export interface FeedStone {
  stock_number: string;
  row_number: number;
  shape: string;
  carats: string;
  color: string | null;
  clarity: string;
  cut: string | null;
  polish: string | null;
  symmetry: string | null;
  fluorescence: string | null;
  fluorescence_color: string | null;
  lab: string | null;
  certificate_number: string | null;
  certificate_url: string | null;
  location: string | null;
  measurements: string | null;
  length_mm: string | null;
  width_mm: string | null;
  depth_mm: string | null;
  ratio: string | null;
  depth_pct: string | null;
  table_pct: string | null;
  girdle: string | null;
  culet: string | null;
  eye_clean: string | null;
  milky: string | null;
  shade: string | null;
  fancy_color: string | null;
  fancy_intensity: string | null;
  fancy_overtone: string | null;
  growth: string | null;
  treatments: string | null;
  total_price: string;
  price_per_carat: string;
  discount_pct: string | null;
  cash_price: string | null;
  currency: string;
  total_price_eur: string;
  price_eur: string;
  sell_price_eur: string;
  availability: string;
  image_url: string | null;
  video_url: string | null;
  viewer3d_url: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  supplier: string | null;
  content_hash: string;
}

/** The columns of a staged stone with their SQL types, in one order (staging insert, merge, hash). */
export const FEED_STONE_COLUMNS = [
  ['stock_number', 'text'],
  ['row_number', 'integer'],
  ['shape', 'text'],
  ['carats', 'numeric'],
  ['color', 'text'],
  ['clarity', 'text'],
  ['cut', 'text'],
  ['polish', 'text'],
  ['symmetry', 'text'],
  ['fluorescence', 'text'],
  ['fluorescence_color', 'text'],
  ['lab', 'text'],
  ['certificate_number', 'text'],
  ['certificate_url', 'text'],
  ['location', 'text'],
  ['measurements', 'text'],
  ['length_mm', 'numeric'],
  ['width_mm', 'numeric'],
  ['depth_mm', 'numeric'],
  ['ratio', 'numeric'],
  ['depth_pct', 'numeric'],
  ['table_pct', 'numeric'],
  ['girdle', 'text'],
  ['culet', 'text'],
  ['eye_clean', 'text'],
  ['milky', 'text'],
  ['shade', 'text'],
  ['fancy_color', 'text'],
  ['fancy_intensity', 'text'],
  ['fancy_overtone', 'text'],
  ['growth', 'text'],
  ['treatments', 'text'],
  ['total_price', 'numeric'],
  ['price_per_carat', 'numeric'],
  ['discount_pct', 'numeric'],
  ['cash_price', 'numeric'],
  ['currency', 'text'],
  ['total_price_eur', 'numeric'],
  ['price_eur', 'numeric'],
  ['sell_price_eur', 'numeric'],
  ['availability', 'text'],
  ['image_url', 'text'],
  ['video_url', 'text'],
  ['viewer3d_url', 'text'],
  ['city', 'text'],
  ['state', 'text'],
  ['country', 'text'],
  ['supplier', 'text'],
  ['content_hash', 'text'],
] as const satisfies ReadonlyArray<readonly [keyof FeedStone, 'text' | 'numeric' | 'integer']>;

export interface FeedPricing {
  /** The feed's currency (ISO 4217, upper case): prices of rows without a currency cell are in it. */
  currency: string;
  /** EUR per 1 unit of the feed's currency ("0.92"). */
  rateToEur: string;
  /** The shop's selling coefficient on the EUR price ("1", "1.35"). */
  markup: string;
  /** Written into the stone's supplier column (the feed's name). */
  supplier: string | null;
}

export type NormalisedRow = { ok: true; stone: FeedStone } | { ok: false; reason: string };

/** Numeric column limits (numeric(p, s) of migration 0051): a value outside would fail the whole merge. */
const columnLimit = (max: string) => ({ scale: 2, max: ExactDecimal.parse(max)! });
const LIMITS = {
  carats: columnLimit('9999.99'),
  mm: columnLimit('9999.99'),
  ratio: columnLimit('999.99'),
  pct: columnLimit('999.99'),
  discount: columnLimit('99999.99'),
  money: columnLimit('999999999999.99'),
} as const;

/**
 * A number as feeds write it: "12.5", "12,5", "1,234.50", "1.234,50", "1 234,5", "$4,350.00", "-35.5%".
 * A single comma is a decimal comma, except with `commaThousands` (price columns) when it stands between one to three
 * leading digits (not starting with 0) and exactly three more: "4,350" is 4350 there, as supplier sheets write
 * thousands, while "0,350" and "4,35" stay decimals.
 * Answers null for a blank cell, undefined for text that is not a number.
 */
export function parseFeedNumber(
  raw: string | undefined,
  options: { commaThousands?: boolean } = {},
): ExactDecimal | null | undefined {
  if (raw === undefined) return null;
  let text = raw.replace(/[\s\u00a0\u202f]/g, '').replace(/^[$€£]|[$€£%]$|^(USD|EUR)|(USD|EUR)$/gi, '');
  if (text === '') return null;
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    // The later separator is the decimal one; the other separates thousands.
    text = lastComma > lastDot ? text.replace(/\./g, '').replace(',', '.') : text.replace(/,/g, '');
  } else if (lastComma >= 0) {
    const commas = text.split(',').length - 1;
    const thousands = commas > 1 || (options.commaThousands === true && /^-?[1-9]\d{0,2},\d{3}$/.test(text));
    text = thousands ? text.replace(/,/g, '') : text.replace(',', '.');
  } else if (text.split('.').length > 2) {
    text = text.replace(/\./g, '');
  }
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) return undefined;
  return ExactDecimal.parse(text) ?? undefined;
}

const cell = (cells: FeedRow['cells'], field: FeedField): string => cells[field]?.trim() ?? '';
const orNull = (text: string): string | null => (text === '' ? null : text);
const quoted = (raw: string) => `« ${raw.length > 60 ? `${raw.slice(0, 60)}…` : raw} »`;
const halfUp = (value: ExactDecimal, places: number) => value.toDecimalPlacesHalfUp(places);
const abs = (value: ExactDecimal) => (value.units < 0n ? new ExactDecimal(-value.units, value.scale) : value);
/** a / b for positive a and b, rounded half-up to `places` decimals. */
function divHalfUp(a: ExactDecimal, b: ExactDecimal, places: number): ExactDecimal {
  const numerator = a.units * 10n ** BigInt(places + b.scale);
  const denominator = b.units * 10n ** BigInt(a.scale);
  return new ExactDecimal((2n * numerator + denominator) / (2n * denominator), places);
}

/** Only http(s) links are kept (a "javascript:" or a bare file name is not a link the app can show). */
function link(raw: string): string | null {
  if (!/^https?:\/\//i.test(raw)) return null;
  try {
    return new URL(raw).toString();
  } catch {
    return null;
  }
}

class RowRejected extends Error {}
function reject(reason: string): never {
  throw new RowRejected(reason);
}

/** A code cell read through its table: blank -> null, unknown -> the row is rejected naming the code. */
function code<C extends string>(
  raw: string,
  normalise: (raw: string) => FeedCodeResult<C>,
  unknownMessage: string,
): C | null {
  if (raw === '') return null;
  const found = normalise(raw);
  return found.ok ? found.code : reject(`${unknownMessage} ${quoted(raw)}`);
}

function number(
  raw: string,
  what: string,
  limit: { scale: number; max: ExactDecimal },
  options: { positive?: boolean; commaThousands?: boolean } = {},
): ExactDecimal | null {
  const value = parseFeedNumber(raw, options);
  if (value === null) return null;
  if (value === undefined) return reject(`${what} : nombre illisible ${quoted(raw)}`);
  const rounded = halfUp(value, limit.scale);
  if (options.positive && !rounded.isPositive()) return reject(`${what} : doit être positif (${quoted(raw)})`);
  if (abs(rounded).comparedTo(limit.max) > 0) return reject(`${what} : valeur hors limites ${quoted(raw)}`);
  return rounded;
}

/** "4.10-4.12x2.53", "6.52 x 6.48 x 4.01", "6.52*6.48*4.01": length, width and depth in mm. */
function splitMeasurements(raw: string): [string, string, string] | null {
  const parts = raw
    .toLowerCase()
    .replace(/mm/g, '')
    .split(/\s*[x×*]\s*/);
  // "min-max x depth" (round stones: two diameters, then the depth) or "length x width x depth".
  if (parts.length === 2) {
    const range = parts[0]!.split(/\s*-\s*/);
    return range.length === 2 ? [range[0]!, range[1]!, parts[1]!] : null;
  }
  if (parts.length !== 3) return null;
  return [parts[0]!, parts[1]!, parts[2]!];
}

/** Shapes keep the catalogue's upper-case names ("ROUND", "SQUARE EMERALD"). */
const upper = (value: string | null) => (value === null ? null : diamondNameKey(value));

/**
 * Normalises one feed row into a stone, or answers why it cannot be one. `pricing.rateToEur` converts the
 * feed's currency; a row in EUR is taken at 1; a row in another currency is rejected (one rate per run).
 */
export function normaliseFeedRow(row: FeedRow, pricing: FeedPricing): NormalisedRow {
  try {
    return { ok: true, stone: normalise(row, pricing) };
  } catch (error) {
    if (error instanceof RowRejected) return { ok: false, reason: error.message };
    throw error;
  }
}

function normalise(row: FeedRow, pricing: FeedPricing): FeedStone {
  const c = row.cells;
  const stockNumber = cell(c, 'stockNumber');
  if (stockNumber === '') reject('Numéro de stock manquant');
  if (stockNumber.length > 100) reject(`Numéro de stock trop long ${quoted(stockNumber)}`);

  const shapeRaw = cell(c, 'shape');
  if (shapeRaw === '') reject('Forme manquante');
  const shapeFound = normaliseFeedShape(shapeRaw);
  if (!shapeFound.ok) reject(`Code de forme inconnu ${quoted(shapeRaw)}`);
  const shape = diamondNameKey(shapeFound.code);

  const caratRaw = cell(c, 'carat');
  if (caratRaw === '') reject('Poids en carats manquant');
  const carats = number(caratRaw, 'Poids en carats', LIMITS.carats, { positive: true })!;

  const stoneColor = normaliseFeedStoneColor({
    color: cell(c, 'color'),
    fancyColor: cell(c, 'fancyColor'),
    fancyIntensity: cell(c, 'fancyIntensity'),
    fancyOvertone: cell(c, 'fancyOvertone'),
  });
  let color: string | null = null;
  let fancyColor: string | null = null;
  let fancyIntensity: string | null = null;
  let fancyOvertone: string | null = null;
  if (stoneColor.kind === 'white') {
    if (!stoneColor.color.ok) {
      reject(stoneColor.color.raw === '' ? 'Couleur manquante' : `Couleur inconnue ${quoted(stoneColor.color.raw)}`);
    } else color = stoneColor.color.code;
  } else {
    if (!stoneColor.color.ok) {
      const raw = stoneColor.color.raw;
      reject(raw === '' ? 'Couleur fantaisie manquante' : `Couleur fantaisie inconnue ${quoted(raw)}`);
    } else fancyColor = stoneColor.color.code;
    if (stoneColor.intensity && !stoneColor.intensity.ok) {
      reject(`Intensité de couleur fantaisie inconnue ${quoted(stoneColor.intensity.raw)}`);
    } else if (stoneColor.intensity?.ok) fancyIntensity = stoneColor.intensity.code;
    const overtones: string[] = [];
    for (const overtone of stoneColor.overtones) {
      if (!overtone.ok) reject(`Nuance de couleur fantaisie inconnue ${quoted(overtone.raw)}`);
      else overtones.push(overtone.code);
    }
    fancyOvertone = overtones.length > 0 ? overtones.join(',') : null;
  }

  const clarityRaw = cell(c, 'clarity');
  if (clarityRaw === '') reject('Pureté manquante');
  const clarity = code(clarityRaw, normaliseFeedClarity, 'Pureté inconnue')!;

  const cut = upper(code(cell(c, 'cut'), normaliseFeedGrade, 'Qualité de taille inconnue'));
  const polish = upper(code(cell(c, 'polish'), normaliseFeedGrade, 'Poli inconnu'));
  const symmetry = upper(code(cell(c, 'symmetry'), normaliseFeedGrade, 'Symétrie inconnue'));

  const fluoRaw = cell(c, 'fluorescenceIntensity');
  let fluorescence: string | null = null;
  let fluorescenceColor: string | null = null;
  if (fluoRaw !== '') {
    const split = splitFeedFluorescence(fluoRaw);
    if (!split.intensity.ok) reject(`Fluorescence inconnue ${quoted(fluoRaw)}`);
    fluorescence = split.intensity.ok ? upper(split.intensity.code) : null;
    fluorescenceColor = split.color?.ok ? split.color.code : null;
  }
  const fluoColorRaw = cell(c, 'fluorescenceColor');
  if (fluoColorRaw !== '' && !['NONE', 'N', 'NO', 'NON', '-'].includes(fluoColorRaw.toUpperCase())) {
    fluorescenceColor = code(fluoColorRaw, normaliseFeedFluorescenceColor, 'Couleur de fluorescence inconnue');
  }

  const lab = code(cell(c, 'lab'), normaliseFeedLab, 'Laboratoire inconnu');
  const growth = code(cell(c, 'growth'), normaliseFeedGrowth, 'Origine (naturel ou synthétique) inconnue');
  const treatmentRaw = cell(c, 'treatment');
  const treatments: string[] = [];
  for (const found of normaliseFeedTreatments(treatmentRaw)) {
    if (!found.ok) reject(`Traitement inconnu ${quoted(found.raw === '' ? treatmentRaw : found.raw)}`);
    else if (!treatments.includes(found.code)) treatments.push(found.code);
  }
  const availabilityRaw = cell(c, 'availability');
  const availability = code(availabilityRaw, normaliseFeedAvailability, 'Disponibilité inconnue') ?? 'available';

  // Measurements: the separate cells first, else split from "L x W x D".
  const measurementsRaw = cell(c, 'measurements');
  const split = measurementsRaw === '' ? null : splitMeasurements(measurementsRaw);
  const mm = (field: FeedField, fallback: string | undefined, what: string) => {
    const raw = cell(c, field);
    if (raw !== '') return number(raw, what, LIMITS.mm);
    const fromText = fallback === undefined ? null : parseFeedNumber(fallback);
    return fromText ? halfUp(fromText, 2) : null;
  };
  const lengthMm = mm('lengthMm', split?.[0], 'Longueur (mm)');
  const widthMm = mm('widthMm', split?.[1], 'Largeur (mm)');
  const depthMm = mm('depthMm', split?.[2], 'Hauteur (mm)');
  let ratio = number(cell(c, 'ratio'), 'Ratio', LIMITS.ratio);
  if (ratio === null && lengthMm?.isPositive() && widthMm?.isPositive()) {
    const longer = lengthMm.comparedTo(widthMm) >= 0;
    ratio = divHalfUp(longer ? lengthMm : widthMm, longer ? widthMm : lengthMm, 2);
  }
  const depthPct = number(cell(c, 'depthPercent'), 'Profondeur %', LIMITS.pct);
  const tablePct = number(cell(c, 'tablePercent'), 'Table %', LIMITS.pct);

  // Prices, in the feed's currency (or EUR when the row says so).
  const currencyCell = cell(c, 'currency').toUpperCase();
  const currency = currencyCell === '' ? pricing.currency : currencyCell;
  if (!/^[A-Z]{3}$/.test(currency)) reject(`Devise inconnue ${quoted(currencyCell)}`);
  let rate: ExactDecimal;
  if (currency === pricing.currency) rate = ExactDecimal.parse(pricing.rateToEur)!;
  else if (currency === 'EUR') rate = new ExactDecimal(1n);
  else rate = reject(`Devise ${currency} différente de celle du flux (${pricing.currency})`);
  const moneyOptions = { positive: true, commaThousands: true } as const;
  let perCarat = number(cell(c, 'pricePerCarat'), 'Prix par carat', LIMITS.money, moneyOptions);
  let total = number(cell(c, 'totalPrice'), 'Prix total', LIMITS.money, moneyOptions);
  if (perCarat === null && total === null) reject('Prix manquant (ni prix total ni prix par carat)');
  total ??= halfUp(perCarat!.mul(carats), 2);
  perCarat ??= divHalfUp(total, carats, 2);
  if (total.comparedTo(LIMITS.money.max) > 0) reject('Prix total : valeur hors limites');
  const totalEur = halfUp(total.mul(rate), 2);
  const perCaratEur = halfUp(perCarat.mul(rate), 2);
  const sellEur = halfUp(totalEur.mul(pricing.markup), 2);
  const discount = number(cell(c, 'discountPercent'), 'Remise %', LIMITS.discount);
  const cashPrice = number(cell(c, 'cashPrice'), 'Prix comptant', LIMITS.money, { commaThousands: true });

  const city = orNull(cell(c, 'city'));
  const state = orNull(cell(c, 'state'));
  const country = orNull(cell(c, 'country'));
  const location = [city, country].filter((x) => x !== null).join(', ') || state;

  const text = (value: ExactDecimal | null) => (value === null ? null : value.toFixed(2));
  const stone: Omit<FeedStone, 'content_hash'> = {
    stock_number: stockNumber,
    row_number: row.rowNumber,
    shape,
    carats: carats.toFixed(2),
    color,
    clarity,
    cut,
    polish,
    symmetry,
    fluorescence,
    fluorescence_color: fluorescenceColor,
    lab,
    certificate_number: orNull(cell(c, 'certificateNumber')),
    certificate_url: link(cell(c, 'certificateUrl')),
    location,
    measurements: orNull(measurementsRaw),
    length_mm: text(lengthMm),
    width_mm: text(widthMm),
    depth_mm: text(depthMm),
    ratio: text(ratio),
    depth_pct: text(depthPct),
    table_pct: text(tablePct),
    girdle: orNull(cell(c, 'girdle')),
    culet: orNull(cell(c, 'culet')),
    eye_clean: orNull(cell(c, 'eyeClean')),
    milky: orNull(cell(c, 'milky')),
    shade: orNull(cell(c, 'shade')),
    fancy_color: fancyColor,
    fancy_intensity: fancyIntensity,
    fancy_overtone: fancyOvertone,
    growth,
    treatments: treatments.length > 0 ? treatments.join(',') : null,
    total_price: total.toFixed(2),
    price_per_carat: perCarat.toFixed(2),
    discount_pct: text(discount),
    cash_price: text(cashPrice),
    currency,
    total_price_eur: totalEur.toFixed(2),
    price_eur: perCaratEur.toFixed(2),
    sell_price_eur: sellEur.toFixed(2),
    availability,
    image_url: link(cell(c, 'imageUrl')),
    video_url: link(cell(c, 'videoUrl')),
    viewer3d_url: link(cell(c, 'viewer3dUrl')),
    city,
    state,
    country,
    supplier: pricing.supplier,
  };
  return { ...stone, content_hash: stoneHash(stone) };
}

/** What tells an unchanged stone: every stored value but the row number. */
function stoneHash(stone: Omit<FeedStone, 'content_hash'>): string {
  let text = '';
  for (const [column] of FEED_STONE_COLUMNS) {
    if (column === 'row_number' || column === 'content_hash') continue;
    text += `${stone[column] ?? '\u0000'}\u0001`;
  }
  return createHash('sha1').update(text).digest('base64');
}
