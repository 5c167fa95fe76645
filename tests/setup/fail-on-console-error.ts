import { afterEach, beforeEach, vi } from 'vitest';

/** Tests fail on unexpected console.error (Epic Stack practice): call `allowConsoleError()` where expected. */
let allowed = false;
export function allowConsoleError(): void {
  allowed = true;
}
beforeEach(() => {
  allowed = false;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (allowed) return;
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});
