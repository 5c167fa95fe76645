import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ClientDuplicate } from '@shared/schemas/clients';
import { apiGet } from '@/lib/api-client';
import { CLIENTS_PATH } from './clients-path';

/** What the form knows of the person being typed: enough to look for the same client among the existing ones. */
export interface DuplicateProbe {
  lastName: string;
  firstName: string;
  postalCode: string;
  city: string;
  email: string;
  phones: string[];
}

const trimmed = (v: string | null | undefined): string => (v ?? '').trim();

/**
 * The probe of a client's identity fields, or null when there is nothing to look for: the server
 * matches an e-mail, a phone, or a last name with a postal code or a city (a name alone is no lead).
 */
export function duplicateProbe(values: {
  lastName?: string | null;
  firstName?: string | null;
  postalCode?: string | null;
  city?: string | null;
  email?: string | null;
  phoneMobile?: string | null;
  phoneLandline?: string | null;
}): DuplicateProbe | null {
  const probe: DuplicateProbe = {
    lastName: trimmed(values.lastName),
    firstName: trimmed(values.firstName),
    postalCode: trimmed(values.postalCode),
    city: trimmed(values.city),
    email: trimmed(values.email),
    phones: [trimmed(values.phoneMobile), trimmed(values.phoneLandline)].filter(Boolean),
  };
  const byName = probe.lastName !== '' && (probe.postalCode !== '' || probe.city !== '');
  const byContact = probe.email.includes('@') || probe.phones.some((p) => p.replace(/\D/g, '').length >= 6);
  return byName || byContact ? probe : null;
}

/** A stable text for a probe (query key, "already confirmed" marker). */
export function probeKey(probe: DuplicateProbe | null): string {
  return probe ? JSON.stringify(probe) : '';
}

function duplicatesUrl(probe: DuplicateProbe, excludeId: string | undefined): string {
  const params = new URLSearchParams();
  for (const key of ['lastName', 'firstName', 'postalCode', 'city', 'email'] as const) {
    if (probe[key]) params.set(key, probe[key]);
  }
  for (const phone of probe.phones) params.append('phone', phone);
  if (excludeId) params.set('excludeId', excludeId);
  return `${CLIENTS_PATH}/duplicates?${params.toString()}`;
}

function duplicatesQuery(probe: DuplicateProbe, excludeId: string | undefined) {
  return {
    // Under CLIENTS_PATH: every client write invalidates it (resource-client.ts).
    queryKey: [CLIENTS_PATH, 'duplicates', probeKey(probe), excludeId ?? ''] as const,
    queryFn: async () => (await apiGet<{ duplicates: ClientDuplicate[] }>(duplicatesUrl(probe, excludeId))).duplicates,
  };
}

/** Never sent (the query is disabled without a probe); keeps the query key's shape. */
const NO_PROBE: DuplicateProbe = { lastName: '', firstName: '', postalCode: '', city: '', email: '', phones: [] };

/** GET /api/clients/duplicates as the person types (the caller debounces the probe). */
export function useClientDuplicates(probe: DuplicateProbe | null, excludeId: string | undefined) {
  return useQuery({
    ...duplicatesQuery(probe ?? NO_PROBE, excludeId),
    enabled: probe !== null,
    staleTime: 0,
  });
}

/** The same check, fresh, when the person saves (another user may have created the client meanwhile). */
export function fetchClientDuplicates(
  queryClient: QueryClient,
  probe: DuplicateProbe,
  excludeId: string | undefined,
): Promise<ClientDuplicate[]> {
  return queryClient.fetchQuery({ ...duplicatesQuery(probe, excludeId), staleTime: 0 });
}
