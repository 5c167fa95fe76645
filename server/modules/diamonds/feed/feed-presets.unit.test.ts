import { describe, expect, it } from 'vitest';
import { FEED_FIELDS, feedHeaderKey } from '@shared/diamond-feed-fields';
import { detectPreset, FEED_PRESETS, isFeedField, mapHeaders, parseFeedColumnMapping } from './feed-presets';

/** Header lines as the providers' files write them. */
const SAMPLE_HEADERS = {
  idex: [
    'Item ID #',
    'Supplier Stock Ref.',
    'Cut',
    'Carat',
    'Color',
    'Natural Fancy Color',
    'Natural Fancy Color Intensity',
    'Natural Fancy Color Overtone',
    'Treated Color',
    'Clarity',
    'Make (Cut Grade)',
    'Grading Lab',
    'Certificate Number',
    'Certificate Path',
    'Image Path',
    'Online Report',
    'Video URL',
    '3DViewer URL',
    'Price Per Carat',
    'Total Price',
    '% Off IDEX List',
    'Polish',
    'Symmetry',
    'Measurements (LengthxWidthxHeight)',
    'Depth',
    'Table',
    'Crown Height',
    'Pavilion Depth',
    'Girdle (From / To)',
    'Culet Size',
    'Fluorescence Intensity',
    'Fluorescence Color',
    'Enhancement',
    'Country',
    'State / Region',
    'Pair Stock Ref.',
  ],
  rapnet: [
    'Stock #',
    'Availability',
    'Shape',
    'Weight',
    'Color',
    'Clarity',
    'Cut Grade',
    'Polish',
    'Symmetry',
    'Fluorescence Intensity',
    'Fluorescence Color',
    'Measurements',
    'Lab',
    'Certificate #',
    'Treatment',
    'RapNet Price ($/ct)',
    'RapNet Discount %',
    'Cash Price',
    'Fancy Color',
    'Fancy Color Intensity',
    'Fancy Color Overtone',
    'Depth %',
    'Table %',
    'Girdle Thin',
    'Culet Size',
    'Crown Height',
    'City',
    'State',
    'Country',
    'Diamond Image',
    'Member Comments',
  ],
  vdb: [
    'stock_num',
    'shape',
    'size',
    'color',
    'clarity',
    'cut',
    'polish',
    'symmetry',
    'fluor_intensity',
    'fluor_color',
    'lab',
    'cert_num',
    'cert_url',
    'meas_length',
    'meas_width',
    'meas_depth',
    'depth_percent',
    'table_percent',
    'fancy_color_dominant_color',
    'fancy_color_secondary_color',
    'fancy_color_overtone',
    'fancy_color_intensity',
    'price_per_carat',
    'total_sales_price',
    'discount_percent',
    'city',
    'state',
    'country',
    'availability',
    'image_url',
    'video_url',
  ],
  nivoda: [
    'Stock #',
    'Shape',
    'Size',
    'Cut',
    'Color',
    'Clarity',
    'Polish',
    'Symmetry',
    'Fluorescence Intensity',
    'Lab',
    'Certificate #',
    'Location',
    'Final Price',
    'Image',
    'Video',
  ],
} as const;

describe('feedHeaderKey', () => {
  it('ignores case, spaces, punctuation and accents', () => {
    expect(feedHeaderKey(' Certificate # ')).toBe('certificate');
    expect(feedHeaderKey('certificate_#')).toBe('certificate');
    expect(feedHeaderKey('Stock Number')).toBe(feedHeaderKey('stock-number'));
    expect(feedHeaderKey('Pureté')).toBe('purete');
  });
});

describe('presets', () => {
  it('name only known fields, and no header key twice for two fields', () => {
    for (const preset of FEED_PRESETS) {
      for (const field of Object.values(preset.columns)) expect(isFeedField(field)).toBe(true);
    }
    expect(FEED_FIELDS).toHaveLength(new Set(FEED_FIELDS).size);
  });
});

