import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = { '@': r('./web/src'), '@shared': r('./shared') };

/**
 * Three projects, all run by `npm test`:
 * - unit: pure logic in shared/ and server/ (no database);
 * - api: server routes through app.inject on PGlite (and PostgreSQL when TEST_DATABASE_URL is set);
 * - e2e: the built app in headless Chromium (tests/e2e).
 */
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'server/**/*.unit.test.ts', 'web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['server/**/*.api.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
          globalSetup: ['tests/setup/pglite-template.global.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 240_000,
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
          // A page's answer to a typed search (debounce, then the list and its totals) can take more than the
          // default second on a loaded CI machine: polls wait like Playwright's own locators do.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
