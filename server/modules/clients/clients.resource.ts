import { and, arrayContains, eq, ne, or, type SQL } from 'drizzle-orm';
import {
  clientInputSchema,
  clientListQuerySchema,
  CLIENT_KIND_LABELS,
  CLIENT_STATUS_LABELS,
  type Client,
  type ClientDuplicate,
  type ClientInput,
  type ClientListQuery,
} from '@shared/schemas/clients';
import { buildSearchText, normalizeEmail, normalizePhone } from '@shared/search-text';
import type { Db } from '../../db/client';
import { clients } from '../../db/schema';
import { joinList } from '../../lists/csv-columns';
import type { ResourceDefinition } from '../../lists/resource';

export type ClientRow = typeof clients.$inferSelect;

export function clientDisplayName(c: Pick<Client, 'kind' | 'civility' | 'firstName' | 'lastName' | 'company'>): string {
  const person = [c.civility, c.firstName, c.lastName].filter(Boolean).join(' ');
  return c.kind === 'professionnel' && c.company ? `${c.company} (${person})` : person;
}

/** Database values of a client input: normalised e-mail/phones for duplicate detection, search text. */
export function clientValues(input: ClientInput, now: Date = new Date()) {
  const phoneMobileNorm = normalizePhone(input.phoneMobile);
  const phoneLandlineNorm = normalizePhone(input.phoneLandline);
  return {
    kind: input.kind,
    status: input.status,
    civility: input.civility,
    firstName: input.firstName,
    lastName: input.lastName,
    company: input.company,
    email: input.email,
    emailNorm: normalizeEmail(input.email),
    phoneMobile: input.phoneMobile,
    phoneMobileNorm,
    phoneLandline: input.phoneLandline,
    phoneLandlineNorm,
    addressLine1: input.addressLine1,
    addressLine2: input.addressLine2,
    postalCode: input.postalCode,
    city: input.city,
    country: input.country,
    birthDate: input.birthDate,
    notes: input.notes,
    tags: input.tags,
    marketingConsent: input.marketingConsent,
    marketingConsentAt: input.marketingConsent
      ? input.marketingConsentAt
        ? new Date(input.marketingConsentAt)
        : now
      : null,
    searchText: buildSearchText([
      input.firstName,
      input.lastName,
      input.company,
      input.email,
      input.phoneMobile,
      phoneMobileNorm,
      input.phoneLandline,
      phoneLandlineNorm,
      input.postalCode,
      input.city,
      input.tags,
    ]),
  };
}

/**
 * The answer shape of a client. One object literal on purpose: spreading a partial object and then
 * adding twenty properties made V8 build it on a slow path (~50 µs per row instead of ~3 µs, a third
 * of a list request's CPU; see bench/lists-bench.ts).
 */
