import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: r('./web'),
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': r('./web/src'), '@shared': r('./shared') } },
  build: {
    outDir: r('./dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Bundle budget (bench/bundle-size.ts): what every page runs goes in one chunk instead of a dozen small
        // ones (each costs a request and its own gzip dictionary); route code stays lazy and split by default.
        codeSplitting: {
          groups: [
            {
              name: 'core',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|clsx)[\\/]|web[\\/]src[\\/]lib[\\/](class-merge|api-client|logger|query-client)\.ts|shared[\\/](constants|format)\.ts|vite[\\/]preload-helper/,
            },
            {
              // Small modules every signed-in screen shares (access, modules, decimals, a few primitives): one chunk
              // rather than a dozen of a kilobyte each.
              name: 'shell',
              test: /web[\\/]src[\\/]features[\\/]access[\\/]|shared[\\/](access|modules|decimal-input|exact-decimal|pricing-exact)\.ts|web[\\/]src[\\/](components[\\/](ui[\\/](skeleton|badge)|form[\\/]number-input|errors[\\/]error-boundary|logo|ui[\\/]skip-link)|features[\\/]theme[\\/]theme-toggle)\.tsx|web[\\/]src[\\/](components[\\/]ui[\\/]use-toast|features[\\/]theme[\\/]theme-store)\.ts/,
            },
            {
              // The signed-in frame (header, prices, ticker, sidebar) and what it imports: one request on a phone's way to
              // its first screen instead of seven small ones (bench/lighthouse.ts).
              name: 'app-shell',
              test: /web[\\/]src[\\/]app[\\/]layout[\\/]app-shell\.tsx/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.PORT ?? 3000}`, changeOrigin: false } },
  },
});
