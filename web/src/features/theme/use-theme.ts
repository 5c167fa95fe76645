import { useSyncExternalStore } from 'react';
import { getTheme, setTheme, subscribeTheme, toggleTheme, type Theme } from './theme-store';

export function useTheme(): { theme: Theme; setTheme: (theme: Theme) => void; toggleTheme: () => void } {
  const theme = useSyncExternalStore(subscribeTheme, getTheme, () => 'light' as const);
  return { theme, setTheme, toggleTheme };
}
