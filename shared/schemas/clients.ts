import { z } from 'zod';
import {
  choice,
  csvBoolean,
  instantField,
  optionalDate,
  optionalEmail,
  optionalPhone,
  optionalText,
  requiredText,
  textList,
} from './fields';
import { normalizeSearch } from '../search-text';
import { listQuerySchema, versionField } from './lists';

/** Clients & prospects. */
export const CLIENT_KINDS = ['particulier', 'professionnel'] as const;
export type ClientKind = (typeof CLIENT_KINDS)[number];
export const CLIENT_KIND_LABELS: Readonly<Record<ClientKind, string>> = {
  particulier: 'Particulier',
  professionnel: 'Professionnel',
};
export const CLIENT_STATUSES = ['client', 'prospect'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];
export const CLIENT_STATUS_LABELS: Readonly<Record<ClientStatus, string>> = { client: 'Client', prospect: 'Prospect' };
export const CIVILITIES = ['M.', 'Mme', 'Mlle', 'Dr', 'Me'] as const;
export type Civility = (typeof CIVILITIES)[number];
export const CIVILITY_LABELS: Readonly<Record<Civility, string>> = {
  'M.': 'M.',
  Mme: 'Mme',
  Mlle: 'Mlle',
  Dr: 'Dr',
  Me: 'Me',
};

/**
 * The key that makes two spellings one tag: case and accents folded ("VIP", "vip", "Vîp"). The database
 * folds with `fr_sort_key` (migration 0044), which agrees with this on French text.
 */
export function tagKey(tag: string): string {
  return normalizeSearch(tag);
}

/** Each tag once, whatever its case: the first spelling is kept ("VIP, vip" -> ["VIP"]). */
export function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((t) => {
    const key = tagKey(t);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const clientFields = {
  kind: choice('Type de client', CLIENT_KINDS, CLIENT_KIND_LABELS, 'particulier'),
  status: choice('Statut', CLIENT_STATUSES, CLIENT_STATUS_LABELS, 'client'),
  civility: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z
      .enum(CIVILITIES, { errorMap: () => ({ message: `Civilité : choisir parmi ${CIVILITIES.join(', ')}` }) })
      .nullable(),
  ),
  firstName: optionalText('Le prénom', 100),
  lastName: requiredText('Le nom', 100),
  company: optionalText('La société', 200),
  email: optionalEmail,
  phoneMobile: optionalPhone('Téléphone mobile'),
  phoneLandline: optionalPhone('Téléphone fixe'),
  addressLine1: optionalText('L’adresse', 200),
  addressLine2: optionalText('Le complément d’adresse', 200),
  postalCode: optionalText('Le code postal', 20),
  city: optionalText('La ville', 100),
  country: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 'France' : v),
    requiredText('Le pays', 100),
  ),
  birthDate: optionalDate('Date de naissance'),
  notes: optionalText('Les notes', 5000),
  tags: textList('Étiquettes', 30, 50).transform(uniqueTags),
  marketingConsent: csvBoolean('Consentement marketing'),
  marketingConsentAt: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    instantField('Date de consentement').nullable(),
  ),
};

/** Create (and full update) body; the web form uses the same schema. */
export const clientInputSchema = z.object(clientFields).superRefine((c, ctx) => {
  if (c.kind === 'professionnel' && !c.company) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['company'],
      message: 'La société est obligatoire pour un client professionnel',
    });
  }
});
export type ClientInput = z.infer<typeof clientInputSchema>;

/** PATCH/PUT body: any subset of the fields plus the `version` read with the record. */
export const clientUpdateSchema = z.object(clientFields).partial().extend({ version: versionField });

export const CLIENT_SORT_FIELDS = [
  'lastName',
  'firstName',
  'company',
  'city',
  'email',
  'createdAt',
  'updatedAt',
] as const;
export const clientListQuerySchema = listQuerySchema(CLIENT_SORT_FIELDS, 'lastName', {
  kind: z.enum(CLIENT_KINDS, { errorMap: () => ({ message: 'Type de client invalide' }) }).optional(),
  status: z.enum(CLIENT_STATUSES, { errorMap: () => ({ message: 'Statut invalide' }) }).optional(),
  tag: z.string().trim().min(1).max(50, 'Étiquette trop longue').optional(),
});
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;

