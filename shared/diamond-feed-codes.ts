/**
 * Normalisation of the codes supplier stock feeds use (RapNet, IDEX, VDB, Nivoda and suppliers'
 * own spreadsheets) into canonical codes with French labels.
 *
 * Every normaliser is driven by one table per attribute (canonical code, French label, the
 * spellings feeds use) and answers `{ ok: true, code, label }` or `{ ok: false, raw }`: an unknown
 * code is reported with its text as it came, never dropped. A blank cell answers
 * `{ ok: false, raw: '' }`, so the caller tells "no value" from "unreadable value".
 *
 * Lookup is case-, accent-, space- and punctuation-insensitive: "Round Brilliant", "ROUND_BRILLIANT"
 * and "round-brilliant" are one key; a spelling is also found with its spaces removed ("SQ EM" and
 * "SQEM", "VVS 1" and "VVS1").
 *
 * Canonical codes: lower-case words for word-like attributes (`round`, `square-radiant`,
 * `very-good`, `lab-grown-cvd`); the international grades keep their usual upper-case form
 * (clarity `VVS1`, colour `D`, lab `GIA`). The catalogue's upper-case shape names
 * (`DIAMOND_SHAPES`) are `diamondNameKey(code)` of the shape codes below, and the ten shapes they
 * share carry the same French names as `shapeName` of diamond-names.ts.
 *
 * Decisions:
 * - a grade range ("VG-EX", "EX/VG") resolves to its lower grade, and a colour range ("S-T")
 *   to its lower colour (the later letter, "T"): a stone is never shown above what its supplier
 *   vouches for;
 * - "3EX" / "3VG" (cut, polish and symmetry all of one grade) answer that grade for each of the three;
 * - RapNet's one-letter shape codes follow RapNet's list: "RD" is round (not radiant), "R" and
 *   "RDN" are radiant, "SQ EM" is asscher (RapNet files both under one shape) while Nivoda's
 *   SQUARE_EMERALD and the spelled-out "square emerald" stay `square-emerald`;
 * - P1–P3 and PK1–PK3 (piqué) are I1–I3;
 * - RapNet's availability "G" (guaranteed available) and "STPS" (subject to prior sale) are both
 *   `available`: the stone is offered either way;
 * - lab-grown stones are labelled "synthétique", the only name French law allows for them
 *   (décret n° 2002-65), and a treated stone's label says how it was treated.
 */
import { FLUORESCENCE_NAMES_BY_CODE, GRADE_NAMES_BY_CODE } from './diamond-grade-names';
import { SHAPE_NAMES_BY_CODE } from './diamond-names';

export type FeedCodeResult<C extends string = string> =
  { readonly ok: true; readonly code: C; readonly label: string } | { readonly ok: false; readonly raw: string };

interface CodeEntry<C extends string> {
  readonly code: C;
  readonly label: string;
  /** Spellings found in feeds; the code and the label are always accepted too. */
  readonly aliases: readonly string[];
}

/** A lookup key: upper case, no accents, any run of non-alphanumerics (but `+` and `&`) as one space. */
export function feedCodeKey(raw: string): string {
  return raw
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/œ/gi, 'OE')
    .toUpperCase()
    .replace(/[^A-Z0-9+&]+/g, ' ')
    .trim();
}

const compact = (key: string) => key.replace(/ /g, '');

interface CodeTable<C extends string> {
  readonly entries: readonly CodeEntry<C>[];
  readonly byCode: ReadonlyMap<C, CodeEntry<C>>;
  lookup(raw: string): FeedCodeResult<C>;
}

/**
 * Builds the lookup of one attribute. Two entries claiming one spelling (with or without its spaces)
 * is a mistake in the table: it throws when the module loads, so a test catches it.
 * `noiseWords` are dropped when the exact spelling is unknown ("Emerald Cut", "Pear Shape").
 */
function codeTable<C extends string>(
  name: string,
  entries: readonly CodeEntry<C>[],
  noiseWords: readonly string[] = [],
): CodeTable<C> {
  const exact = new Map<string, CodeEntry<C>>();
  const squeezed = new Map<string, CodeEntry<C>>();
  const add = (map: Map<string, CodeEntry<C>>, key: string, entry: CodeEntry<C>) => {
    const other = map.get(key);
    if (other && other !== entry) {
      throw new Error(`${name}: "${key}" is claimed by both ${other.code} and ${entry.code}`);
    }
    map.set(key, entry);
  };
  for (const entry of entries) {
    for (const spelling of [entry.code, entry.label, ...entry.aliases]) {
      const key = feedCodeKey(spelling);
      if (key === '') continue;
      add(exact, key, entry);
      add(squeezed, compact(key), entry);
    }
  }
  const noise = new Set(noiseWords);
  const find = (key: string) => exact.get(key) ?? squeezed.get(compact(key));
  return {
    entries,
    byCode: new Map(entries.map((e) => [e.code, e])),
    lookup(raw) {
      const key = feedCodeKey(raw);
      if (key === '') return { ok: false, raw: raw.trim() };
      let entry = find(key);
      if (!entry && noise.size > 0) {
        const stripped = key
          .split(' ')
          .filter((word) => !noise.has(word))
          .join(' ');
        if (stripped !== '') entry = find(stripped);
      }
      return entry ? { ok: true, code: entry.code, label: entry.label } : { ok: false, raw: raw.trim() };
    },
  };
}

