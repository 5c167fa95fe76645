import type { BlockerFunction, HistoryRouterProps, Location, NavigationType } from 'react-router';

/**
 * Navigation blocking without a data router. React Router's `useBlocker` needs `createBrowserRouter`, which adds
 * ~17 KB gzipped to every page; the app uses the declarative `<unstable_HistoryRouter>` over a browser history
 * wrapped here instead, and `useBlocker` below has React Router's signature and result (`state`, `location`,
 * `proceed`, `reset`) for in-app links, `navigate()` and the back/forward buttons.
 */

type History = HistoryRouterProps['history'];
type Listener = Parameters<History['listen']>[0];
type Update = Parameters<Listener>[0];

interface Pending {
  owner: string;
  location: Location;
  retry(): void;
}

export interface BlockableHistory extends History {
  /** Registers a blocker; returns its removal. */
  addBlocker(owner: string, fn: BlockerFunction): () => void;
  /** The navigation a blocker holds, if any. */
  pending(): Pending | null;
  subscribe(onChange: () => void): () => void;
  /** Lets the held navigation go on. */
  proceed(): void;
  /** Drops the held navigation. */
  reset(): void;
}

export function createBlockableHistory(base: History): BlockableHistory {
  const blockers = new Map<string, BlockerFunction>();
  const routerListeners = new Set<Listener>();
  const storeListeners = new Set<() => void>();
  let pending: Pending | null = null;
  /** The location the app shows (on a POP the browser's is already the next one). */
  let current: Location = base.location;
  let proceeding = false;
  let revertingPop = false;

  const setPending = (next: Pending | null) => {
    pending = next;
    storeListeners.forEach((l) => l());
  };

  /** The first blocker that blocks this navigation, if any. */
  const blockerOf = (nextLocation: Location, historyAction: NavigationType): string | null => {
    if (proceeding) return null;
    for (const [owner, fn] of blockers) {
      if (fn({ currentLocation: current, nextLocation, historyAction })) return owner;
    }
    return null;
  };

  const locationOf = (to: Parameters<History['push']>[0], state: unknown): Location => ({
    ...base.encodeLocation(to),
    state,
    key: 'blocked',
  });

  const navigate =
    (action: 'PUSH' | 'REPLACE', method: 'push' | 'replace') =>
    (to: Parameters<History['push']>[0], state?: unknown) => {
      const owner = blockerOf(locationOf(to, state), action as NavigationType);
      const go = () => base[method](to, state);
      if (owner) setPending({ owner, location: locationOf(to, state), retry: go });
      else go();
    };

  base.listen((update: Update) => {
    if (update.action === 'POP') {
      if (revertingPop) {
        revertingPop = false;
        return;
      }
      const delta = update.delta ?? 0;
      const owner = delta ? blockerOf(update.location, update.action) : null;
      if (owner) {
        // The browser already moved: go back where we were, and hold the move.
        revertingPop = true;
        base.go(-delta);
        setPending({
          owner,
          location: update.location,
          retry: () => {
            proceeding = true;
            base.go(delta);
          },
        });
        return;
      }
    }
    proceeding = false;
    current = update.location;
    routerListeners.forEach((l) => l(update));
  });

  return {
    get action() {
      return base.action;
    },
    get location() {
      return base.location;
    },
    createHref: (to) => base.createHref(to),
    createURL: (to) => base.createURL(to),
    encodeLocation: (to) => base.encodeLocation(to),
    push: navigate('PUSH', 'push'),
    replace: navigate('REPLACE', 'replace'),
    go: (delta) => base.go(delta),
    listen(listener) {
      routerListeners.add(listener);
      return () => routerListeners.delete(listener);
    },
    addBlocker(owner, fn) {
      blockers.set(owner, fn);
      return () => {
        blockers.delete(owner);
        if (pending?.owner === owner) setPending(null);
      };
    },
    pending: () => pending,
    subscribe(onChange) {
      storeListeners.add(onChange);
      return () => storeListeners.delete(onChange);
    },
    proceed() {
      const held = pending;
      setPending(null);
      if (!held) return;
      proceeding = true;
      held.retry();
      // A push/replace notifies synchronously; a POP clears the flag when the browser reports it.
      if (base.action !== 'POP') proceeding = false;
    },
    reset: () => setPending(null),
  };
}
