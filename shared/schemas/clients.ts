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
import { listQuerySchema, versionField } from './lists';

/** Clients & prospects (issue 4). */
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
  tags: textList('Étiquettes', 30, 50),
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

export const duplicatesQuerySchema = z.object({
  email: z.string().trim().max(254).optional(),
  phone: z.string().trim().max(30).optional(),
  excludeId: z.string().uuid('Identifiant invalide').optional(),
});

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

/** A possible duplicate of a client (same normalised e-mail or phone). */
export interface ClientDuplicate {
  id: string;
  displayName: string;
  email: string | null;
  phoneMobile: string | null;
  phoneLandline: string | null;
  matchedOn: Array<'email' | 'phone'>;
  archived: boolean;
}

/** `GET /api/clients/:id`: the client and their records in other modules (empty until those modules exist). */
export interface ClientDetail extends Client {
  related: { quotes: unknown[]; projects: unknown[]; workOrders: unknown[]; goldBuys: unknown[] };
}

/** Create/update answer: the saved client plus duplicate warnings (never blocking). */
export interface ClientSaveResult extends Client {
  duplicates: ClientDuplicate[];
}