export function clientDto(row: ClientRow): Client {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    civility: row.civility as Client['civility'],
    firstName: row.firstName,
    lastName: row.lastName,
    company: row.company,
    displayName: clientDisplayName(row as Pick<Client, 'kind' | 'civility' | 'firstName' | 'lastName' | 'company'>),
    email: row.email,
    phoneMobile: row.phoneMobile,
    phoneLandline: row.phoneLandline,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    postalCode: row.postalCode,
    city: row.city,
    country: row.country,
    birthDate: row.birthDate,
    notes: row.notes,
    tags: row.tags,
    marketingConsent: row.marketingConsent,
    marketingConsentAt: row.marketingConsentAt ? row.marketingConsentAt.toISOString() : null,
    version: row.version,
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Existing clients of the organization with the same normalised e-mail or phone (archived ones
 * included, flagged): a warning for the user, never a refusal.
 */
export async function findClientDuplicates(
  db: Db,
  organizationId: string,
  probe: { email?: string | null; phones?: ReadonlyArray<string | null | undefined>; excludeId?: string },
): Promise<ClientDuplicate[]> {
  const email = normalizeEmail(probe.email);
  const phones = [...new Set((probe.phones ?? []).map((p) => normalizePhone(p)).filter((p): p is string => !!p))];
  const matches: SQL[] = [];
  if (email) matches.push(eq(clients.emailNorm, email));
  for (const p of phones) matches.push(eq(clients.phoneMobileNorm, p), eq(clients.phoneLandlineNorm, p));
  if (matches.length === 0) return [];
  const rows = await db
    .select()
    .from(clients)
    .where(
      and(
        eq(clients.organizationId, organizationId),
        or(...matches),
        probe.excludeId ? ne(clients.id, probe.excludeId) : undefined,
      ),
    )
    .orderBy(clients.lastNameSort, clients.id)
    .limit(10);
  return rows.map((r) => {
    const matchedOn: ClientDuplicate['matchedOn'] = [];
    if (email && r.emailNorm === email) matchedOn.push('email');
    if (phones.some((p) => p === r.phoneMobileNorm || p === r.phoneLandlineNorm)) matchedOn.push('phone');
    const dto = clientDto(r);
    return {
      id: r.id,
      displayName: dto.displayName,
      email: r.email,
      phoneMobile: r.phoneMobile,
      phoneLandline: r.phoneLandline,
      matchedOn,
      archived: r.archivedAt !== null,
    };
  });
}

const yesNo = (b: boolean) => (b ? 'oui' : 'non');

export const clientsResource: ResourceDefinition<ClientRow, ClientInput, Client, ClientListQuery, null> = {
  path: 'clients',
  entityType: 'client',
  area: 'sales',
  notFoundMessage: 'Client introuvable',
  table: clients,
  inputSchema: clientInputSchema,
  listQuerySchema: clientListQuerySchema,
  sortColumns: {
    // Stored French sort keys (migration 0031): the clients list is the large one.
    lastName: clients.lastNameSort,
    firstName: clients.firstNameSort,
    company: clients.companySort,
    city: clients.citySort,
    email: clients.emailNorm,
    createdAt: clients.createdAt,
    updatedAt: clients.updatedAt,
  },
  filters: (q) => [
    q.kind ? eq(clients.kind, q.kind) : undefined,
    q.status ? eq(clients.status, q.status) : undefined,
    q.tag ? arrayContains(clients.tags, [q.tag]) : undefined,
  ],
  toValues: (input) => clientValues(input),
  loadContext: async () => null,
  toDto: (row) => clientDto(row),
  cacheListAnswers: true,
  afterSave: async (db, organizationId, dto) => ({
    duplicates: await findClientDuplicates(db, organizationId, {
      email: dto.email,
      phones: [dto.phoneMobile, dto.phoneLandline],
      excludeId: dto.id,
    }),
  }),
  detailExtras: async () => ({
    // Filled by the quotes, projects, work orders and gold buy-back modules as they arrive.
    related: { quotes: [], projects: [], workOrders: [], goldBuys: [] },
  }),
  csv: {
    filename: 'clients',
    importable: true,
    columns: [
      { header: 'Type', field: 'kind', aliases: ['kind'], value: (c) => CLIENT_KIND_LABELS[c.kind] },
      { header: 'Statut', field: 'status', aliases: ['status'], value: (c) => CLIENT_STATUS_LABELS[c.status] },
      { header: 'Civilité', field: 'civility', aliases: ['civility', 'title'], value: (c) => c.civility },
      { header: 'Prénom', field: 'firstName', aliases: ['first name', 'firstname'], value: (c) => c.firstName },
      {
        header: 'Nom',
        field: 'lastName',
        aliases: ['last name', 'lastname', 'nom de famille'],
        value: (c) => c.lastName,
      },
      { header: 'Société', field: 'company', aliases: ['company', 'entreprise'], value: (c) => c.company },
      { header: 'E-mail', field: 'email', aliases: ['email', 'mail', 'courriel'], value: (c) => c.email },
      {
        header: 'Téléphone mobile',
        field: 'phoneMobile',
        aliases: ['mobile', 'portable', 'mobile phone'],
        value: (c) => c.phoneMobile,
      },
      {
        header: 'Téléphone fixe',
        field: 'phoneLandline',
        aliases: ['téléphone', 'telephone', 'phone', 'fixe', 'landline'],
        value: (c) => c.phoneLandline,
      },
      {
        header: 'Adresse',
        field: 'addressLine1',
        aliases: ['address', 'adresse 1', 'address line 1'],
        value: (c) => c.addressLine1,
      },
      {
        header: 'Complément d’adresse',
        field: 'addressLine2',
        aliases: ["complément d'adresse", 'adresse 2', 'address line 2'],
        value: (c) => c.addressLine2,
      },
      { header: 'Code postal', field: 'postalCode', aliases: ['postal code', 'cp', 'zip'], value: (c) => c.postalCode },
      { header: 'Ville', field: 'city', aliases: ['city'], value: (c) => c.city },
      { header: 'Pays', field: 'country', aliases: ['country'], value: (c) => c.country },
      {
        header: 'Date de naissance',
        field: 'birthDate',
        aliases: ['birth date', 'birthdate', 'anniversaire'],
        value: (c) => c.birthDate,
      },
      { header: 'Étiquettes', field: 'tags', aliases: ['tags', 'etiquettes'], value: (c) => joinList(c.tags) },
      {
        header: 'Consentement marketing',
        field: 'marketingConsent',
        aliases: ['marketing consent', 'optin', 'opt-in'],
        value: (c) => yesNo(c.marketingConsent),
      },
      { header: 'Notes', field: 'notes', aliases: ['notes', 'remarques'], value: (c) => c.notes },
      { header: 'Créé le', value: (c) => c.createdAt.slice(0, 10) },
    ],
  },
};
