/**
 * Column presets of supplier stock feeds: which header of an IDEX, RapNet, VDB or Nivoda file holds
 * which field of a stone. `detectPreset` picks the preset whose headers best match a file's header
 * line and answers a column mapping (header -> field) that the admin may correct and save as a plain
 * JSON object; `parseFeedColumnMapping` checks such a saved object.
 *
 * Headers are compared by `feedHeaderKey`: case, spaces and punctuation do not count ("Certificate #",
 * "certificate_#" and "CERTIFICATE" are one header; so are "Depth" and "Depth %", the depth percentage
 * in every preset).
 */
import { FEED_FIELDS, feedHeaderKey, type FeedField } from '@shared/diamond-feed-fields';

const FIELD_SET: ReadonlySet<string> = new Set(FEED_FIELDS);

export function isFeedField(value: string): value is FeedField {
  return FIELD_SET.has(value);
}

/** A file's column mapping: header text as in the file -> field. Saved as is (a plain JSON object). */
export type FeedColumnMapping = Record<string, FeedField>;

export type FeedPresetId = 'idex' | 'rapnet' | 'vdb' | 'nivoda';

export interface FeedPreset {
  readonly id: FeedPresetId;
  /** Shown to the admin. */
  readonly label: string;
  /** Header names this provider uses (several spellings per field) -> field. */
  readonly columns: Readonly<Record<string, FeedField>>;
}

/**
 * IDEX inventory files (natural and lab-grown): "Cut" is the shape there, the cut grade is "Make" or
 * "Cut Grade". "Supplier Stock Ref." is the supplier's stock number; IDEX's own "Item ID #" is left
 * for the admin to map.
 */
const IDEX: FeedPreset = {
  id: 'idex',
  label: 'IDEX',
  columns: {
    'Supplier Stock Ref.': 'stockNumber',
    'Supplier Stock Reference': 'stockNumber',
    'Stock Number': 'stockNumber',
    Cut: 'shape',
    Shape: 'shape',
    Carat: 'carat',
    Weight: 'carat',
    Color: 'color',
    'Natural Fancy Color': 'fancyColor',
    'Natural Fancy Color Intensity': 'fancyIntensity',
    'Natural Fancy Color Overtone': 'fancyOvertone',
    Clarity: 'clarity',
    'Make (Cut Grade)': 'cut',
    Make: 'cut',
    'Cut Grade': 'cut',
    'Grading Lab': 'lab',
    'Certificate Number': 'certificateNumber',
    'Certificate Path': 'certificateUrl',
    'Certificate URL': 'certificateUrl',
    'Image Path': 'imageUrl',
    'Image URL': 'imageUrl',
    'Video URL': 'videoUrl',
    '3DViewer URL': 'viewer3dUrl',
    'Price Per Carat': 'pricePerCarat',
    'Asking Price Per Carat': 'pricePerCarat',
    'Total Price': 'totalPrice',
    '% Off IDEX List': 'discountPercent',
    Polish: 'polish',
    Symmetry: 'symmetry',
    'Measurements (LengthxWidthxHeight)': 'measurements',
    Measurements: 'measurements',
    'Measurements Length': 'lengthMm',
    'Measurements Width': 'widthMm',
    'Measurements Height': 'depthMm',
    Depth: 'depthPercent',
    'Total Depth': 'depthPercent',
    Table: 'tablePercent',
    'Table Width': 'tablePercent',
    'Girdle (From / To)': 'girdle',
    'Culet Size': 'culet',
    'Fluorescence Intensity': 'fluorescenceIntensity',
    'Fluorescence Color': 'fluorescenceColor',
    Enhancement: 'treatment',
    City: 'city',
    'State / Region': 'state',
    Country: 'country',
    Shade: 'shade',
    Milky: 'milky',
    'Eye Clean': 'eyeClean',
    'Guaranteed Availability': 'availability',
    'Growth Type': 'growth',
  },
};

/** RapNet upload and download files. */
const RAPNET: FeedPreset = {
  id: 'rapnet',
  label: 'RapNet',
  columns: {
    'Stock #': 'stockNumber',
    'Stock Number': 'stockNumber',
    Availability: 'availability',
    Shape: 'shape',
    Weight: 'carat',
    Size: 'carat',
    'Weight/Carat': 'carat',
    Color: 'color',
    'Fancy Color': 'fancyColor',
    'Fancy Color Intensity': 'fancyIntensity',
    'Fancy Color Overtone': 'fancyOvertone',
    Clarity: 'clarity',
    'Cut Grade': 'cut',
    Polish: 'polish',
    Symmetry: 'symmetry',
    'Fluorescence Intensity': 'fluorescenceIntensity',
    'Fluorescence Color': 'fluorescenceColor',
    Measurements: 'measurements',
    'Measurements Length': 'lengthMm',
    'Measurements Width': 'widthMm',
    'Measurements Depth': 'depthMm',
    Ratio: 'ratio',
    Lab: 'lab',
    'Certificate #': 'certificateNumber',
    'Certificate URL': 'certificateUrl',
    'Certificate Filename': 'certificateUrl',
    Treatment: 'treatment',
    'RapNet Price': 'pricePerCarat',
    'RapNet Price ($/ct)': 'pricePerCarat',
    'Price/ct': 'pricePerCarat',
    'Price Per Carat': 'pricePerCarat',
    'RapNet Discount %': 'discountPercent',
    'Discount %': 'discountPercent',
    'Rap %': 'discountPercent',
    'Cash Price': 'cashPrice',
    'Total Price': 'totalPrice',
    'Depth %': 'depthPercent',
    'Table %': 'tablePercent',
    Girdle: 'girdle',
    'Culet Size': 'culet',
    City: 'city',
    State: 'state',
    Country: 'country',
    'Diamond Image': 'imageUrl',
    'Image URL': 'imageUrl',
    'Video URL': 'videoUrl',
    '3D File': 'viewer3dUrl',
    Shade: 'shade',
    Milky: 'milky',
    'Eye Clean': 'eyeClean',
    'Growth Type': 'growth',
    Currency: 'currency',
  },
};

