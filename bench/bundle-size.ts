/**
 * Gzipped JavaScript a browser loads for `/auth` (signed out) and for `/` (signed in, dashboard), on a running
 * production build (`node dist/server/main.js`). Every script response is recorded by headless Chromium, then
 * fetched again uncompressed and gzipped here (level 9), so the figure does not depend on the server's encoding.
 * `npm run bench` (bench/run.ts) calls `measureBundles`; run alone: `npx tsx bench/bundle-size.ts <baseUrl>`.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../tests/e2e/browser';
import { DEMO_PASSWORD } from '../tests/e2e/session';

export interface BundleFile {
  /** Path of the script, e.g. /assets/index-abc.js. */
  path: string;
  /** Gzipped size in bytes. */
  gzip: number;
  /** Which page loaded it. */
  page: 'auth' | 'dashboard';
}

export interface BundleFigures {
  /** Gzipped bytes of every script loaded by /auth, signed out. */
  auth: number;
  /** Gzipped bytes of every script loaded by /, signed in. */
  dashboard: number;
  files: BundleFile[];
}

const SETTLE_MS = 1_500;

function isScript(url: string, contentType: string | undefined): boolean {
  return /\.m?js(\?|$)/.test(new URL(url).pathname) || /javascript/.test(contentType ?? '');
}

/** Loads `url` in `page` and returns the script URLs it fetched (modulepreloads and lazy chunks included). */
async function scriptsLoaded(page: Page, url: string, ready: (page: Page) => Promise<void>): Promise<string[]> {
  const seen = new Set<string>();
  page.on('response', (res) => {
    if (isScript(res.url(), res.headers()['content-type'])) seen.add(res.url());
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await ready(page);
  await page.waitForTimeout(SETTLE_MS);
  return [...seen];
}

async function gzipSizeOf(url: string): Promise<number> {
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  if (!res.ok) throw new Error(`GET ${url} -> ${res.status}`);
  const body = Buffer.from(await res.arrayBuffer());
  return gzipSync(body, { level: 9 }).length;
}

async function measurePage(
  browser: Browser,
  baseUrl: string,
  which: BundleFile['page'],
  username?: string,
): Promise<BundleFile[]> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR' });
  try {
    if (username) {
      // Sign in through the API so the measured page load is a fresh visit of `/` with a session cookie.
      const request = context.request;
      const csrf = (await (await request.get(`${baseUrl}/api/csrf-token`)).json()) as { csrfToken: string };
      const login = await request.post(`${baseUrl}/api/login`, {
        headers: { 'x-csrf-token': csrf.csrfToken },
        data: { username, password: DEMO_PASSWORD },
      });
      if (login.status() !== 200) throw new Error(`sign-in failed: ${login.status()} ${await login.text()}`);
    }
    const page = await context.newPage();
    const urls = await scriptsLoaded(page, `${baseUrl}${which === 'auth' ? '/auth' : '/'}`, async (p) => {
      if (which === 'auth') await p.getByRole('button', { name: 'Se connecter' }).waitFor();
      else await p.getByTestId('header-prices').waitFor();
    });
    const files: BundleFile[] = [];
    for (const url of urls) files.push({ path: new URL(url).pathname, gzip: await gzipSizeOf(url), page: which });
    return files.sort((a, b) => b.gzip - a.gzip);
  } finally {
    await context.close();
  }
}

export async function measureBundles(baseUrl: string, username = 'admin'): Promise<BundleFigures> {
  const browser = await launchChromium();
  try {
    const authFiles = await measurePage(browser, baseUrl, 'auth');
    const dashboardFiles = await measurePage(browser, baseUrl, 'dashboard', username);
    const sum = (files: BundleFile[]) => files.reduce((total, f) => total + f.gzip, 0);
    return { auth: sum(authFiles), dashboard: sum(dashboardFiles), files: [...authFiles, ...dashboardFiles] };
  } finally {
    await browser.close();
  }
}

const invokedDirectly = process.argv[1] && /bundle-size\.ts$/.test(process.argv[1]);
if (invokedDirectly) {
  const baseUrl = process.argv[2];
  if (!baseUrl) {
    console.error('usage: tsx bench/bundle-size.ts <baseUrl>');
    process.exit(2);
  }
  const figures = await measureBundles(baseUrl);
  for (const f of figures.files)
    console.log(`${f.page.padEnd(9)} ${(f.gzip / 1024).toFixed(1).padStart(6)} KB  ${f.path}`);
  console.log(`/auth: ${(figures.auth / 1024).toFixed(1)} KB gz, /: ${(figures.dashboard / 1024).toFixed(1)} KB gz`);
}
