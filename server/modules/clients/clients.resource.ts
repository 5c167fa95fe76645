import { eq, sql } from 'drizzle-orm';
import {
  clientInputSchema,
  clientListQuerySchema,
  CLIENT_KIND_LABELS,
  CLIENT_STATUS_LABELS,
  matchReason,
  tagKey,
  type Client,
  type ClientInput,
  type ClientListQuery,
  type ClientMatchKey,
} from '@shared/schemas/clients';
import type { ImportMatch } from '@shared/schemas/lists';
import { buildSearchText, normalizeEmail, normalizePhone } from '@shared/search-text';
import type { Db } from '../../db/client';
import { clients, clientTags } from '../../db/schema';
import { joinList } from '../../lists/csv-columns';
import type { ResourceDefinition } from '../../lists/resource';
import { clientDisplayName, findClientDuplicates, findClientMatches } from './clients.queries';

export type ClientRow = typeof clients.$inferSelect;

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

/** The import matches a row by e-mail, phone, or name and postal code, in that order of trust. */
const IMPORT_MATCH_KEYS: readonly ClientMatchKey[] = ['email', 'phone', 'namePostalCode'];

/**
 * The existing client each imported row describes: among the clients it matches, the one matched on
 * the most trusted key (e-mail, then phone, then name and postal code), active before archived, oldest
 * first. The reason names every key that client matched on, and how many other clients matched.
 */
export async function matchImportedClients(
  db: Db,
  organizationId: string,
  inputs: readonly ClientInput[],
): Promise<Array<ImportMatch | null>> {
  const found = await findClientMatches(
    db,
    organizationId,
    inputs.map((i) => ({
      email: i.email,
      phones: [i.phoneMobile, i.phoneLandline],
      lastName: i.lastName,
      firstName: i.firstName,
      postalCode: i.postalCode,
    })),
    { keys: IMPORT_MATCH_KEYS },
  );
  return found.map((matches) => {
    const best = IMPORT_MATCH_KEYS.map((key) => matches.find((m) => m.matchedOn.includes(key))).find(Boolean);
    if (!best) return null;
    const others = matches.length - 1;
    const reason = matchReason(best.matchedOn);
    return {
      id: best.id,
      label: clientDisplayName({ ...best, civility: best.civility as Client['civility'] }),
      reason:
        others > 0 ? `${reason} ; ${others} autre${others > 1 ? 's' : ''} fiche${others > 1 ? 's' : ''} aussi` : reason,
      archived: best.archived,
    };
  });
}

/**
 * Tags of an imported row in the organization's spelling ("vip" -> "VIP" when "VIP" exists), and a
 * new tag in the spelling of its first row: the database would store the same (migration 0044), and
 * the preview and the audit then say what is stored.
 */
async function importTagSpellings(db: Db, organizationId: string) {
  const rows = await db
    .select({ key: clientTags.key, label: clientTags.label })
    .from(clientTags)
    .where(eq(clientTags.organizationId, organizationId));
  const spelling = new Map(rows.map((r) => [tagKey(r.label), r.label]));
  return (data: Record<string, unknown>) => {
    if (typeof data.tags !== 'string' || data.tags.trim() === '') return { data };
    const tags = data.tags
      .split(/[,|]/)
      .map((t) => t.trim())
      .filter(Boolean)
      .map((t) => {
        const known = spelling.get(tagKey(t));
        if (known) return known;
        spelling.set(tagKey(t), t);
        return t;
      });
    return { data: { ...data, tags: tags.join(', ') } };
  };
}

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
    // Case and accents folded (migration 0044): "vip" finds "VIP".
    q.tag ? sql`${clients.tagsSort} @> ARRAY[fr_sort_key(${q.tag})]` : undefined,
  ],
  toValues: (input) => clientValues(input),
  loadContext: async () => null,
  toDto: (row) => clientDto(row),
  cacheListAnswers: true,
  afterSave: async (db, organizationId, dto) => ({
    duplicates: await findClientDuplicates(db, organizationId, {
      email: dto.email,
      phones: [dto.phoneMobile, dto.phoneLandline],
      lastName: dto.lastName,
      firstName: dto.firstName,
      postalCode: dto.postalCode,
      city: dto.city,
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
    prepareImport: importTagSpellings,
    matchExisting: matchImportedClients,
    rowLabel: (input) => clientDisplayName(input),
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
        format: 'date',
        value: (c) => c.birthDate,
      },
      { header: 'Étiquettes', field: 'tags', aliases: ['tags', 'etiquettes'], value: (c) => joinList(c.tags) },
      {
        header: 'Consentement marketing',
        field: 'marketingConsent',
        aliases: ['marketing consent', 'optin', 'opt-in'],
        format: 'boolean',
        value: (c) => c.marketingConsent,
      },
      { header: 'Notes', field: 'notes', aliases: ['notes', 'remarques'], value: (c) => c.notes },
      { header: 'Créé le', format: 'datetime', value: (c) => c.createdAt },
    ],
  },
};