const entry = <C extends string>(code: C, label: string, aliases: readonly string[] = []): CodeEntry<C> => ({
  code,
  label,
  aliases,
});

const unknown = (raw: string): { ok: false; raw: string } => ({ ok: false, raw: raw.trim() });

const okOrNull = <C extends string>(result: FeedCodeResult<C>) => (result.ok ? result : null);

// ---------------------------------------------------------------------------------------------
// Shapes

export const FEED_SHAPE_CODES = [
  'round',
  'pear',
  'emerald',
  'princess',
  'asscher',
  'cushion',
  'heart',
  'oval',
  'radiant',
  'marquise',
  'square-emerald',
  'square-radiant',
  'old-miner',
  'old-european',
  'trillion',
  'baguette',
  'tapered-baguette',
] as const;
export type FeedShapeCode = (typeof FEED_SHAPE_CODES)[number];

const SHAPES = codeTable<FeedShapeCode>(
  'shape',
  [
    entry('round', SHAPE_NAMES_BY_CODE['round'], [
      'B',
      'RB',
      'RBC',
      'BR',
      'RND',
      'RD',
      'ROUND',
      'BRILLIANT',
      'ROUND BRILLIANT',
      'ROND',
    ]),
    entry('pear', SHAPE_NAMES_BY_CODE['pear'], ['P', 'PS', 'PSH', 'PEAR', 'PE', 'PEAR MODIFIED BRILLIANT']),
    entry('emerald', SHAPE_NAMES_BY_CODE['emerald'], ['E', 'EC', 'EM', 'EMERALD', 'EMR']),
    entry('princess', SHAPE_NAMES_BY_CODE['princess'], ['PR', 'PRN', 'PRINCESS', 'SQUARE MODIFIED BRILLIANT']),
    entry('asscher', SHAPE_NAMES_BY_CODE['asscher'], ['A', 'AS', 'SQ EM', 'ASSCHER', 'ASH']),
    entry('cushion', SHAPE_NAMES_BY_CODE['cushion'], [
      'C',
      'CU',
      'CUS',
      'CB',
      'CS',
      'CM',
      'CMB',
      'CUSH',
      'CUSHION',
      'CUSHION BRILLIANT',
      'CUSHION MODIFIED',
      'CUSHION MODIFIED BRILLIANT',
      'CUSHION MOD',
      'CUSHION_BRILLIANT',
      'CUSHION_MODIFIED',
    ]),
    entry('heart', SHAPE_NAMES_BY_CODE['heart'], ['H', 'HS', 'HT', 'HRT', 'HEART', 'COEUR']),
    entry('oval', SHAPE_NAMES_BY_CODE['oval'], ['O', 'OV', 'OVL', 'OVAL']),
    entry('radiant', SHAPE_NAMES_BY_CODE['radiant'], [
      'R',
      'RA',
      'RAD',
      'RDN',
      'RADIANT',
      'RECTANGULAR RADIANT',
      'CUT CORNERED RECTANGULAR MODIFIED BRILLIANT',
    ]),
    entry('marquise', SHAPE_NAMES_BY_CODE['marquise'], ['M', 'MQ', 'MAR', 'MARQUISE', 'MARQUIS']),
    entry('square-emerald', SHAPE_NAMES_BY_CODE['square-emerald'], [
      'SQUARE_EMERALD',
      'SQUARE EMERALD',
      'SQ EMERALD',
      'SQE',
    ]),
    entry('square-radiant', SHAPE_NAMES_BY_CODE['square-radiant'], [
      'SQUARE_RADIANT',
      'SQUARE RADIANT',
      'SQ RAD',
      'SQ RADIANT',
      'SQR',
      'CUT CORNERED SQUARE MODIFIED BRILLIANT',
    ]),
    entry('old-miner', SHAPE_NAMES_BY_CODE['old-miner'], [
      'OLD_MINER',
      'OLD MINER',
      'OLD MINE',
      'OMC',
      'OM',
      'MINE CUT',
    ]),
    entry('old-european', SHAPE_NAMES_BY_CODE['old-european'], [
      'OLD_EUROPEAN',
      'OLD EUROPEAN',
      'OEC',
      'OE',
      'EUROPEAN',
      'EUROPEAN_CUT',
      'OLD EUROPEAN BRILLIANT',
    ]),
    entry('trillion', SHAPE_NAMES_BY_CODE['trillion'], [
      'TRILLION',
      'TRILLIANT',
      'TRI',
      'TRL',
      'TRIANGLE',
      'TRIANGULAR',
      'TRIANGULAR BRILLIANT',
    ]),
    entry('baguette', SHAPE_NAMES_BY_CODE['baguette'], ['BAG', 'BG', 'BAGUETTE', 'STRAIGHT BAGUETTE', 'SB']),
    entry('tapered-baguette', SHAPE_NAMES_BY_CODE['tapered-baguette'], [
      'TAPERED_BAGUETTE',
      'TAPERED BAGUETTE',
      'TAPER BAGUETTE',
      'TB',
      'TBG',
      'TAP BAG',
      'BAGUETTE EFFILEE',
    ]),
  ],
  ['CUT', 'SHAPE', 'SHAPED', 'BRILLIANT', 'MODIFIED', 'DIAMOND', 'STONE'],
);