describe('detectPreset', () => {
  it.each(Object.entries(SAMPLE_HEADERS))('recognises a %s header line', (id, headers) => {
    expect(detectPreset(headers).preset?.id).toBe(id);
  });

  it('maps IDEX columns, where "Cut" is the shape and "Make" the cut grade', () => {
    const { mapping, unmappedHeaders } = detectPreset(SAMPLE_HEADERS.idex);
    expect(mapping).toMatchObject({
      'Supplier Stock Ref.': 'stockNumber',
      Cut: 'shape',
      Carat: 'carat',
      'Make (Cut Grade)': 'cut',
      'Grading Lab': 'lab',
      'Certificate Path': 'certificateUrl',
      '3DViewer URL': 'viewer3dUrl',
      'Natural Fancy Color Intensity': 'fancyIntensity',
      Depth: 'depthPercent',
      Enhancement: 'treatment',
      '% Off IDEX List': 'discountPercent',
    });
    expect(unmappedHeaders).toEqual([
      'Item ID #',
      'Treated Color',
      'Online Report',
      'Crown Height',
      'Pavilion Depth',
      'Pair Stock Ref.',
    ]);
  });

  it('maps RapNet columns', () => {
    const { mapping, unmappedHeaders } = detectPreset(SAMPLE_HEADERS.rapnet);
    expect(mapping).toMatchObject({
      'Stock #': 'stockNumber',
      Weight: 'carat',
      'Cut Grade': 'cut',
      'Certificate #': 'certificateNumber',
      'RapNet Price ($/ct)': 'pricePerCarat',
      'RapNet Discount %': 'discountPercent',
      'Cash Price': 'cashPrice',
      'Depth %': 'depthPercent',
      'Diamond Image': 'imageUrl',
      Availability: 'availability',
    });
    expect(unmappedHeaders).toEqual(['Girdle Thin', 'Crown Height', 'Member Comments']);
  });

  it('maps VDB columns', () => {
    const { mapping, unmappedHeaders } = detectPreset(SAMPLE_HEADERS.vdb);
    expect(mapping).toMatchObject({
      stock_num: 'stockNumber',
      size: 'carat',
      cut: 'cut',
      fluor_intensity: 'fluorescenceIntensity',
      cert_num: 'certificateNumber',
      meas_depth: 'depthMm',
      fancy_color_dominant_color: 'fancyColor',
      total_sales_price: 'totalPrice',
      video_url: 'videoUrl',
    });
    expect(unmappedHeaders).toEqual(['fancy_color_secondary_color']);
  });

  it('maps Nivoda columns, where "Cut" is the cut grade', () => {
    const { mapping, unmappedHeaders } = detectPreset(SAMPLE_HEADERS.nivoda);
    expect(mapping).toMatchObject({ Cut: 'cut', Size: 'carat', 'Final Price': 'totalPrice', Location: 'country' });
    expect(unmappedHeaders).toEqual([]);
  });

  it('ignores case, spacing and punctuation of headers', () => {
    const headers = [
      'STOCK_NUM',
      'Shape ',
      'Size',
      'COLOR',
      'clarity',
      'Fluor Intensity',
      'Cert Num',
      'Total Sales Price',
    ];
    const detection = detectPreset(headers);
    expect(detection.preset?.id).toBe('vdb');
    expect(detection.mapping).toMatchObject({
      STOCK_NUM: 'stockNumber',
      'Fluor Intensity': 'fluorescenceIntensity',
      'Cert Num': 'certificateNumber',
      'Total Sales Price': 'totalPrice',
    });
  });

  it('reads each field from one column: a second column for a field is left unmapped', () => {
    const { mapping, unmappedHeaders } = detectPreset([...SAMPLE_HEADERS.rapnet, 'Size']);
    expect(mapping.Weight).toBe('carat');
    expect(mapping.Size).toBeUndefined();
    expect(unmappedHeaders).toContain('Size');
  });

  it('completes a preset with headers every provider reads alike, and the field names', () => {
    const { mapping } = detectPreset([...SAMPLE_HEADERS.nivoda, 'Video URL', 'viewer3dUrl']);
    expect(mapping).toMatchObject({ Video: 'videoUrl', viewer3dUrl: 'viewer3dUrl' });
    expect(mapping['Video URL']).toBeUndefined();
  });

  it('answers no preset for an unrelated file, mapping what is unambiguous', () => {
    const detection = detectPreset(['Référence', 'Carat', 'Prix', '', 'Cut']);
    expect(detection.preset).toBeNull();
    expect(detection.mapping).toEqual({ Carat: 'carat' });
    expect(detection.unmappedHeaders).toEqual(['Référence', 'Prix', 'Cut']);
    expect(mapHeaders([], null)).toEqual({ mapping: {}, unmappedHeaders: [], matchedHeaders: 0 });
  });
});

describe('parseFeedColumnMapping', () => {
  it('accepts a plain object of header -> field (a detected mapping round-trips through JSON)', () => {
    const { mapping } = detectPreset(SAMPLE_HEADERS.idex);
    expect(parseFeedColumnMapping(JSON.parse(JSON.stringify(mapping)))).toEqual({ ok: true, mapping });
  });

  it('refuses non-objects, unknown fields, blank headers and a field read twice', () => {
    expect(parseFeedColumnMapping(['shape'])).toMatchObject({ ok: false });
    expect(parseFeedColumnMapping(null)).toMatchObject({ ok: false });
    expect(parseFeedColumnMapping({ Forme: 'shape', Poids: 'weight', ' ': 'carat', Taille: 'shape', X: 3 })).toEqual({
      ok: false,
      errors: [
        'Colonne « Poids » : champ inconnu (weight)',
        'Un nom de colonne est vide',
        'Le champ shape est lu dans deux colonnes : « Forme » et « Taille »',
        'Colonne « X » : champ inconnu (3)',
      ],
    });
  });
});
