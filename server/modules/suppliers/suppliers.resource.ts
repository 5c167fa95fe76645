import { eq } from 'drizzle-orm';
import {
  supplierInputSchema,
  supplierListQuerySchema,
  SUPPLIER_TYPE_LABELS,
  type Supplier,
  type SupplierContact,
  type SupplierInput,
  type SupplierListQuery,
} from '@shared/schemas/suppliers';
import { buildSearchText, normalizePhone } from '@shared/search-text';
import { suppliers } from '../../db/schema';
import { joinList } from '../../lists/csv-columns';
import { textSort } from '../../lists/list-query';
import type { ResourceDefinition } from '../../lists/resource';

export type SupplierRow = typeof suppliers.$inferSelect;

export function supplierValues(input: SupplierInput) {
  return {
    type: input.type,
    name: input.name,
    contacts: input.contacts,
    email: input.email,
    phone: input.phone,
    addressLine1: input.addressLine1,
    addressLine2: input.addressLine2,
    postalCode: input.postalCode,
    city: input.city,
    country: input.country,
    specialities: input.specialities,
    leadTimeDays: input.leadTimeDays,
    paymentTerms: input.paymentTerms,
    notes: input.notes,
    searchText: buildSearchText([
      input.name,
      SUPPLIER_TYPE_LABELS[input.type],
      input.email,
      input.phone,
      normalizePhone(input.phone),
      input.city,
      input.postalCode,
      input.specialities,
      ...input.contacts.flatMap((c) => [c.name, c.email]),
    ]),
  };
}

export function supplierDto(row: SupplierRow): Supplier {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    contacts: row.contacts as SupplierContact[],
    email: row.email,
    phone: row.phone,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    postalCode: row.postalCode,
    city: row.city,
    country: row.country,
    specialities: row.specialities,
    leadTimeDays: row.leadTimeDays,
    paymentTerms: row.paymentTerms,
    notes: row.notes,
    version: row.version,
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Contacts in one CSV cell: "Nom (fonction) <email> tél" entries separated by " | " (export only). */
function contactsCell(contacts: readonly SupplierContact[]): string {
  return contacts
    .map((c) =>
      [c.name, c.role ? `(${c.role})` : null, c.email ? `<${c.email}>` : null, c.phone].filter(Boolean).join(' '),
    )
    .join(' | ');
}

export const suppliersResource: ResourceDefinition<SupplierRow, SupplierInput, Supplier, SupplierListQuery, null> = {
  path: 'suppliers',
  entityType: 'supplier',
  area: 'catalog',
  notFoundMessage: 'Fournisseur introuvable',
  table: suppliers,
  inputSchema: supplierInputSchema,
  listQuerySchema: supplierListQuerySchema,
  sortColumns: {
    name: textSort(suppliers.name),
    type: suppliers.type,
    city: textSort(suppliers.city),
    leadTimeDays: suppliers.leadTimeDays,
    createdAt: suppliers.createdAt,
    updatedAt: suppliers.updatedAt,
  },
  filters: (q) => [q.type ? eq(suppliers.type, q.type) : undefined],
  toValues: (input) => supplierValues(input),
  loadContext: async () => null,
  toDto: (row) => supplierDto(row),
  cacheListAnswers: true,
  csv: {
    filename: 'fournisseurs',
    importable: true,
    columns: [
      { header: 'Type', field: 'type', aliases: ['type'], value: (s) => SUPPLIER_TYPE_LABELS[s.type] },
      { header: 'Nom', field: 'name', aliases: ['name', 'raison sociale'], value: (s) => s.name },
      { header: 'E-mail', field: 'email', aliases: ['email', 'mail', 'courriel'], value: (s) => s.email },
      { header: 'Téléphone', field: 'phone', aliases: ['phone', 'tel'], value: (s) => s.phone },
      { header: 'Adresse', field: 'addressLine1', aliases: ['address', 'adresse 1'], value: (s) => s.addressLine1 },
      {
        header: 'Complément d’adresse',
        field: 'addressLine2',
        aliases: ["complément d'adresse", 'adresse 2', 'address line 2'],
        value: (s) => s.addressLine2,
      },
      { header: 'Code postal', field: 'postalCode', aliases: ['postal code', 'cp', 'zip'], value: (s) => s.postalCode },
      { header: 'Ville', field: 'city', aliases: ['city'], value: (s) => s.city },
      { header: 'Pays', field: 'country', aliases: ['country'], value: (s) => s.country },
      {
        header: 'Spécialités',
        field: 'specialities',
        aliases: ['specialities', 'specialties'],
        value: (s) => joinList(s.specialities),
      },
      {
        header: 'Délai habituel (jours)',
        field: 'leadTimeDays',
        aliases: ['délai', 'delai', 'lead time', 'lead time days'],
        format: 'integer',
        value: (s) => s.leadTimeDays,
      },
      {
        header: 'Conditions de paiement',
        field: 'paymentTerms',
        aliases: ['payment terms', 'paiement'],
        value: (s) => s.paymentTerms,
      },
      { header: 'Contacts', value: (s) => contactsCell(s.contacts) },
      { header: 'Notes', field: 'notes', aliases: ['notes'], value: (s) => s.notes },
    ],
  },
};