/** The canonical shapes with their French names, in the order a select shows them. */
export const FEED_SHAPE_OPTIONS: ReadonlyArray<{ readonly code: FeedShapeCode; readonly label: string }> =
  SHAPES.entries.map(({ code, label }) => ({ code, label }));

/** Canonical shape of a feed's shape code or name ("RD", "Round Brilliant", "SQUARE_RADIANT"). */
export function normaliseFeedShape(raw: string): FeedCodeResult<FeedShapeCode> {
  return SHAPES.lookup(raw);
}

/** French name of a canonical shape code. */
export function feedShapeLabel(code: FeedShapeCode): string {
  return SHAPES.byCode.get(code)!.label;
}

// ---------------------------------------------------------------------------------------------
// Cut, polish and symmetry grades

/** Best first: the index orders grades (a range keeps the one further down this list). */
export const FEED_GRADE_CODES = ['ideal', 'excellent', 'very-good', 'good', 'fair', 'poor'] as const;
export type FeedGradeCode = (typeof FEED_GRADE_CODES)[number];

const GRADES = codeTable<FeedGradeCode>('grade', [
  entry('ideal', GRADE_NAMES_BY_CODE['ideal'], ['ID', 'IDEAL', 'IDL', 'SUPER IDEAL', '8X', 'IDEAL CUT', 'IDEAL PLUS']),
  entry('excellent', GRADE_NAMES_BY_CODE['excellent'], [
    'EX',
    'EXC',
    'EXCELLENT',
    'X',
    '3EX',
    '3X',
    'EX EX EX',
    'TRIPLE EXCELLENT',
  ]),
  entry('very-good', GRADE_NAMES_BY_CODE['very-good'], [
    'VG',
    'VGD',
    'V GOOD',
    'VERY GOOD',
    'VERYGOOD',
    '3VG',
    'VG VG VG',
    'TRES BON',
  ]),
  entry('good', GRADE_NAMES_BY_CODE['good'], ['G', 'GD', 'GOOD', 'BON', '3G', '3GD']),
  entry('fair', GRADE_NAMES_BY_CODE['fair'], ['F', 'FR', 'FAIR', 'MOYEN', 'PASSABLE']),
  entry('poor', GRADE_NAMES_BY_CODE['poor'], ['P', 'PR', 'POOR', 'MEDIOCRE']),
]);

const RANGE_SEPARATOR = /\s*(?:-|\/|–| TO )\s*/i;

/**
 * A cut, polish or symmetry grade ("EX", "Very Good", "ID", "3EX"). A range ("VG-EX", "EX/VG")
 * answers its lower grade.
 */
export function normaliseFeedGrade(raw: string): FeedCodeResult<FeedGradeCode> {
  const whole = GRADES.lookup(raw);
  if (whole.ok) return whole;
  const parts = raw.split(RANGE_SEPARATOR);
  if (parts.length !== 2) return whole;
  const [a, b] = parts.map((p) => GRADES.lookup(p));
  if (!a?.ok || !b?.ok) return unknown(raw);
  return FEED_GRADE_CODES.indexOf(a.code) >= FEED_GRADE_CODES.indexOf(b.code) ? a : b;
}

export function feedGradeLabel(code: FeedGradeCode): string {
  return GRADES.byCode.get(code)!.label;
}

// ---------------------------------------------------------------------------------------------
// Clarity

/** Best first. */
export const FEED_CLARITY_CODES = [
  'FL',
  'IF',
  'VVS1',
  'VVS2',
  'VS1',
  'VS2',
  'SI1',
  'SI2',
  'SI3',
  'I1',
  'I2',
  'I3',
] as const;
export type FeedClarityCode = (typeof FEED_CLARITY_CODES)[number];

