/**
 * Finds a Chromium for the browser tests, in this order (DEVELOPERS.md):
 * 1. CHROMIUM_PATH, 2. a system Chromium, 3. the npm package @sparticuz/chromium.
 * Fails loudly when none is usable.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const SYSTEM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface ChromiumChoice {
  executablePath: string;
  args: string[];
  origin: 'CHROMIUM_PATH' | 'system' | '@sparticuz/chromium';
}

export async function resolveChromium(): Promise<ChromiumChoice> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist`);
    return { executablePath: fromEnv, args: BASE_ARGS, origin: 'CHROMIUM_PATH' };
  }
  const system = SYSTEM_CANDIDATES.find((p) => existsSync(p));
  if (system) return { executablePath: system, args: BASE_ARGS, origin: 'system' };
  try {
    const packaged = (await import('@sparticuz/chromium')).default;
    const executablePath = await packaged.executablePath();
    // The package's own args are for AWS Lambda: --single-process (the browser dies when a test closes
    // its context), --disable-web-security… The browser tests want an ordinary headless Chromium.
    return { executablePath, args: BASE_ARGS, origin: '@sparticuz/chromium' };
  } catch (error) {
    throw new Error(
      `No Chromium found for browser tests: set CHROMIUM_PATH, install a system Chromium (apt-get install chromium), ` +
        `or make sure the npm package @sparticuz/chromium is installed (${String(error)})`,
    );
  }
}

export async function launchChromium(): Promise<Browser> {
  const choice = await resolveChromium();
  return chromium.launch({ executablePath: choice.executablePath, args: choice.args, headless: true });
}
