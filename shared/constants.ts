/**
 * Business constants: the figures the screens and the pricing use (ADR 0003, 0004, 0005).
 * Every figure the UI or the server relies on lives here, once.
 */

export const PRICE_POLL_INTERVAL_MS = 60_000;
export const MOBILE_BREAKPOINT_PX = 768;

/** 18kt header price = 24kt x 0.75. */
export const GOLD_18KT_RATIO = '0.75';
/** Gold buy-back factor 0.755, i.e. a 24.50 % discount. */
export const GOLD_BUYBACK_FACTOR = '0.755';
export const GOLD_BUYBACK_DISCOUNT_LABEL = '24,50%';

export const TROY_OUNCE_GRAMS = '31.1034768';

export const TICKER_SPEED_PX_PER_S = 30;
export const TICKER_COPIES = 3;

export const CALIBRATED_MM_MIN = 0.7;
export const CALIBRATED_MM_MAX = 4;
export const CALIBRATED_MM_STEP = 0.05;
export const CALIBRATED_MM_DEFAULT = 2;
export const CALIBRATED_MM_MARKS = [0.7, 2.35, 4.0] as const;
export const CALIBRATED_DEBOUNCE_MS = 300;
export const CLARITY_TABS = ['VVS', 'VS1', 'VS1/2', 'SI1', 'SI2', 'PK1'] as const;
export type CalibratedClarity = (typeof CLARITY_TABS)[number];

export const DIAMONDS_PER_SELECTION = 6;
export const DIAMOND_SELECTION_CACHE_MS = 5 * 60_000;
export const RANDOM_DIAMOND_STALE_MS = 5 * 60_000;
export const RANDOM_DIAMOND_GC_MS = 30 * 60_000;
export const QUERY_GC_MS = 5 * 60_000;

/** Weight filter ranges in carats; `null` bounds = all. */
export const DIAMOND_WEIGHT_RANGES: ReadonlyArray<{
  value: string;
  label: string;
  min: number | null;
  max: number | null;
}> = [
  { value: 'all', label: 'Tous les poids', min: null, max: null },
  { value: '0.20-0.29', label: '0.20 - 0.29 ct', min: 0.2, max: 0.29 },
  { value: '0.30-0.39', label: '0.30 - 0.39 ct', min: 0.3, max: 0.39 },
  { value: '0.40-0.49', label: '0.40 - 0.49 ct', min: 0.4, max: 0.49 },
  { value: '0.50-0.59', label: '0.50 - 0.59 ct', min: 0.5, max: 0.59 },
  { value: '0.60-0.69', label: '0.60 - 0.69 ct', min: 0.6, max: 0.69 },
  { value: '0.70-0.79', label: '0.70 - 0.79 ct', min: 0.7, max: 0.79 },
  { value: '0.80-0.89', label: '0.80 - 0.89 ct', min: 0.8, max: 0.89 },
  { value: '0.90-0.99', label: '0.90 - 0.99 ct', min: 0.9, max: 0.99 },
  { value: '1.00-1.10', label: '1.00 - 1.10 ct', min: 1.0, max: 1.1 },
];

/** Grade abbreviations. */
export const GRADE_ABBREVIATIONS: Readonly<Record<string, string>> = {
  EXCELLENT: 'EX',
  'VERY GOOD': 'VG',
  GOOD: 'GD',
  FAIR: 'FR',
  POOR: 'PR',
};

/** Shape abbreviations. */
export const SHAPE_ABBREVIATIONS: Readonly<Record<string, string>> = {
  ASSCHER: 'AS',
  CUSHION: 'CS',
  EMERALD: 'EM',
  HEART: 'HS',
  MARQUISE: 'MQ',
  OVAL: 'OV',
  PEAR: 'PS',
  PRINCESS: 'PR',
  RADIANT: 'RD',
  ROUND: 'RBC',
};
export const DIAMOND_SHAPES = Object.keys(SHAPE_ABBREVIATIONS);

export const LOCATION_CODES = ['US', 'EU', 'IN', 'IL', 'BE'] as const;

export const CLIENT_LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type ClientLogLevel = (typeof CLIENT_LOG_LEVELS)[number];
/** The browser keeps at most this many log entries in its queue. */
export const CLIENT_LOG_QUEUE_MAX = 1000;
/** Response bodies are logged truncated to this many characters. */
export const LOGGED_BODY_MAX_CHARS = 1000;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_VIEWPORT_HOTKEY = ['F8'];
export const TOAST_VIEWPORT_MAX_WIDTH_PX = 420;

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export const THEME_STORAGE_KEY = 'theme';
export const DEFAULT_THEME = 'light';

/** Configurable product word: menu "Catalogue {product}", toast "... de {product} chargée". */
export const DEFAULT_PRODUCT_WORD_MENU = 'Diamant';
export const DEFAULT_PRODUCT_WORD_TOAST = 'diamants';

export const ROLES = ['superadmin', 'admin', 'manager', 'sales', 'production'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Readonly<Record<string, string>> = {
  superadmin: 'Super Administrateur',
  admin: 'Administrateur',
  manager: 'Manager',
  sales: 'Commercial',
  production: 'Production',
};
export const FALLBACK_ROLE_LABEL = 'Expert Joaillerie';

export function roleLabel(role: string | null | undefined): string {
  return (role && ROLE_LABELS[role]) || FALLBACK_ROLE_LABEL;
}

export const METALS = ['gold', 'silver', 'platinum'] as const;
export type Metal = (typeof METALS)[number];
export const METAL_SYMBOLS: Readonly<Record<Metal, 'XAU' | 'XAG' | 'XPT'>> = {
  gold: 'XAU',
  silver: 'XAG',
  platinum: 'XPT',
};
export const METAL_LABELS_FR: Readonly<Record<Metal, string>> = {
  gold: 'or',
  silver: 'argent',
  platinum: 'platine',
};

export const FX_PAIRS = ['USD/EUR', 'ILS/EUR'] as const;
export type FxPair = (typeof FX_PAIRS)[number];
export const FX_CURRENCIES = ['USD', 'ILS'] as const;

/** Instruments the market engine tracks (ADR 0004). */
export const INSTRUMENTS = ['XAU', 'XAG', 'XPT', 'USD/EUR', 'ILS/EUR'] as const;
export type Instrument = (typeof INSTRUMENTS)[number];
export const isInstrument = (value: string): value is Instrument => (INSTRUMENTS as readonly string[]).includes(value);

/** Default alloys and their fineness in thousandths. */
export const DEFAULT_ALLOYS: ReadonlyArray<{ code: string; name: string; baseMetal: Metal; fineness: number }> = [
  { code: 'AU999', name: 'Or 24kt (pur)', baseMetal: 'gold', fineness: 999 },
  { code: 'AU916', name: 'Or 22kt', baseMetal: 'gold', fineness: 916 },
  { code: 'AU833', name: 'Or 20kt', baseMetal: 'gold', fineness: 833 },
  { code: 'AU750', name: 'Or 18kt', baseMetal: 'gold', fineness: 750 },
  { code: 'AU585', name: 'Or 14kt', baseMetal: 'gold', fineness: 585 },
  { code: 'AU375', name: 'Or 9kt', baseMetal: 'gold', fineness: 375 },
  { code: 'AG925', name: 'Argent 925', baseMetal: 'silver', fineness: 925 },
];

/** Seconds after which a market reading is shown as stale. */
export const MARKET_STALE_AFTER_S = 15 * 60;

export const NOT_AVAILABLE = 'N/A';
export const EMPTY_VALUE = '—';
