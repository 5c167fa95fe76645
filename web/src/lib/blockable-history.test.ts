import { describe, expect, it } from 'vitest';
import { UNSAFE_createMemoryHistory } from 'react-router';
import { createBlockableHistory } from './blockable-history';

function setup() {
  const history = createBlockableHistory(UNSAFE_createMemoryHistory({ initialEntries: ['/'], v5Compat: true }));
  const seen: string[] = [];
  history.listen(({ action, location }) => seen.push(`${action} ${location.pathname}`));
  return { history, seen };
}

describe('blockable history', () => {
  it('navigates freely without a blocker', () => {
    const { history, seen } = setup();
    history.push('/clients');
    history.replace('/clients/1');
    expect(seen).toEqual(['PUSH /clients', 'REPLACE /clients/1']);
    expect(history.location.pathname).toBe('/clients/1');
  });

  it('holds a blocked push until proceed, and drops it on reset', () => {
    const { history, seen } = setup();
    history.push('/form');
    const remove = history.addBlocker('form', ({ nextLocation }) => nextLocation.pathname !== '/form');
    history.push('/elsewhere');
    expect(history.location.pathname).toBe('/form');
    expect(history.pending()?.location.pathname).toBe('/elsewhere');
    history.reset();
    expect(history.pending()).toBeNull();
    expect(history.location.pathname).toBe('/form');
    history.push('/elsewhere');
    history.proceed();
    expect(history.location.pathname).toBe('/elsewhere');
    expect(seen).toEqual(['PUSH /form', 'PUSH /elsewhere']);
    remove();
  });

  it('reverts a blocked back button and replays it on proceed', () => {
    const { history, seen } = setup();
    history.push('/form');
    history.addBlocker('form', () => true);
    history.go(-1);
    expect(history.location.pathname).toBe('/form');
    expect(history.pending()?.location.pathname).toBe('/');
    history.proceed();
    expect(history.location.pathname).toBe('/');
    expect(seen).toEqual(['PUSH /form', 'POP /']);
  });

  it('gives a back-button blocker the location the app shows, not the one the browser moved to', () => {
    const { history } = setup();
    history.push('/form');
    const calls: string[] = [];
    history.addBlocker('form', ({ currentLocation, nextLocation, historyAction }) => {
      calls.push(`${historyAction} ${currentLocation.pathname} -> ${nextLocation.pathname}`);
      return currentLocation.pathname !== nextLocation.pathname;
    });
    history.go(-1);
    expect(calls).toEqual(['POP /form -> /']);
    expect(history.pending()?.location.pathname).toBe('/');
    expect(history.location.pathname).toBe('/form');
  });

  it('forgets the held navigation when its blocker goes away', () => {
    const { history } = setup();
    const remove = history.addBlocker('form', () => true);
    history.push('/x');
    expect(history.pending()).not.toBeNull();
    remove();
    expect(history.pending()).toBeNull();
    history.push('/x');
    expect(history.location.pathname).toBe('/x');
  });
});