const CLARITY_ALIASES: Readonly<Partial<Record<FeedClarityCode, readonly string[]>>> = {
  FL: ['FLAWLESS'],
  IF: ['INTERNALLY FLAWLESS', 'LC', 'LOUPE CLEAN'],
  I1: ['P1', 'PK1', 'PIQUE 1', 'INCLUDED 1'],
  I2: ['P2', 'PK2', 'PIQUE 2', 'INCLUDED 2'],
  I3: ['P3', 'PK3', 'PIQUE 3', 'INCLUDED 3'],
};

const CLARITIES = codeTable<FeedClarityCode>(
  'clarity',
  FEED_CLARITY_CODES.map((code) => entry(code, code, CLARITY_ALIASES[code] ?? [])),
);

/** A clarity grade ("VVS1", "vvs 1", "P1" = I1). The label is the grade, as French jewellers write it. */
export function normaliseFeedClarity(raw: string): FeedCodeResult<FeedClarityCode> {
  return CLARITIES.lookup(raw);
}

// ---------------------------------------------------------------------------------------------
// Colour: the D-Z scale, and fancy colours

export const FEED_COLOR_CODES = [
  'D',
  'E',
  'F',
  'G',
  'H',
  'I',
  'J',
  'K',
  'L',
  'M',
  'N',
  'O',
  'P',
  'Q',
  'R',
  'S',
  'T',
  'U',
  'V',
  'W',
  'X',
  'Y',
  'Z',
] as const;
export type FeedColorCode = (typeof FEED_COLOR_CODES)[number];

const COLOR_LETTER = /^[A-Z]$/;

/**
 * A D-Z colour grade ("G", " h "). A range ("S-T", "O/P", "W TO X") answers its lower colour (the later
 * letter). Fancy colours are not on this scale: see `normaliseFeedStoneColor`.
 */
export function normaliseFeedColor(raw: string): FeedCodeResult<FeedColorCode> {
  const key = feedCodeKey(raw);
  const letters = key.split(/ TO | /);
  if (letters.length > 2 || !letters.every((l) => COLOR_LETTER.test(l) && l >= 'D')) return unknown(raw);
  const code = letters.reduce((a, b) => (b > a ? b : a)) as FeedColorCode;
  return { ok: true, code, label: code };
}

export const FEED_FANCY_COLOR_CODES = [
  'yellow',
  'pink',
  'blue',
  'green',
  'brown',
  'orange',
  'purple',
  'violet',
  'red',
  'grey',
  'black',
  'white',
  'champagne',
  'cognac',
  'chameleon',
] as const;
export type FeedFancyColorCode = (typeof FEED_FANCY_COLOR_CODES)[number];

const FANCY_COLORS = codeTable<FeedFancyColorCode>('fancy colour', [
  entry('yellow', 'Jaune', ['Y', 'YEL', 'YELLOW', 'YELLOWISH', 'CANARY']),
  entry('pink', 'Rose', ['PK', 'PNK', 'PINK', 'PINKISH']),
  entry('blue', 'Bleu', ['BL', 'BLU', 'BLUE', 'BLUISH', 'BLUEISH']),
  entry('green', 'Vert', ['GR', 'GRN', 'GREEN', 'GREENISH']),
  entry('brown', 'Brun', ['BR', 'BRN', 'BROWN', 'BROWNISH']),
  entry('orange', 'Orange', ['OR', 'ORG', 'ORANGE', 'ORANGY', 'ORANGEY', 'ORANGISH']),
  entry('purple', 'Pourpre', ['PU', 'PUR', 'PURPLE', 'PURPLISH']),
  entry('violet', 'Violet', ['VI', 'VIO', 'VIOLET', 'VIOLETISH']),
  entry('red', 'Rouge', ['RED', 'REDDISH']),
  entry('grey', 'Gris', ['GY', 'GRY', 'GREY', 'GRAY', 'GREYISH', 'GRAYISH']),
  entry('black', 'Noir', ['BK', 'BLK', 'BLACK', 'BLACKISH']),
  entry('white', 'Blanc', ['WH', 'WHT', 'WHITE', 'WHITISH']),
  entry('champagne', 'Champagne', ['CHAMPAGNE']),
  entry('cognac', 'Cognac', ['COGNAC']),
  entry('chameleon', 'Caméléon', ['CHAMELEON', 'CHAMELION']),
]);

/** A fancy colour or an overtone ("Pink", "pinkish", "Gray"). */
export function normaliseFeedFancyColor(raw: string): FeedCodeResult<FeedFancyColorCode> {
  return FANCY_COLORS.lookup(raw);
}

/** Palest first. */
export const FEED_FANCY_INTENSITY_CODES = [
  'faint',
  'very-light',
  'light',
  'fancy-light',
  'fancy',
  'fancy-intense',
  'fancy-vivid',
  'fancy-deep',
  'fancy-dark',
] as const;
export type FeedFancyIntensityCode = (typeof FEED_FANCY_INTENSITY_CODES)[number];

