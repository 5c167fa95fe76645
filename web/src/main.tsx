// First: apply the stored theme before anything renders (no inline script, the CSP forbids them).
import './features/theme/theme-store';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installGlobalErrorHandlers } from './lib/logger';

installGlobalErrorHandlers();

const container = document.getElementById('root');
if (!container) throw new Error('Élément #root introuvable');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
