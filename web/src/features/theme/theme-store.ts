import { DEFAULT_THEME, THEME_STORAGE_KEY } from '@shared/constants';

/**
 * Theme preference: "light" or "dark" in localStorage under `theme`, default light; the `dark`
 * class on <html>. This module applies the stored theme as soon as it is evaluated (main.tsx imports it first),
 * so the first paint already has the right colours without an inline script (the CSP forbids them).
 */

export type Theme = 'light' | 'dark';

function readStoredTheme(): Theme {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    if (stored === 'light' || stored === 'dark') return stored;
  } catch {
    // Storage can be disabled (private mode, policies): fall back to the default.
  }
  return DEFAULT_THEME;
}

function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme === 'dark' ? '#15181f' : '#ffffff');
}

let current: Theme = readStoredTheme();
applyTheme(current);

const listeners = new Set<() => void>();

export function getTheme(): Theme {
  return current;
}

export function setTheme(theme: Theme): void {
  current = theme;
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Not persisted, still applied for this page.
  }
  applyTheme(theme);
  listeners.forEach((listener) => listener());
}

export function toggleTheme(): void {
  setTheme(current === 'dark' ? 'light' : 'dark');
}

export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Keep several tabs in step.
window.addEventListener('storage', (event) => {
  if (event.key === THEME_STORAGE_KEY && (event.newValue === 'light' || event.newValue === 'dark')) {
    current = event.newValue;
    applyTheme(current);
    listeners.forEach((listener) => listener());
  }
});
