import { z } from 'zod';
import { DEFAULT_PRODUCT_WORD_MENU, DEFAULT_PRODUCT_WORD_TOAST, GOLD_BUYBACK_FACTOR } from '../constants';
import { normalizeDecimalText, normalizeIntegerText } from '../decimal-input';
import { compactIdentifier, isValidFrenchVat, isValidSiren, isValidSiret } from '../identifiers';
import { optionalText, requiredText } from './common-fields';

/**
 * A decimal typed as text ("20", "0,755", "1 234,5": shared/decimal-input.ts) normalized to "0.755", within bounds.
 */
const decimalField = (options: { min: number; max: number; decimals: number; label: string }) =>
  z
    .union([z.string(), z.number()], { errorMap: () => ({ message: `${options.label} : nombre attendu` }) })
    .transform((v) => normalizeDecimalText(String(v)) ?? String(v).trim())
    .refine((v) => new RegExp(`^\\d{1,6}(\\.\\d{1,${options.decimals}})?$`).test(v), {
      message: `${options.label} : nombre attendu (${options.decimals} décimales au plus)`,
    })
    .refine((v) => Number(v) >= options.min && Number(v) <= options.max, {
      message: `${options.label} : entre ${String(options.min).replace('.', ',')} et ${String(options.max).replace('.', ',')}`,
    });

const identifier = (check: (v: string) => boolean, message: string) =>
  optionalText(40)
    .transform(compactIdentifier)
    .refine((v) => v === '' || check(v), { message });

export const LEGAL_FORMS = ['EI', 'EURL', 'SARL', 'SAS', 'SASU', 'SA', 'SNC', 'Autre'] as const;

export const hourlyRateSchema = z.object({
  label: requiredText(60),
  ratePerHour: decimalField({ min: 0, max: 10_000, decimals: 2, label: 'Taux horaire' }),
});

/**
 * The organization's settings (PUT /api/settings body, GET answer). Decimals are strings (never floats).
 * `version` is the version read; a stale version answers 409.
 */
export const settingsSchema = z
  .object({
    version: z.number({ required_error: 'Version manquante' }).int().positive(),
    legalName: requiredText(200),
    legalForm: z.union([z.enum(LEGAL_FORMS), z.literal('')], { message: 'Forme juridique inconnue' }).default(''),
    addressLine1: optionalText(200),
    addressLine2: optionalText(200),
    postalCode: optionalText(10).refine((v) => v === '' || /^\d{5}$/.test(v), {
      message: 'Code postal : 5 chiffres',
    }),
    city: optionalText(100),
    country: optionalText(100),
    email: optionalText(200).refine((v) => v === '' || z.string().email().safeParse(v).success, {
      message: 'Adresse email invalide',
    }),
    phone: optionalText(30),
    siren: identifier(isValidSiren, 'SIREN invalide (9 chiffres, clé de contrôle)'),
    siret: identifier(isValidSiret, 'SIRET invalide (14 chiffres, clé de contrôle)'),
    rcsRm: optionalText(100),
    vatNumber: identifier(isValidFrenchVat, 'Numéro de TVA invalide (FR + clé + SIREN)'),
    vatRatePct: decimalField({ min: 0, max: 100, decimals: 2, label: 'Taux de TVA' }),
    buybackFactor: decimalField({ min: 0.01, max: 1, decimals: 4, label: 'Coefficient de rachat' }),
    quoteValidityDays: z.preprocess(
      // "30" typed in the form, 30 from the API; "12,5" stays text and is refused as not a whole number.
      (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : (normalizeIntegerText(v) ?? v)) : v),
      z.coerce
        .number({ invalid_type_error: 'Nombre entier de jours attendu', required_error: 'Ce champ est obligatoire' })
        .int('Nombre entier de jours attendu')
        .min(1, 'Au moins 1 jour')
        .max(365, 'Au plus 365 jours'),
    ),
    coefficientMetal: decimalField({ min: 0.01, max: 100, decimals: 3, label: 'Coefficient métal' }),
    coefficientStones: decimalField({ min: 0.01, max: 100, decimals: 3, label: 'Coefficient pierres' }),
    coefficientLabour: decimalField({ min: 0.01, max: 100, decimals: 3, label: "Coefficient main-d'œuvre" }),
    hourlyRates: z.array(hourlyRateSchema).max(20, '20 taux horaires au plus'),
    metalLossWarningPct: decimalField({ min: 0, max: 100, decimals: 2, label: 'Seuil de perte métal' }),
    productWordMenu: requiredText(40),
    productWordToast: requiredText(40),
  })
  .superRefine((v, ctx) => {
    // Cross-checks only between values that are valid on their own (no double message).
    const siren = isValidSiren(v.siren) ? v.siren : '';
    if (siren && isValidSiret(v.siret) && !v.siret.startsWith(siren)) {
      ctx.addIssue({ code: 'custom', path: ['siret'], message: 'Le SIRET doit commencer par le SIREN' });
    }
    if (siren && isValidFrenchVat(v.vatNumber) && v.vatNumber.slice(4) !== siren) {
      ctx.addIssue({ code: 'custom', path: ['vatNumber'], message: 'Le numéro de TVA doit contenir le SIREN' });
    }
  });