const FANCY_INTENSITIES = codeTable<FeedFancyIntensityCode>('fancy intensity', [
  entry('faint', 'Faible', ['FAINT', 'FNT']),
  entry('very-light', 'Très léger', ['VERY LIGHT', 'VL', 'VLT']),
  entry('light', 'Léger', ['LIGHT', 'LT', 'L']),
  entry('fancy-light', 'Fancy léger', ['FANCY LIGHT', 'FL', 'FLT', 'FCY LIGHT']),
  entry('fancy', 'Fancy', ['FANCY', 'FCY', 'FC', 'FY']),
  entry('fancy-intense', 'Fancy intense', ['FANCY INTENSE', 'FI', 'INTENSE', 'FCY INTENSE']),
  entry('fancy-vivid', 'Fancy vif', ['FANCY VIVID', 'FV', 'VIVID', 'FCY VIVID']),
  entry('fancy-deep', 'Fancy profond', ['FANCY DEEP', 'FDP', 'DEEP', 'FCY DEEP']),
  entry('fancy-dark', 'Fancy foncé', ['FANCY DARK', 'FDK', 'DARK', 'FCY DARK']),
]);

/** The intensity of a fancy colour ("Fancy Intense", "FV", "Very Light"). */
export function normaliseFeedFancyIntensity(raw: string): FeedCodeResult<FeedFancyIntensityCode> {
  return FANCY_INTENSITIES.lookup(raw);
}

/** A stone's colour: on the D-Z scale, or fancy (then it has no D-Z colour). */
export type FeedStoneColor =
  | { readonly kind: 'white'; readonly color: FeedCodeResult<FeedColorCode> }
  | {
      readonly kind: 'fancy';
      readonly color: FeedCodeResult<FeedFancyColorCode>;
      readonly intensity: FeedCodeResult<FeedFancyIntensityCode> | null;
      /** Secondary colours, in the order written ("Orangy Pinkish Brown": orange, pink). */
      readonly overtones: readonly FeedCodeResult<FeedFancyColorCode>[];
    };

export interface FeedColorCells {
  color?: string | undefined;
  fancyColor?: string | undefined;
  fancyIntensity?: string | undefined;
  fancyOvertone?: string | undefined;
}

/** The longest intensity spelled at the start of `words` ("FANCY INTENSE PINK" -> 2 words). */
function leadingIntensity(words: readonly string[]): { result: FeedCodeResult<FeedFancyIntensityCode>; used: number } {
  for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
    const result = FANCY_INTENSITIES.lookup(words.slice(0, n).join(' '));
    if (result.ok) return { result, used: n };
  }
  return { result: unknown(''), used: 0 };
}

/**
 * Reads a fancy colour written as free text: "Fancy Intense Pinkish Purple", "Fancy Yellow",
 * "Brown-Pink". The last colour word is the colour, the ones before it are overtones.
 */
function parseFancyText(text: string): {
  color: FeedCodeResult<FeedFancyColorCode>;
  intensity: FeedCodeResult<FeedFancyIntensityCode> | null;
  overtones: FeedCodeResult<FeedFancyColorCode>[];
} {
  const words = feedCodeKey(text).split(' ').filter(Boolean);
  const { result, used } = leadingIntensity(words);
  const colorWords = words.slice(used);
  const last = colorWords.pop();
  return {
    color: (last === undefined ? null : okOrNull(FANCY_COLORS.lookup(last))) ?? unknown(text),
    intensity: used > 0 ? result : null,
    overtones: colorWords.map((w) => FANCY_COLORS.lookup(w)),
  };
}

const FANCY_MARKERS = new Set(['FANCY', 'FCY', 'FC', 'FANCY COLOR', 'FANCY COLOUR', 'FC COLOR']);

/**
 * A stone's colour from a row's colour cells. The stone is fancy when a fancy colour cell is filled
 * or when the colour cell does not read as D-Z but as a fancy colour ("Fancy Intense Yellow", "FANCY");
 * a fancy stone's D-Z colour cell is then ignored, as fancy stones have none.
 */
export function normaliseFeedStoneColor(cells: FeedColorCells): FeedStoneColor {
  const color = cells.color?.trim() ?? '';
  const fancyColor = cells.fancyColor?.trim() ?? '';
  const intensityCell = cells.fancyIntensity?.trim() ?? '';
  const overtoneCell = cells.fancyOvertone?.trim() ?? '';
  const white = normaliseFeedColor(color);
  const colorIsFancy =
    !white.ok && color !== '' && (FANCY_MARKERS.has(feedCodeKey(color)) || parseFancyText(color).color.ok);
  if (fancyColor === '' && !colorIsFancy) return { kind: 'white', color: white };
  const parsed = parseFancyText(fancyColor !== '' ? fancyColor : FANCY_MARKERS.has(feedCodeKey(color)) ? '' : color);
  const intensity = intensityCell !== '' ? FANCY_INTENSITIES.lookup(intensityCell) : parsed.intensity;
  const overtones = [
    ...(overtoneCell !== '' && !['NONE', 'NO', 'N'].includes(feedCodeKey(overtoneCell))
      ? feedCodeKey(overtoneCell)
          .split(' ')
          .map((w) => FANCY_COLORS.lookup(w))
      : []),
    ...parsed.overtones,
  ];
  return { kind: 'fancy', color: parsed.color, intensity, overtones };
}

