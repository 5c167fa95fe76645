import { useCallback, useSyncExternalStore } from 'react';

/**
 * The catalogue's shortlist: up to SHORTLIST_MAX stones to compare side by side, kept while the person moves
 * between pages of results and to a stone's page and back (sessionStorage: this tab, until it closes). Only ids
 * and a label are kept; the comparison reads the stones again, in the reader's organization.
 */

export const SHORTLIST_MAX = 4;
const STORAGE_KEY = 'pricer.diamond-shortlist';

export interface ShortlistEntry {
  id: string;
  /** "Rond 0,52 ct F VS1": what the bar shows before the stone is read. */
  label: string;
}

const listeners = new Set<() => void>();
let cache: { raw: string | null; entries: ShortlistEntry[] } = { raw: null, entries: [] };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The stored entries; anything malformed reads as an empty list. */
export function parseShortlist(raw: string | null): ShortlistEntry[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value
      .filter(
        (e): e is ShortlistEntry =>
          typeof e === 'object' &&
          e !== null &&
          typeof (e as ShortlistEntry).id === 'string' &&
          /^\d{1,18}$/.test((e as ShortlistEntry).id) &&
          typeof (e as ShortlistEntry).label === 'string',
      )
      .slice(0, SHORTLIST_MAX);
  } catch {
    return [];
  }
}

function read(): ShortlistEntry[] {
  const raw = storage()?.getItem(STORAGE_KEY) ?? null;
  if (raw !== cache.raw) cache = { raw, entries: parseShortlist(raw) };
  return cache.entries;
}

function write(entries: ShortlistEntry[]): void {
  storage()?.setItem(STORAGE_KEY, JSON.stringify(entries));
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Adds or removes a stone; adding a fifth is refused (`false`). */
export function toggleShortlistEntry(
  entries: readonly ShortlistEntry[],
  entry: ShortlistEntry,
): ShortlistEntry[] | null {
  if (entries.some((e) => e.id === entry.id)) return entries.filter((e) => e.id !== entry.id);
  if (entries.length >= SHORTLIST_MAX) return null;
  return [...entries, entry];
}

export function useShortlist() {
  const entries = useSyncExternalStore(subscribe, read, () => []);
  const toggle = useCallback((entry: ShortlistEntry): boolean => {
    const next = toggleShortlistEntry(read(), entry);
    if (next === null) return false;
    write(next);
    return true;
  }, []);
  const remove = useCallback((id: string) => write(read().filter((e) => e.id !== id)), []);
  const clear = useCallback(() => write([]), []);
  return { entries, toggle, remove, clear, has: (id: string) => entries.some((e) => e.id === id) };
}