/** VDB (VDB app) exports: snake_case headers. */
const VDB: FeedPreset = {
  id: 'vdb',
  label: 'VDB',
  columns: {
    stock_num: 'stockNumber',
    shape: 'shape',
    size: 'carat',
    color: 'color',
    fancy_color_dominant_color: 'fancyColor',
    fancy_color_intensity: 'fancyIntensity',
    fancy_color_overtone: 'fancyOvertone',
    clarity: 'clarity',
    cut: 'cut',
    polish: 'polish',
    symmetry: 'symmetry',
    fluor_intensity: 'fluorescenceIntensity',
    fluor_color: 'fluorescenceColor',
    lab: 'lab',
    cert_num: 'certificateNumber',
    cert_url: 'certificateUrl',
    meas_length: 'lengthMm',
    meas_width: 'widthMm',
    meas_depth: 'depthMm',
    meas_ratio: 'ratio',
    ratio: 'ratio',
    depth_percent: 'depthPercent',
    table_percent: 'tablePercent',
    girdle_condition: 'girdle',
    culet_size: 'culet',
    eye_clean: 'eyeClean',
    milky: 'milky',
    shade: 'shade',
    price_per_carat: 'pricePerCarat',
    total_sales_price: 'totalPrice',
    discount_percent: 'discountPercent',
    currency_code: 'currency',
    city: 'city',
    state: 'state',
    country: 'country',
    availability: 'availability',
    image_url: 'imageUrl',
    video_url: 'videoUrl',
    v360_url: 'viewer3dUrl',
    lab_grown_type: 'growth',
    growth_type: 'growth',
    treatment: 'treatment',
    measurement: 'measurements',
  },
};

/** Nivoda CSV exports. Their stone depth in mm is read from "Measurements" ("Depth" is "Depth %" here). */
const NIVODA: FeedPreset = {
  id: 'nivoda',
  label: 'Nivoda',
  columns: {
    'Stock #': 'stockNumber',
    'Stock ID': 'stockNumber',
    Shape: 'shape',
    Size: 'carat',
    Carats: 'carat',
    Cut: 'cut',
    Color: 'color',
    'Fancy Color': 'fancyColor',
    'Fancy Intensity': 'fancyIntensity',
    'Fancy Overtone': 'fancyOvertone',
    Clarity: 'clarity',
    Polish: 'polish',
    Symmetry: 'symmetry',
    'Fluorescence Intensity': 'fluorescenceIntensity',
    'Fluorescence Color': 'fluorescenceColor',
    Lab: 'lab',
    'Certificate #': 'certificateNumber',
    'Certificate Link': 'certificateUrl',
    Measurements: 'measurements',
    Length: 'lengthMm',
    Width: 'widthMm',
    Ratio: 'ratio',
    'Depth %': 'depthPercent',
    'Table %': 'tablePercent',
    Girdle: 'girdle',
    Culet: 'culet',
    'Eye Clean': 'eyeClean',
    Milky: 'milky',
    Shade: 'shade',
    'Price Per Carat': 'pricePerCarat',
    'Final Price': 'totalPrice',
    Discount: 'discountPercent',
    Location: 'country',
    Availability: 'availability',
    Image: 'imageUrl',
    Video: 'videoUrl',
    'Growth Type': 'growth',
    Treatment: 'treatment',
  },
};

export const FEED_PRESETS: readonly FeedPreset[] = [IDEX, RAPNET, VDB, NIVODA];

/** A preset's columns by header key. Two spellings of one key naming two fields is a mistake: it throws. */
function presetKeys(preset: FeedPreset): ReadonlyMap<string, FeedField> {
  const keys = new Map<string, FeedField>();
  for (const [header, field] of Object.entries(preset.columns)) {
    const key = feedHeaderKey(header);
    const other = keys.get(key);
    if (other && other !== field) throw new Error(`${preset.id}: "${header}" is both ${other} and ${field}`);
    keys.set(key, field);
  }
  return keys;
}

