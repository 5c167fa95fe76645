import { useEffect, useSyncExternalStore } from 'react';

/** The application's name, after every tab title ("Clients · Pricer Bijouterie"). */
export const APP_NAME = 'Pricer Bijouterie';

export interface ScreenTitle {
  /** The screen's title: header title and tab title. */
  title: string;
  /** A line under the header title on wide screens (the dashboard's). */
  subtitle?: string | undefined;
}

interface TitleState {
  screen: ScreenTitle | null;
  /** The record a screen shows (a client's name…): goes before the screen's title in the tab only. */
  detail: string | null;
}

let state: TitleState = { screen: null, detail: null };
const listeners = new Set<() => void>();

function setState(next: TitleState): void {
  state = next;
  document.title = documentTitle(next);
  listeners.forEach((listener) => listener());
}

/** "<detail> · <title> · Pricer Bijouterie", the parts that are known. */
export function documentTitle({ screen, detail }: TitleState): string {
  return [detail, screen?.title, APP_NAME].filter((part): part is string => Boolean(part)).join(' · ');
}

/**
 * One mechanism for every screen's title: the route table (app/routes.tsx) gives each route its
 * title, and full-page screens (sign-in, 404, access refused, module off) call it themselves. Sets the tab title
 * and the header's title while the screen is shown.
 */
export function usePageTitle(title: string, options: { subtitle?: string } = {}): void {
  const { subtitle } = options;
  useEffect(() => {
    setState({ ...state, screen: { title, subtitle } });
  }, [title, subtitle]);
}

/** Puts the record a screen shows before its title in the tab ("Bague Solitaire · Fiche produit · …"). */
export function usePageTitleDetail(detail: string | null | undefined): void {
  useEffect(() => {
    if (!detail) return;
    setState({ ...state, detail });
    return () => setState({ ...state, detail: null });
  }, [detail]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The title of the screen on view, for the header (null before the first screen says it). */
export function useScreenTitle(): ScreenTitle | null {
  return useSyncExternalStore(
    subscribe,
    () => state.screen,
    () => state.screen,
  );
}
