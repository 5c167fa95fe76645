/**
 * Lighthouse 12 on the built app (targets: mobile performance >= 95 and accessibility 100 on `/auth` and `/`).
 * `/auth` is loaded signed out, `/` signed in (the demo
 * `admin` session cookie sent with every request), each with Lighthouse's default mobile emulation and
 * throttling and with its desktop configuration. Each page is run `runs` times (default 5: variance on a shared
 * machine is large), after one uncounted run per page that warms the server up; the run with the median performance
 * score is kept and its JSON report saved for diagnosis.
 * `npm run bench` (bench/run.ts, section `lighthouse`) calls `runLighthouse`; run alone on a running app:
 * `npx tsx bench/lighthouse.ts <baseUrl>`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { resolveChromium } from '../tests/e2e/browser';
import { DEMO_PASSWORD } from '../tests/e2e/session';

export type FormFactor = 'mobile' | 'desktop';

export interface LighthouseFigure {
  page: '/auth' | '/';
  formFactor: FormFactor;
  /** Category scores, 0-100. */
  performance: number;
  accessibility: number;
  tbtMs: number;
  lcpMs: number;
  cls: number;
  /** Performance scores of every run, the kept (median) one included. */
  runScores: number[];
  /** Saved JSON report of the kept run. */
  report: string;
  /** Audits that cost points (performance opportunities and diagnostics, failed accessibility checks). */
  findings: string[];
}

interface Browser {
  port: number;
  close(): Promise<void>;
}

/** Headless Chromium with a DevTools port for Lighthouse (the executable the browser tests use). */
async function launchBrowser(): Promise<Browser> {
  const { executablePath, args } = await resolveChromium();
  const profile = mkdtempSync(path.join(tmpdir(), 'pricer-lighthouse-profile-'));
  const child: ChildProcess = spawn(
    executablePath,
    [...args, '--headless=new', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let stderr = '';
    const timer = setTimeout(() => reject(new Error(`Chromium gave no DevTools port:\n${stderr}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}):\n${stderr}`)));
  });
  return {
    port,
    close: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Signs in over HTTP like the browser (CSRF token, then login) and returns the `pricer_sid=…` pair. The login
 * answer sets two cookies (the device cookie first), so the session cookie is picked by name.
 */
async function sessionCookie(baseUrl: string, username: string): Promise<string> {
  const first = await fetch(`${baseUrl}/api/csrf-token`);
  const anonymous = first.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const { csrfToken } = (await first.json()) as { csrfToken: string };
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: anonymous.join('; '), 'x-csrf-token': csrfToken },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const name = process.env.SESSION_COOKIE_NAME ?? 'pricer_sid';
  const session = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((pair) => pair.startsWith(`${name}=`));
  if (!session) throw new Error(`sign-in set no ${name} cookie`);
  return session;
}

const ms = (result: Result, id: string) => Math.round(result.audits[id]?.numericValue ?? Number.NaN);
const score = (result: Result, category: string) => Math.round((result.categories[category]?.score ?? 0) * 100);

/** What cost points: failing accessibility audits, performance audits scored below 0.9 with their figure. */
function findingsOf(result: Result): string[] {
  const out: string[] = [];
  for (const [category, threshold] of [
    ['performance', 0.9],
    ['accessibility', 1],
  ] as const) {
    for (const ref of result.categories[category]?.auditRefs ?? []) {
      const audit = result.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= threshold) continue;
      if (audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'informative') continue;
      out.push(`${category}: ${audit.id} (${audit.score})${audit.displayValue ? ` ${audit.displayValue}` : ''}`);
    }
  }
  for (const id of ['mainthread-work-breakdown', 'bootup-time', 'long-tasks']) {
    const audit = result.audits[id];
    if (audit?.displayValue) out.push(`diagnostic: ${id} ${audit.displayValue}`);
  }
  return out;
}

async function runOnce(
  browser: Browser,
  url: string,
  formFactor: FormFactor,
  cookie: string | undefined,
): Promise<Result> {
  const flags: Flags = {
    port: browser.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  };
  const runner = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
  if (!runner) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = runner;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  return lhr;
}

export async function runLighthouse(
  baseUrl: string,
  options: { runs?: number; reportDir?: string; username?: string } = {},
): Promise<LighthouseFigure[]> {
  const runs = Math.max(1, options.runs ?? 5);
  const reportDir = options.reportDir ?? path.join(tmpdir(), 'pricer-lighthouse');
  mkdirSync(reportDir, { recursive: true });
  const cookie = await sessionCookie(baseUrl, options.username ?? 'admin');
  const browser = await launchBrowser();
  const figures: LighthouseFigure[] = [];
  try {
    for (const page of ['/auth', '/'] as const) {
      // One run first, not counted: a server that just started answers its first requests with cold code, slower
      // than it ever will again, and Lighthouse's simulation takes those answer times as they are. `/auth` comes
      // first: the browser keeps the cookies of the signed-in runs.
      await runOnce(browser, `${baseUrl}${page}`, 'mobile', page === '/' ? cookie : undefined);
      for (const formFactor of ['mobile', 'desktop'] as const) {
        const results: Result[] = [];
        for (let i = 0; i < runs; i++) {
          results.push(await runOnce(browser, `${baseUrl}${page}`, formFactor, page === '/' ? cookie : undefined));
        }
        const sorted = [...results].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
        const kept = sorted[Math.floor((sorted.length - 1) / 2)]!;
        if (page === '/' && kept.finalDisplayedUrl.replace(/\/$/, '') !== baseUrl) {
          throw new Error(`signed-in run of / ended on ${kept.finalDisplayedUrl} (session cookie refused?)`);
        }
        const report = path.join(reportDir, `${page === '/' ? 'dashboard' : 'auth'}-${formFactor}.json`);
        writeFileSync(report, JSON.stringify(kept));
        figures.push({
          page,
          formFactor,
          performance: score(kept, 'performance'),
          accessibility: score(kept, 'accessibility'),
          tbtMs: ms(kept, 'total-blocking-time'),
          lcpMs: ms(kept, 'largest-contentful-paint'),
          cls: Number((kept.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3)),
          runScores: results.map((r) => score(r, 'performance')),
          report,
          findings: findingsOf(kept),
        });
      }
    }
  } finally {
    await browser.close();
  }
  return figures;
}

const invokedDirectly = process.argv[1] && /lighthouse\.ts$/.test(process.argv[1]);
if (invokedDirectly) {
  const baseUrl = process.argv[2];
  if (!baseUrl) {
    console.error('usage: tsx bench/lighthouse.ts <baseUrl> [runs]');
    process.exit(2);
  }
  const figures = await runLighthouse(baseUrl, { runs: Number(process.argv[3] ?? 3) });
  console.table(figures.map(({ findings: _f, report: _r, ...row }) => row));
  for (const f of figures) console.log(`${f.page} ${f.formFactor}:\n  ${f.findings.join('\n  ')}`);
}
