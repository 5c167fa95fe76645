import { sql } from 'drizzle-orm';
import {
  CLIENT_MATCH_KEYS,
  type Client,
  type ClientDuplicate,
  type ClientKind,
  type ClientMatchKey,
} from '@shared/schemas/clients';
import { normalizeEmail, normalizePhone } from '@shared/search-text';
import { queryRows, type Db } from '../../db/client';

/** What identifies a client when looking for the same person among the existing ones. */
export interface ClientProbe {
  email?: string | null | undefined;
  phones?: ReadonlyArray<string | null | undefined>;
  lastName?: string | null | undefined;
  firstName?: string | null | undefined;
  postalCode?: string | null | undefined;
  city?: string | null | undefined;
}

/** An existing client a probe matched, and on which keys. */
export interface ClientMatch {
  id: string;
  kind: ClientKind;
  civility: string | null;
  firstName: string | null;
  lastName: string;
  company: string | null;
  email: string | null;
  phoneMobile: string | null;
  phoneLandline: string | null;
  postalCode: string | null;
  city: string | null;
  archived: boolean;
  matchedOn: ClientMatchKey[];
}

/** "75 011", "75011 " -> "75011": postal codes compared without spaces, in capitals (foreign codes). */
export function normalizePostalCode(value: string | null | undefined): string | null {
  const v = value?.replace(/\s+/g, '').toUpperCase();
  return v ? v : null;
}

const empty = (v: string | null | undefined): string | null => (v?.trim() ? v.trim() : null);

interface MatchRow extends Omit<ClientMatch, 'matchedOn'> {
  idx: number;
  onEmail: boolean;
  onPhone: boolean;
  onNamePostalCode: boolean;
  onNameCity: boolean;
}

/**
 * For each probe, the clients of the organization (archived ones included, flagged) that match it on
 * one of `keys`, in one query: same normalised e-mail; same phone (`shared/search-text.ts`
 * `normalizePhone`, mobile or landline on either side); same last and first name, case and accents
 * folded (`fr_sort_key`, the stored `last_name_sort`/`first_name_sort`), with the same postal code
 * (without spaces) or the same city (folded, without spaces or hyphens: "Saint-Étienne" =
 * "saint etienne"). A name with neither postal code nor city matches nobody: a homonym alone is not a
 * lead. Each probe's matches are ordered active first, then oldest first.
 *
 * Indexes (migrations 0020, 0044): the e-mail and phone indexes, and (organization, "last|first" name)
 * for the names; postal code and city are compared on the few rows of the same name.
 */
