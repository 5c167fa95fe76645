import { z } from 'zod';
import { choice, optionalEmail, optionalInt, optionalPhone, optionalText, requiredText, textList } from './fields';
import { listQuerySchema, versionField } from './lists';

/** Ateliers & partenaires. */
export const SUPPLIER_TYPES = [
  'atelier',
  'fondeur',
  'sertisseur',
  'diamantaire',
  'lapidaire',
  'graveur',
  'polisseur',
  'transport',
  'autre',
] as const;
export type SupplierType = (typeof SUPPLIER_TYPES)[number];
export const SUPPLIER_TYPE_LABELS: Readonly<Record<SupplierType, string>> = {
  atelier: 'Atelier',
  fondeur: 'Fondeur',
  sertisseur: 'Sertisseur',
  diamantaire: 'Diamantaire',
  lapidaire: 'Lapidaire',
  graveur: 'Graveur',
  polisseur: 'Polisseur',
  transport: 'Transport',
  autre: 'Autre',
};

export const supplierContactSchema = z.object({
  name: requiredText('Le nom du contact', 100),
  role: optionalText('La fonction', 100),
  email: optionalEmail,
  phone: optionalPhone('Téléphone du contact'),
});
export type SupplierContact = z.infer<typeof supplierContactSchema>;

const supplierFields = {
  type: choice('Type', SUPPLIER_TYPES, SUPPLIER_TYPE_LABELS, 'autre'),
  name: requiredText('Le nom', 200),
  contacts: z.preprocess(
    (v) => (v === null || v === undefined || v === '' ? [] : v),
    z.array(supplierContactSchema, { invalid_type_error: 'Contacts invalides' }).max(20, '20 contacts au maximum'),
  ),
  email: optionalEmail,
  phone: optionalPhone('Téléphone'),
  addressLine1: optionalText('L’adresse', 200),
  addressLine2: optionalText('Le complément d’adresse', 200),
  postalCode: optionalText('Le code postal', 20),
  city: optionalText('La ville', 100),
  country: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 'France' : v),
    requiredText('Le pays', 100),
  ),
  specialities: textList('Spécialités', 30, 80),
  leadTimeDays: optionalInt('Le délai habituel (jours)', 0, 365),
  paymentTerms: optionalText('Les conditions de paiement', 200),
  notes: optionalText('Les notes', 5000),
};

export const supplierInputSchema = z.object(supplierFields);
export type SupplierInput = z.infer<typeof supplierInputSchema>;
export const supplierUpdateSchema = z.object(supplierFields).partial().extend({ version: versionField });

export const SUPPLIER_SORT_FIELDS = ['name', 'type', 'city', 'leadTimeDays', 'createdAt', 'updatedAt'] as const;
export const supplierListQuerySchema = listQuerySchema(SUPPLIER_SORT_FIELDS, 'name', {
  type: z.enum(SUPPLIER_TYPES, { errorMap: () => ({ message: 'Type de fournisseur invalide' }) }).optional(),
});
export type SupplierListQuery = z.infer<typeof supplierListQuerySchema>;

export interface Supplier {
  id: string;
  type: SupplierType;
  name: string;
  contacts: SupplierContact[];
  email: string | null;
  phone: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  postalCode: string | null;
  city: string | null;
  country: string;
  specialities: string[];
  leadTimeDays: number | null;
  paymentTerms: string | null;
  notes: string | null;
  version: number;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
}
