import { afterEach, describe, expect, it, vi } from 'vitest';
import { reducer, type ToasterToast } from './use-toast';

const make = (id: string): ToasterToast => ({ id, title: `toast ${id}`, open: true });

describe('toast reducer', () => {
  it('shows at most one toast, the newest', () => {
    let state = reducer({ toasts: [] }, { type: 'ADD_TOAST', toast: make('1') });
    state = reducer(state, { type: 'ADD_TOAST', toast: make('2') });
    expect(state.toasts.map((t) => t.id)).toEqual(['2']);
  });

  it('dismiss closes without removing; remove drops it', () => {
    let state = reducer({ toasts: [] }, { type: 'ADD_TOAST', toast: make('1') });
    state = reducer(state, { type: 'DISMISS_TOAST', toastId: '1' });
    expect(state.toasts).toEqual([{ ...make('1'), open: false }]);
    state = reducer(state, { type: 'REMOVE_TOAST', toastId: '1' });
    expect(state.toasts).toEqual([]);
  });

  it('updates a toast by id', () => {
    const state = reducer({ toasts: [make('1')] }, { type: 'UPDATE_TOAST', toast: { id: '1', title: 'new' } });
    expect(state.toasts[0]?.title).toBe('new');
  });
});

describe('toast()', () => {
  afterEach(() => vi.useRealTimers());

  it('defaults to 5000 ms and removes a dismissed toast after 1,000,000 ms', async () => {
    vi.useFakeTimers();
    vi.resetModules();
    const store = await import('./use-toast');
    const t = store.toast({ title: 'Cours actualisé', description: 'Prix du or mis à jour' });
    expect(store.getToastState().toasts).toMatchObject([{ id: t.id, duration: 5000, open: true }]);
    store.toast({ title: 'Erreur', variant: 'destructive' });
    expect(store.getToastState().toasts).toHaveLength(1);
    expect(store.getToastState().toasts[0]?.variant).toBe('destructive');
    const current = store.getToastState().toasts[0];
    current?.onOpenChange?.(false);
    expect(store.getToastState().toasts[0]?.open).toBe(false);
    vi.advanceTimersByTime(999_999);
    expect(store.getToastState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getToastState().toasts).toHaveLength(0);
  });
});