export async function findClientMatches(
  db: Db,
  organizationId: string,
  probes: readonly ClientProbe[],
  options: { keys?: readonly ClientMatchKey[]; excludeId?: string | undefined; limit?: number } = {},
): Promise<ClientMatch[][]> {
  const keys = new Set(options.keys ?? CLIENT_MATCH_KEYS);
  const byName = keys.has('namePostalCode') || keys.has('nameCity');
  const params = probes.map((p, idx) => {
    const phones = [...new Set((p.phones ?? []).map((v) => normalizePhone(v)).filter((v): v is string => !!v))];
    const lastName = byName ? empty(p.lastName) : null;
    return {
      idx,
      email: keys.has('email') ? normalizeEmail(p.email) : null,
      phone1: keys.has('phone') ? (phones[0] ?? null) : null,
      phone2: keys.has('phone') ? (phones[1] ?? null) : null,
      last: lastName,
      first: lastName ? empty(p.firstName) : null,
      postal: lastName && keys.has('namePostalCode') ? normalizePostalCode(p.postalCode) : null,
      city: lastName && keys.has('nameCity') ? empty(p.city) : null,
    };
  });
  const useful = params.filter((p) => p.email || p.phone1 || (p.last && (p.postal || p.city)));
  const result: ClientMatch[][] = probes.map(() => []);
  if (useful.length === 0) return result;

  // One equi-join per key (each served by its index), then one row per (probe, client) with its keys.
  const personKey = sql`c.last_name_sort || '|' || coalesce(c.first_name_sort, '')`;
  const rows = await queryRows<MatchRow>(
    db,
    sql`WITH p AS (
        SELECT p.*, fr_sort_key(p.last) || '|' || coalesce(fr_sort_key(p.first), '') AS person,
          regexp_replace(fr_sort_key(p.city), '[^a-z0-9]', '', 'g') AS city_key
        FROM jsonb_to_recordset(${JSON.stringify(useful)}::jsonb)
          AS p(idx int, email text, phone1 text, phone2 text, last text, first text, postal text, city text)
      ), phones AS (
        SELECT p.idx, ph.phone FROM p CROSS JOIN LATERAL unnest(ARRAY[p.phone1, p.phone2]) AS ph(phone)
        WHERE ph.phone IS NOT NULL
      ), hits AS (
        SELECT p.idx, c.id, 'email' AS key FROM p
          JOIN clients c ON c.organization_id = ${organizationId} AND c.email_norm = p.email
        UNION ALL
        SELECT phones.idx, c.id, 'phone' FROM phones
          JOIN clients c ON c.organization_id = ${organizationId} AND c.phone_mobile_norm = phones.phone
        UNION ALL
        SELECT phones.idx, c.id, 'phone' FROM phones
          JOIN clients c ON c.organization_id = ${organizationId} AND c.phone_landline_norm = phones.phone
        UNION ALL
        SELECT p.idx, c.id, 'namePostalCode' FROM p
          JOIN clients c ON c.organization_id = ${organizationId} AND ${personKey} = p.person
          WHERE p.postal IS NOT NULL AND upper(regexp_replace(c.postal_code, '[[:space:]]', '', 'g')) = p.postal
        UNION ALL
        SELECT p.idx, c.id, 'nameCity' FROM p
          JOIN clients c ON c.organization_id = ${organizationId} AND ${personKey} = p.person
          WHERE p.city_key <> '' AND regexp_replace(c.city_sort, '[^a-z0-9]', '', 'g') = p.city_key
      )
      SELECT h.idx, c.id, c.kind, c.civility, c.first_name AS "firstName", c.last_name AS "lastName", c.company,
        c.email, c.phone_mobile AS "phoneMobile", c.phone_landline AS "phoneLandline",
        c.postal_code AS "postalCode", c.city, c.archived_at IS NOT NULL AS archived,
        bool_or(h.key = 'email') AS "onEmail", bool_or(h.key = 'phone') AS "onPhone",
        bool_or(h.key = 'namePostalCode') AS "onNamePostalCode", bool_or(h.key = 'nameCity') AS "onNameCity"
      FROM hits h JOIN clients c ON c.id = h.id
      WHERE ${options.excludeId ?? null}::uuid IS NULL OR c.id <> ${options.excludeId ?? null}::uuid
      GROUP BY h.idx, c.id
      ORDER BY h.idx, c.archived_at IS NOT NULL, c.created_at, c.id
      LIMIT ${options.limit ?? 50_000}`,
  );
  for (const r of rows) {
    const matchedOn: ClientMatchKey[] = [];
    if (r.onEmail) matchedOn.push('email');
    if (r.onPhone) matchedOn.push('phone');
    if (r.onNamePostalCode) matchedOn.push('namePostalCode');
    if (r.onNameCity) matchedOn.push('nameCity');
    result[r.idx]!.push({
      id: r.id,
      kind: r.kind,
      civility: r.civility,
      firstName: r.firstName,
      lastName: r.lastName,
      company: r.company,
      email: r.email,
      phoneMobile: r.phoneMobile,
      phoneLandline: r.phoneLandline,
      postalCode: r.postalCode,
      city: r.city,
      archived: r.archived,
      matchedOn,
    });
  }
  return result;
}

export function clientDisplayName(c: Pick<Client, 'kind' | 'civility' | 'firstName' | 'lastName' | 'company'>): string {
  const person = [c.civility, c.firstName, c.lastName].filter(Boolean).join(' ');
  return c.kind === 'professionnel' && c.company ? `${c.company} (${person})` : person;
}

/**
 * Existing clients of the organization that may be the same person as `probe` (archived ones
 * included, flagged): a warning for the user, before saving (the form asks) and after (the saved
 * answer says), never a refusal: two people may share a name and a town.
 */
export async function findClientDuplicates(
  db: Db,
  organizationId: string,
  probe: ClientProbe & { excludeId?: string | undefined },
): Promise<ClientDuplicate[]> {
  const [matches = []] = await findClientMatches(db, organizationId, [probe], {
    excludeId: probe.excludeId,
    limit: 10,
  });
  return matches.map((m) => ({
    id: m.id,
    displayName: clientDisplayName({ ...m, civility: m.civility as Client['civility'] }),
    email: m.email,
    phoneMobile: m.phoneMobile,
    phoneLandline: m.phoneLandline,
    postalCode: m.postalCode,
    city: m.city,
    matchedOn: m.matchedOn,
    archived: m.archived,
  }));
}

/**
 * The organization's tags still used by a client, each in its one spelling (migration 0044), in
 * French order: the suggestions of the client form.
 */
export async function listClientTags(db: Db, organizationId: string): Promise<string[]> {
  const rows = await queryRows<{ label: string }>(
    db,
    sql`SELECT t.label FROM client_tags t
      WHERE t.organization_id = ${organizationId}
        AND EXISTS (
          SELECT 1 FROM clients c
          WHERE c.organization_id = t.organization_id AND c.tags_sort @> ARRAY[t.key] AND c.archived_at IS NULL
        )
      ORDER BY t.key, t.label
      LIMIT 500`,
  );
  return rows.map((r) => r.label);
}