// ---------------------------------------------------------------------------------------------
// Fluorescence

export const FEED_FLUORESCENCE_CODES = [
  'none',
  'very-slight',
  'faint',
  'slight',
  'medium',
  'strong',
  'very-strong',
] as const;
export type FeedFluorescenceCode = (typeof FEED_FLUORESCENCE_CODES)[number];

const FLUORESCENCES = codeTable<FeedFluorescenceCode>('fluorescence', [
  entry('none', FLUORESCENCE_NAMES_BY_CODE['none'], ['NON', 'N', 'NONE', 'NIL', 'NO', 'NEG', 'NEGLIGIBLE', 'AUCUNE']),
  entry('very-slight', FLUORESCENCE_NAMES_BY_CODE['very-slight'], ['VSL', 'VSLT', 'VERY SLIGHT', 'VERY SLT']),
  entry('faint', FLUORESCENCE_NAMES_BY_CODE['faint'], ['FNT', 'F', 'FAINT', 'FA', 'FAI', 'FAIBLE']),
  entry('slight', FLUORESCENCE_NAMES_BY_CODE['slight'], ['SLT', 'SL', 'SLIGHT', 'SLI']),
  entry('medium', FLUORESCENCE_NAMES_BY_CODE['medium'], ['MED', 'M', 'MEDIUM', 'MD', 'MOYENNE']),
  entry('strong', FLUORESCENCE_NAMES_BY_CODE['strong'], ['STG', 'S', 'STRONG', 'ST', 'STR', 'FORTE']),
  entry('very-strong', FLUORESCENCE_NAMES_BY_CODE['very-strong'], [
    'VST',
    'VS',
    'VERY STRONG',
    'VSTG',
    'VSTR',
    'V STRONG',
    'TRES FORTE',
  ]),
]);

/** A fluorescence intensity ("NON", "Faint", "VST"). */
export function normaliseFeedFluorescence(raw: string): FeedCodeResult<FeedFluorescenceCode> {
  return FLUORESCENCES.lookup(raw);
}

export const FEED_FLUORESCENCE_COLOR_CODES = ['blue', 'yellow', 'white', 'green', 'orange', 'red'] as const;
export type FeedFluorescenceColorCode = (typeof FEED_FLUORESCENCE_COLOR_CODES)[number];

const FLUORESCENCE_COLORS = codeTable<FeedFluorescenceColorCode>('fluorescence colour', [
  entry('blue', 'Bleue', ['B', 'BL', 'BLU', 'BLUE', 'BLEU']),
  entry('yellow', 'Jaune', ['Y', 'YL', 'YEL', 'YELLOW']),
  entry('white', 'Blanche', ['W', 'WH', 'WHT', 'WHITE', 'BLANC']),
  entry('green', 'Verte', ['G', 'GR', 'GRN', 'GREEN', 'VERT']),
  entry('orange', 'Orange', ['O', 'OR', 'ORG', 'ORANGE']),
  entry('red', 'Rouge', ['R', 'RED']),
]);

/** A fluorescence colour ("Blue", "BL"). */
export function normaliseFeedFluorescenceColor(raw: string): FeedCodeResult<FeedFluorescenceColorCode> {
  return FLUORESCENCE_COLORS.lookup(raw);
}

/**
 * A fluorescence cell that may carry the colour after the intensity ("Medium Blue", "STG BL"): the
 * intensity, and the colour when one is written (null otherwise).
 */
export function splitFeedFluorescence(raw: string): {
  intensity: FeedCodeResult<FeedFluorescenceCode>;
  color: FeedCodeResult<FeedFluorescenceColorCode> | null;
} {
  const whole = FLUORESCENCES.lookup(raw);
  if (whole.ok) return { intensity: whole, color: null };
  const words = feedCodeKey(raw).split(' ');
  if (words.length >= 2) {
    const intensity = FLUORESCENCES.lookup(words.slice(0, -1).join(' '));
    const color = FLUORESCENCE_COLORS.lookup(words.at(-1)!);
    if (intensity.ok && color.ok) return { intensity, color };
  }
  return { intensity: whole, color: null };
}

// ---------------------------------------------------------------------------------------------
// Growth and treatments

export const FEED_GROWTH_CODES = ['natural', 'lab-grown', 'lab-grown-cvd', 'lab-grown-hpht'] as const;
export type FeedGrowthCode = (typeof FEED_GROWTH_CODES)[number];

