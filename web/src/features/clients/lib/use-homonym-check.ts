import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import type { Client, ClientDuplicate, ClientInput } from '@shared/schemas/clients';
import type { ClientFormValues } from '../client-form';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import {
  duplicateProbe,
  fetchClientDuplicates,
  probeKey,
  useClientDuplicates,
  type DuplicateProbe,
} from '../api/find-client-duplicates';

/** The identity fields the check reads (the same names in the form and in a client). */
const IDENTITY = ['lastName', 'firstName', 'postalCode', 'city', 'email', 'phoneMobile', 'phoneLandline'] as const;

const TYPING_PAUSE_MS = 400;

/**
 * Homonyms before saving: as the person types, and again when they save, the form asks the
 * server for existing clients with the same e-mail, phone, or name and postal code or city. A save that
 * would create such a client is held back until the person either opens the existing client or chooses
 * "Enregistrer quand même" (the server never refuses: a homonym may be another person). Editing a client
 * checks only once its identity fields differ from the saved ones.
 */
export function useHomonymCheck(
  form: UseFormReturn<ClientFormValues, unknown, ClientInput>,
  client: Client | undefined,
  save: (event?: React.BaseSyntheticEvent) => Promise<void>,
) {
  const queryClient = useQueryClient();
  const watched = form.watch([...IDENTITY]);
  const currentKey = probeKey(duplicateProbe(Object.fromEntries(IDENTITY.map((name, i) => [name, watched[i]]))));
  const recordKey = useMemo(() => (client ? probeKey(duplicateProbe(client)) : null), [client]);
  const identityChanged = currentKey !== '' && currentKey !== recordKey;

  // Debounced as text: a stable value (a probe object would be new on every render).
  const liveKey = useDebouncedValue(identityChanged ? currentKey : '', TYPING_PAUSE_MS);
  const live = useClientDuplicates(liveKey ? (JSON.parse(liveKey) as DuplicateProbe) : null, client?.id);

  const [held, setHeld] = useState<{ key: string; duplicates: ClientDuplicate[] } | null>(null);
  const [checking, setChecking] = useState(false);
  const confirmedKey = useRef<string | null>(null);
  const acknowledged = useRef(new Set<string>());
  const headingRef = useRef<HTMLParagraphElement>(null);

  // A held save: the warning says why, and takes the focus (screen readers, and scrolled into view).
  useEffect(() => {
    if (held) headingRef.current?.focus();
  }, [held]);

  const duplicates: ClientDuplicate[] = !identityChanged
    ? []
    : held?.key === currentKey
      ? held.duplicates
      : liveKey
        ? (live.data ?? [])
        : [];

  /** The form's submit: checks first (fresh), saves only when nothing resembles the client or it was confirmed. */
  const submit = async (event?: React.BaseSyntheticEvent) => {
    event?.preventDefault();
    const probe = duplicateProbe(form.getValues());
    const key = probeKey(probe);
    if (probe && key !== recordKey && key !== confirmedKey.current && (await form.trigger())) {
      setChecking(true);
      let found: ClientDuplicate[] = [];
      try {
        found = await fetchClientDuplicates(queryClient, probe, client?.id);
      } catch {
        // The check helps, it does not guard: the saved answer warns again (afterSave duplicates).
      } finally {
        setChecking(false);
      }
      if (found.length > 0) {
        setHeld({ key, duplicates: found });
        return;
      }
    }
    await save();
  };

  const saveAnyway = () => {
    confirmedKey.current = currentKey;
    for (const d of duplicates) acknowledged.current.add(d.id);
    void save();
  };

  /** The saved answer's duplicates the person has not already seen and accepted (shown on the next page). */
  const unseen = (saved: readonly ClientDuplicate[]): ClientDuplicate[] =>
    !client || identityChanged ? saved.filter((d) => !acknowledged.current.has(d.id)) : [];

  return { duplicates, submit, saveAnyway, checking, headingRef, unseen };
}