const PRESET_KEYS = new Map(FEED_PRESETS.map((p) => [p.id, presetKeys(p)]));

/** Header keys that mean one field in every preset that knows them ("Cut" does not: shape at IDEX). */
const UNAMBIGUOUS_KEYS: ReadonlyMap<string, FeedField> = (() => {
  const fields = new Map<string, Set<FeedField>>();
  for (const keys of PRESET_KEYS.values()) {
    for (const [key, field] of keys) fields.set(key, (fields.get(key) ?? new Set()).add(field));
  }
  // The field names themselves, for files written by hand or exported from this application.
  for (const field of FEED_FIELDS)
    fields.set(feedHeaderKey(field), (fields.get(feedHeaderKey(field)) ?? new Set()).add(field));
  const out = new Map<string, FeedField>();
  for (const [key, set] of fields) if (set.size === 1) out.set(key, [...set][0]!);
  return out;
})();

export interface PresetDetection {
  /** The best-matching preset, or null when no preset knows at least `MIN_PRESET_MATCHES` headers. */
  preset: FeedPreset | null;
  /** How many of the file's headers the preset knows. */
  matchedHeaders: number;
  /** Header text as in the file -> field; each field from one column at most (the first). */
  mapping: FeedColumnMapping;
  /** Non-blank headers left out of the mapping, in file order (unknown, or a field's second column). */
  unmappedHeaders: string[];
}

/** Below this many known headers a file is not said to follow a preset. */
export const MIN_PRESET_MATCHES = 4;

/**
 * The mapping of a file's headers with one preset's columns, completed by the headers every preset
 * reads the same way (and the field names themselves) for the fields still free.
 */
export function mapHeaders(
  headerCells: readonly string[],
  preset: FeedPreset | null,
): Pick<PresetDetection, 'mapping' | 'unmappedHeaders'> & { matchedHeaders: number } {
  const keys = preset ? PRESET_KEYS.get(preset.id)! : new Map<string, FeedField>();
  const mapping: FeedColumnMapping = {};
  const used = new Set<FeedField>();
  const unmappedHeaders: string[] = [];
  let matchedHeaders = 0;
  const pending: string[] = [];
  for (const header of headerCells) {
    if (header.trim() === '') continue;
    const field = keys.get(feedHeaderKey(header));
    if (field) matchedHeaders++;
    if (field && !used.has(field) && !Object.hasOwn(mapping, header)) {
      mapping[header] = field;
      used.add(field);
    } else pending.push(header);
  }
  for (const header of pending) {
    const field = keys.has(feedHeaderKey(header)) ? undefined : UNAMBIGUOUS_KEYS.get(feedHeaderKey(header));
    if (field && !used.has(field) && !Object.hasOwn(mapping, header)) {
      mapping[header] = field;
      used.add(field);
    } else unmappedHeaders.push(header);
  }
  return { mapping, unmappedHeaders, matchedHeaders };
}

/**
 * The preset whose headers best match a file's header line: most headers known, then (on a tie) the
 * larger share of its own columns found, then the order of `FEED_PRESETS`.
 */
export function detectPreset(headerCells: readonly string[]): PresetDetection {
  const fileKeys = new Set(headerCells.map(feedHeaderKey));
  let best: { preset: FeedPreset; matched: number; share: number } | null = null;
  for (const preset of FEED_PRESETS) {
    const keys = PRESET_KEYS.get(preset.id)!;
    let matched = 0;
    for (const key of fileKeys) if (keys.has(key)) matched++;
    const share = matched / new Set(keys.values()).size;
    if (!best || matched > best.matched || (matched === best.matched && share > best.share)) {
      best = { preset, matched, share };
    }
  }
  const preset = best && best.matched >= MIN_PRESET_MATCHES ? best.preset : null;
  const { mapping, unmappedHeaders, matchedHeaders } = mapHeaders(headerCells, preset);
  return { preset, matchedHeaders, mapping, unmappedHeaders };
}

export type MappingCheck = { ok: true; mapping: FeedColumnMapping } | { ok: false; errors: string[] };

/**
 * Checks a saved or edited mapping (parsed JSON): an object of non-blank header -> known field, each
 * field from one column only. Errors are in French, for the admin.
 */
export function parseFeedColumnMapping(value: unknown): MappingCheck {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, errors: ['La correspondance des colonnes doit être un objet colonne -> champ'] };
  }
  const errors: string[] = [];
  const mapping: FeedColumnMapping = {};
  const columnsByField = new Map<FeedField, string>();
  for (const [header, field] of Object.entries(value)) {
    if (header.trim() === '') {
      errors.push('Un nom de colonne est vide');
      continue;
    }
    if (typeof field !== 'string' || !isFeedField(field)) {
      errors.push(`Colonne « ${header} » : champ inconnu (${String(field)})`);
      continue;
    }
    const other = columnsByField.get(field);
    if (other !== undefined) {
      errors.push(`Le champ ${field} est lu dans deux colonnes : « ${other} » et « ${header} »`);
      continue;
    }
    columnsByField.set(field, header);
    mapping[header] = field;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, mapping };
}