const GROWTHS = codeTable<FeedGrowthCode>('growth', [
  entry('natural', 'Naturel', ['NATURAL', 'NAT', 'N', 'MINED', 'EARTH MINED', 'NATUREL', 'NATURAL DIAMOND']),
  entry('lab-grown', 'Synthétique', [
    'LAB',
    'LGD',
    'LG',
    'LAB GROWN',
    'LABGROWN',
    'LAB GROWN DIAMOND',
    'LAB CREATED',
    'LAB_GROWN',
    'LAB GROWN DIAMONDS',
    'SYNTHETIC',
    'MAN MADE',
    'SYNTHETIQUE',
  ]),
  entry('lab-grown-cvd', 'Synthétique CVD', ['CVD', 'LAB GROWN CVD', 'CVD LAB GROWN', 'LGD CVD', 'CVD LGD', 'LAB CVD']),
  entry('lab-grown-hpht', 'Synthétique HPHT', [
    'HPHT',
    'LAB GROWN HPHT',
    'HPHT LAB GROWN',
    'LGD HPHT',
    'HPHT LGD',
    'LAB HPHT',
  ]),
]);

/**
 * Natural or lab-grown, keeping the growth method when the feed gives it ("CVD", "Lab Grown HPHT").
 * In a growth column "HPHT" is a growth method; the HPHT treatment of a natural stone is a treatment.
 */
export function normaliseFeedGrowth(raw: string): FeedCodeResult<FeedGrowthCode> {
  const found = GROWTHS.lookup(raw);
  if (found.ok) return found;
  const words = new Set(feedCodeKey(raw).split(' '));
  const lab = ['LAB', 'LGD', 'LG', 'GROWN', 'SYNTHETIC', 'CREATED'].some((w) => words.has(w));
  if (words.has('CVD') && (lab || words.size <= 2)) return GROWTHS.lookup('CVD');
  if (words.has('HPHT') && (lab || words.size <= 2)) return GROWTHS.lookup('HPHT');
  return found;
}

export const FEED_TREATMENT_CODES = [
  'none',
  'irradiated',
  'hpht-treated',
  'laser-drilled',
  'fracture-filled',
  'coated',
  'color-treated',
] as const;
export type FeedTreatmentCode = (typeof FEED_TREATMENT_CODES)[number];

const TREATMENTS = codeTable<FeedTreatmentCode>('treatment', [
  entry('none', 'Aucun traitement', ['NONE', 'NO', 'N', 'NON', 'UNTREATED', 'NOT TREATED', 'NO TREATMENT', 'NATURAL']),
  entry('irradiated', 'Irradié', ['IRRADIATED', 'IRRADIATION', 'IRR', 'IRRAD']),
  entry('hpht-treated', 'Traité HPHT', ['HPHT', 'HPHT TREATED', 'HPHT PROCESSED', 'HPHT ANNEALED']),
  entry('laser-drilled', 'Percé au laser', ['LASER DRILLED', 'LASER DRILLING', 'LD', 'LDH', 'LASER']),
  entry('fracture-filled', 'Fractures comblées', [
    'FRACTURE FILLED',
    'FRACTURE FILLING',
    'FF',
    'FILLED',
    'CLARITY ENHANCED',
    'CE',
    'GLASS FILLED',
  ]),
  entry('coated', 'Traité par revêtement', ['COATED', 'COATING', 'SURFACE COATED']),
  entry('color-treated', 'Couleur traitée', ['COLOR ENHANCED', 'COLOR TREATED', 'COLOUR TREATED', 'TREATED COLOR']),
]);

/** One treatment ("Laser Drilled", "FF", "HPHT" = HPHT-treated in a treatment column). */
export function normaliseFeedTreatment(raw: string): FeedCodeResult<FeedTreatmentCode> {
  return TREATMENTS.lookup(raw);
}

/** A treatment cell listing several ("Irradiated, Laser Drilled", "LD+FF"); a blank cell answers []. */
export function normaliseFeedTreatments(raw: string): FeedCodeResult<FeedTreatmentCode>[] {
  const whole = TREATMENTS.lookup(raw);
  if (whole.ok || raw.trim() === '') return whole.ok ? [whole] : [];
  const parts = raw.split(/[,;/+|]|\band\b|&/i).filter((p) => p.trim() !== '');
  return parts.length > 1 ? parts.map((p) => TREATMENTS.lookup(p)) : [whole];
}

// ---------------------------------------------------------------------------------------------
// Labs and availability

export const FEED_LAB_CODES = ['GIA', 'IGI', 'HRD', 'AGS', 'GCAL', 'EGL', 'GSI', 'IIDGR', 'NGTC', 'none'] as const;
export type FeedLabCode = (typeof FEED_LAB_CODES)[number];