const optionalQueryText = (max: number, message: string) => z.string().trim().max(max, message).optional();

/**
 * `GET /api/clients/duplicates`: existing clients that the client being typed may be (before saving)
 * or is likely to be (after): same e-mail, same phone (`phone` may be given twice: mobile and
 * landline), or same name (last and first, case and accents folded) with the same postal code or city.
 */
export const duplicatesQuerySchema = z.object({
  email: optionalQueryText(254, 'E-mail trop long'),
  phone: z
    .union([
      z.string().trim().max(30, 'Téléphone trop long'),
      z.array(z.string().trim().max(30, 'Téléphone trop long')),
    ])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .refine((v) => v.length <= 2, 'Deux téléphones au plus')
    .optional(),
  lastName: optionalQueryText(100, 'Nom trop long'),
  firstName: optionalQueryText(100, 'Prénom trop long'),
  postalCode: optionalQueryText(20, 'Code postal trop long'),
  city: optionalQueryText(100, 'Ville trop longue'),
  excludeId: z.string().uuid('Identifiant invalide').optional(),
});
export type DuplicatesQuery = z.input<typeof duplicatesQuerySchema>;

/**
 * Why an existing client looks like the one being typed or imported. The CSV import matches on the
 * first three (by e-mail, by phone, by name and postal code); the form warns on all four.
 */
export const CLIENT_MATCH_KEYS = ['email', 'phone', 'namePostalCode', 'nameCity'] as const;
export type ClientMatchKey = (typeof CLIENT_MATCH_KEYS)[number];
export const CLIENT_MATCH_LABELS: Readonly<Record<ClientMatchKey, string>> = {
  email: 'même e-mail',
  phone: 'même téléphone',
  namePostalCode: 'même nom et code postal',
  nameCity: 'même nom et ville',
};

/** "même e-mail et même téléphone"; "même nom, code postal et ville" when the name matched with both. */
export function matchReason(keys: readonly ClientMatchKey[]): string {
  const both = keys.includes('namePostalCode') && keys.includes('nameCity');
  const labels = keys
    .filter((k) => !(both && k === 'nameCity'))
    .map((k) => (both && k === 'namePostalCode' ? 'même nom, code postal et ville' : CLIENT_MATCH_LABELS[k]));
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} et ${labels.at(-1)}` : (labels[0] ?? '');
}

export interface Client {
  id: string;
  kind: ClientKind;
  status: ClientStatus;
  civility: Civility | null;
  firstName: string | null;
  lastName: string;
  company: string | null;
  /** "Mme Hélène Dupont" or the company for a professional. */
  displayName: string;
  email: string | null;
  phoneMobile: string | null;
  phoneLandline: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  postalCode: string | null;
  city: string | null;
  country: string;
  birthDate: string | null;
  notes: string | null;
  tags: string[];
  marketingConsent: boolean;
  marketingConsentAt: string | null;
  version: number;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A possible duplicate of a client: same normalised e-mail or phone, or same name and postal code or city. */
export interface ClientDuplicate {
  id: string;
  displayName: string;
  email: string | null;
  phoneMobile: string | null;
  phoneLandline: string | null;
  postalCode: string | null;
  city: string | null;
  matchedOn: ClientMatchKey[];
  archived: boolean;
}

/** `GET /api/clients/tags`: the organization's tags in use, each in its one spelling. */
export interface ClientTagsResponse {
  tags: string[];
}

/** `GET /api/clients/:id`: the client and their records in other modules (empty until those modules exist). */
export interface ClientDetail extends Client {
  related: { quotes: unknown[]; projects: unknown[]; workOrders: unknown[]; goldBuys: unknown[] };
}

/** Create/update answer: the saved client plus duplicate warnings (never blocking). */
export interface ClientSaveResult extends Client {
  duplicates: ClientDuplicate[];
}
