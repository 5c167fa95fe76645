/**
 * Drafts of record forms: what a person typed in a référentiel form, kept in sessionStorage (this tab
 * only, gone when it closes) while the form has unsaved changes, so that a session that ends mid-typing loses
 * nothing. The form offers the draft back when it opens again ("Brouillon restauré") and forgets it once saved,
 * discarded or left on purpose. A draft belongs to the user who typed it: another user signing in on the same tab
 * never sees it. Password-like fields (passwords, secrets, tokens, credentials) are never written.
 */

const PREFIX = 'pricer.brouillon:';
/** Field names never stored, whatever form they come from. */
const SECRET_FIELD = /password|secret|token|credential/i;

export interface RecordDraft {
  /** The user who typed it (`CurrentUser.id`). */
  owner: string;
  /** The record version the form was loaded with: saving a draft of a since-changed record meets the 409 flow. */
  version: number;
  values: Record<string, unknown>;
  /** ISO instant of the last change. */
  savedAt: string;
}

let owner: string | null = null;
let keepOnUnmount = false;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage disabled by the browser: drafts are simply not kept.
    return null;
  }
}

/** The signed-in user (null when signed out); set by the auth provider. Signing in stops keeping drafts. */
export function setDraftOwner(userId: string | null): void {
  owner = userId;
  if (userId) keepOnUnmount = false;
}

/**
 * The session ended: forms closing now keep their drafts for the next sign-in. Otherwise a form that closes
 * (the person left it and confirmed "Quitter sans enregistrer") forgets its draft.
 */
export function keepDraftsForNextSignIn(): void {
  keepOnUnmount = true;
}

export function draftsKeptOnClose(): boolean {
  return keepOnUnmount;
}

/** The storage key of a form's draft: the screen's path and the form's field names (two forms on one screen differ). */
export function draftKey(pathname: string, values: Record<string, unknown>): string {
  return `${PREFIX}${pathname}#${Object.keys(values).sort().join(',')}`;
}

function withoutSecrets(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([name]) => !SECRET_FIELD.test(name)));
}

export function writeDraft(key: string, values: Record<string, unknown>, version: number): void {
  const store = storage();
  if (!store || !owner) return;
  const draft: RecordDraft = { owner, version, values: withoutSecrets(values), savedAt: new Date().toISOString() };
  try {
    store.setItem(key, JSON.stringify(draft));
  } catch {
    // Quota exceeded: the form still works, the draft is not kept.
  }
}

function isDraft(value: unknown): value is RecordDraft {
  if (typeof value !== 'object' || value === null) return false;
  const d = value as Partial<RecordDraft>;
  return (
    typeof d.owner === 'string' &&
    typeof d.version === 'number' &&
    typeof d.savedAt === 'string' &&
    typeof d.values === 'object' &&
    d.values !== null
  );
}

/** The signed-in user's draft under `key` (none while no user is known); someone else's (or unreadable) is deleted. */
export function readDraft(key: string): RecordDraft | null {
  const store = storage();
  const text = store?.getItem(key);
  if (!store || !text || !owner) return null;
  let draft: unknown;
  try {
    draft = JSON.parse(text);
  } catch {
    draft = null;
  }
  if (!isDraft(draft) || draft.owner !== owner) {
    store.removeItem(key);
    return null;
  }
  return draft;
}

export function removeDraft(key: string): void {
  storage()?.removeItem(key);
}

function draftKeys(store: Storage): string[] {
  return Array.from({ length: store.length }, (_, i) => store.key(i)).filter(
    (key): key is string => key !== null && key.startsWith(PREFIX),
  );
}

/** True when this tab holds a draft (the sign-in page says it is kept). */
export function hasDrafts(): boolean {
  const store = storage();
  return store ? draftKeys(store).length > 0 : false;
}

/** Forgets every draft of this tab (after a deliberate sign-out). */
export function clearAllDrafts(): void {
  const store = storage();
  if (store) draftKeys(store).forEach((key) => store.removeItem(key));
}