const LABS = codeTable<FeedLabCode>('lab', [
  entry('GIA', 'GIA', ['GIA DOSSIER', 'GEMOLOGICAL INSTITUTE OF AMERICA']),
  entry('IGI', 'IGI', ['INTERNATIONAL GEMOLOGICAL INSTITUTE']),
  entry('HRD', 'HRD', ['HRD ANTWERP']),
  entry('AGS', 'AGS', ['AGSL', 'AMERICAN GEM SOCIETY']),
  entry('GCAL', 'GCAL', ['GEM CERTIFICATION & ASSURANCE LAB', 'GCAL 8X']),
  entry('EGL', 'EGL', ['EGL USA', 'EGL INTERNATIONAL', 'EGL INTL', 'EGL ISRAEL', 'EGL EUROPE', 'EGL LA']),
  entry('GSI', 'GSI', ['GEMOLOGICAL SCIENCE INTERNATIONAL']),
  entry('IIDGR', 'IIDGR', []),
  entry('NGTC', 'NGTC', []),
  entry('none', 'Sans certificat', ['NONE', 'NO CERT', 'NON CERT', 'NC', 'NO LAB', 'UNCERTIFIED', 'N A']),
]);

/** The grading lab ("GIA", "egl usa"); "NONE" / "NON CERT" is a stone without certificate. */
export function normaliseFeedLab(raw: string): FeedCodeResult<FeedLabCode> {
  return LABS.lookup(raw);
}

export const FEED_AVAILABILITY_CODES = ['available', 'on-hold', 'memo', 'sold', 'not-available'] as const;
export type FeedAvailabilityCode = (typeof FEED_AVAILABILITY_CODES)[number];

const AVAILABILITIES = codeTable<FeedAvailabilityCode>('availability', [
  entry('available', 'Disponible', [
    'G',
    'GA',
    'GUARANTEED',
    'GUARANTEED AVAILABLE',
    'GUARANTEED AVAILABILITY',
    'STPS',
    'SUBJECT TO PRIOR SALE',
    'AVAILABLE',
    'AVAIL',
    'AV',
    'A',
    'YES',
    'Y',
    'IN STOCK',
    'TRUE',
    'DISPONIBLE',
  ]),
  entry('on-hold', 'Réservé', ['ON HOLD', 'HOLD', 'H', 'OH', 'RESERVED', 'RES', 'BUSY', 'RESERVE']),
  entry('memo', 'En confié', ['M', 'MEMO', 'ON MEMO', 'CONSIGNMENT', 'CONFIE', 'EN CONFIE']),
  entry('sold', 'Vendu', ['SOLD', 'VENDU']),
  entry('not-available', 'Indisponible', [
    'NA',
    'N A',
    'NOT AVAILABLE',
    'UNAVAILABLE',
    'NO',
    'N',
    'FALSE',
    'INDISPONIBLE',
  ]),
]);

/** A stock status ("G", "STPS", "Yes", "On Hold", "Memo", "NA"). */
export function normaliseFeedAvailability(raw: string): FeedCodeResult<FeedAvailabilityCode> {
  return AVAILABILITIES.lookup(raw);
}

// ---------------------------------------------------------------------------------------------
// Labels for screens

export interface FeedCodeOption<C extends string = string> {
  readonly code: C;
  readonly label: string;
}

const optionsOf = <C extends string>(table: CodeTable<C>): readonly FeedCodeOption<C>[] =>
  table.entries.map(({ code, label }) => ({ code, label }));

/**
 * The codes of each attribute with their French names, in the tables' order (best or palest first): what the
 * catalogue's filters offer and its detail page spells out. One table for parsing and showing.
 */
export const FEED_CODE_OPTIONS = {
  shape: optionsOf(SHAPES),
  grade: optionsOf(GRADES),
  clarity: optionsOf(CLARITIES),
  fancyColor: optionsOf(FANCY_COLORS),
  fancyIntensity: optionsOf(FANCY_INTENSITIES),
  fluorescence: optionsOf(FLUORESCENCES),
  fluorescenceColor: optionsOf(FLUORESCENCE_COLORS),
  growth: optionsOf(GROWTHS),
  treatment: optionsOf(TREATMENTS),
  lab: optionsOf(LABS),
  availability: optionsOf(AVAILABILITIES),
} as const;

export type FeedCodeAttribute = keyof typeof FEED_CODE_OPTIONS;

/**
 * The French name of a code or stored value of an attribute ("very-good", "VERY GOOD" and "Very Good" all read
 * "Très bon"); a value the table does not know as it comes; null or blank -> "—".
 */
export function feedCodeLabel(attribute: FeedCodeAttribute, value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === '') return '—';
  const key = feedCodeKey(value);
  const found = FEED_CODE_OPTIONS[attribute].find((o) => feedCodeKey(o.code) === key);
  return found ? found.label : value;
}
