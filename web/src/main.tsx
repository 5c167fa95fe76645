// First: apply the stored theme before anything renders (no inline script, the CSP forbids them).
import './features/theme/theme-store';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadScreensOf } from './app/routes';
import { loadSession } from './features/auth/auth-provider';
import { queryClient } from './lib/query-client';
import { installGlobalErrorHandlers } from './lib/logger';

installGlobalErrorHandlers();
// The session is asked for before the first render. Once it answers, every chunk of the first screen is asked for at
// once (the frame, its guard and the page), instead of each lazy level discovering the next; nothing for a visitor
// who is not signed in but the sign-in page.
void loadSession(queryClient).then((user) => preloadScreensOf(window.location.pathname, user !== null));

const container = document.getElementById('root');
if (!container) throw new Error('Élément #root introuvable');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