export type SettingsInput = z.input<typeof settingsSchema>;
export type Settings = z.infer<typeof settingsSchema>;

/** Values of a fresh organization. */
export const DEFAULT_SETTINGS: Omit<Settings, 'version' | 'legalName'> = {
  legalForm: '',
  addressLine1: '',
  addressLine2: '',
  postalCode: '',
  city: '',
  country: 'France',
  email: '',
  phone: '',
  siren: '',
  siret: '',
  rcsRm: '',
  vatNumber: '',
  vatRatePct: '20',
  buybackFactor: GOLD_BUYBACK_FACTOR,
  quoteValidityDays: 30,
  coefficientMetal: '1.5',
  coefficientStones: '1.8',
  coefficientLabour: '2',
  hourlyRates: [{ label: 'Atelier', ratePerHour: '60' }],
  metalLossWarningPct: '3',
  productWordMenu: DEFAULT_PRODUCT_WORD_MENU,
  productWordToast: DEFAULT_PRODUCT_WORD_TOAST,
};

/** GET /api/settings answer: the settings plus the logo's presence. */
export type SettingsAnswer = Settings & { logo: { url: string; contentType: string; sizeBytes: number } | null };

/**
 * GET /api/pricing-settings: the settings every signed-in role prices with (the buy-back calculator, product
 * sheets, and later quotes and work orders), without the legal identity that only admins and managers read.
 */
/** A shop with a VAT number is VAT-registered: it withholds the gold sellers' flat tax (CGI 150 VI-VK). */
export function isVatRegistered(settings: Pick<Settings, 'vatNumber'>): boolean {
  return settings.vatNumber.trim() !== '';
}

export type PricingSettings = Pick<
  Settings,
  | 'vatRatePct'
  | 'buybackFactor'
  | 'quoteValidityDays'
  | 'coefficientMetal'
  | 'coefficientStones'
  | 'coefficientLabour'
  | 'hourlyRates'
  | 'metalLossWarningPct'
> & { vatRegistered: boolean };

export function pricingSettingsOf(settings: Settings): PricingSettings {
  return {
    vatRatePct: settings.vatRatePct,
    buybackFactor: settings.buybackFactor,
    quoteValidityDays: settings.quoteValidityDays,
    coefficientMetal: settings.coefficientMetal,
    coefficientStones: settings.coefficientStones,
    coefficientLabour: settings.coefficientLabour,
    hourlyRates: settings.hourlyRates,
    metalLossWarningPct: settings.metalLossWarningPct,
    vatRegistered: isVatRegistered(settings),
  };
}

export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
