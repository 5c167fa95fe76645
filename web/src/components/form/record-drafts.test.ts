import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  clearAllDrafts,
  draftKey,
  draftsKeptOnClose,
  hasDrafts,
  keepDraftsForNextSignIn,
  readDraft,
  removeDraft,
  setDraftOwner,
  writeDraft,
} from './record-drafts';

/** sessionStorage as the browser has it, in memory. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const storage = new MemoryStorage();
const key = draftKey('/clients/7/edit', { lastName: '', city: '' });

beforeEach(() => {
  Object.assign(globalThis, { window: { sessionStorage: storage } });
  storage.clear();
  storage.setItem('theme', 'dark');
  setDraftOwner('user-a');
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'window');
});

describe('record drafts', () => {
  it('keeps what the signed-in user typed, with the version, under the screen and the form fields', () => {
    expect(key).toBe('pricer.brouillon:/clients/7/edit#city,lastName');
    writeDraft(key, { lastName: 'Dupré', city: 'Annecy' }, 4);
    expect(readDraft(key)).toMatchObject({
      owner: 'user-a',
      version: 4,
      values: { lastName: 'Dupré', city: 'Annecy' },
    });
    expect(hasDrafts()).toBe(true);
    removeDraft(key);
    expect(readDraft(key)).toBeNull();
    expect(hasDrafts()).toBe(false);
  });

  it('never writes a password-like field', () => {
    writeDraft(
      key,
      { username: 'léa', password: 'secret-1', newPassword: 'x', apiToken: 'y', credentials: 'Bearer z', city: 'Nice' },
      1,
    );
    expect(readDraft(key)?.values).toEqual({ username: 'léa', city: 'Nice' });
  });

  it('gives nobody else a draft: another user reading it deletes it; no user, no draft', () => {
    writeDraft(key, { lastName: 'Dupré', city: '' }, 1);
    setDraftOwner(null);
    expect(readDraft(key)).toBeNull();
    setDraftOwner('user-b');
    expect(readDraft(key)).toBeNull();
    setDraftOwner('user-a');
    expect(readDraft(key)).toBeNull();
  });

  it('keeps drafts of closing forms only after the session ended, until the next sign-in', () => {
    expect(draftsKeptOnClose()).toBe(false);
    keepDraftsForNextSignIn();
    expect(draftsKeptOnClose()).toBe(true);
    setDraftOwner('user-a');
    expect(draftsKeptOnClose()).toBe(false);
  });

  it('clears every draft of the tab, and only drafts', () => {
    writeDraft(key, { lastName: 'A', city: '' }, 1);
    writeDraft(draftKey('/suppliers/new', { name: '' }), { name: 'Atelier' }, 0);
    clearAllDrafts();
    expect(hasDrafts()).toBe(false);
    expect(storage.getItem('theme')).toBe('dark');
  });

  it('ignores an unreadable draft', () => {
    storage.setItem(key, '{not json');
    expect(readDraft(key)).toBeNull();
    expect(storage.getItem(key)).toBeNull();
  });
});
