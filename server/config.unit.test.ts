import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEV_SESSION_SECRET, loadConfig, testConfig } from './config';

/** The message of the error loadConfig throws for this environment (fails the test if it does not throw). */
function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it.each([
    ['COOKIE_SECURE', 'ture'],
    ['PORT', '3000abc'],
    ['PORT', '70000'],
    ['PORT', '0'],
    ['LOG_LEVEL', 'verbose'],
    ['TRUST_PROXY', 'not-an-ip'],
    ['TRUST_PROXY', '10.0.0.1,10.0.0.0/33'],
    ['SESSION_IDLE_MINUTES', '0'],
    ['SESSION_ABSOLUTE_HOURS', '-1'],
    ['DATABASE_URL', 'mysql://x'],
    ['ALLOW_SIGNUP', 'nope'],
    ['SEED_DEMO', '2'],
    ['SESSION_COOKIE_NAME', 'pricer sid'],
    ['MARKET_POLL_MS', '1.5'],
    ['DEMO_DIAMOND_COUNT', '-3'],
    ['LIST_ANSWER_CACHE_MB', '32MB'],
    ['MIN_FREE_DISK_MB', '-1'],
  ])('refuses %s=%s, naming the variable and the value received', (name, value) => {
    const message = configError({ [name]: value });
    expect(message).toMatch(/^Configuration invalide :\n/);
    expect(message).toContain(`  - ${name} : `);
    expect(message).toContain(`(reçu ${JSON.stringify(value)})`);
  });

  it('lists every bad variable in one error, one line each', () => {
    const message = configError({ PORT: '3000abc', COOKIE_SECURE: 'ture', LOG_LEVEL: 'verbose' });
    expect(message.split('\n')).toEqual([
      'Configuration invalide :',
      '  - PORT : nombre entier attendu (reçu "3000abc")',
      '  - COOKIE_SECURE : booléen attendu (true/false, 1/0, yes/no, on/off) (reçu "ture")',
      '  - LOG_LEVEL : niveau attendu parmi fatal, error, warn, info, debug, trace, silent (reçu "verbose")',
    ]);
  });

  it('uses the defaults documented in README.md, empty strings counting as unset', () => {
    const expected = {
      nodeEnv: 'development',
      isProduction: false,
      port: 3000,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      sessionSecret: DEV_SESSION_SECRET,
      cookieSecure: false,
      cookieName: 'pricer_sid',
      sessionIdleMinutes: 30,
      sessionAbsoluteHours: 12,
      sessionPurgeChance: 0.02,
      allowSignup: true,
      marketPollMs: 60_000,
      diamondImageUrlTemplate: '',
      seedDemo: true,
      demoDiamondCount: 5000,
      logLevel: 'warn',
      listAnswerCacheMb: 32,
      minFreeDiskMb: 200,
      trustProxy: false,
    };
    expect(loadConfig({})).toEqual(expected);
    const allEmpty = Object.fromEntries(
      [
        'PORT',
        'HOST',
        'NODE_ENV',
        'DATA_DIR',
        'DATABASE_URL',
        'SESSION_SECRET',
        'COOKIE_SECURE',
        'SESSION_COOKIE_NAME',
        'SESSION_IDLE_MINUTES',
        'SESSION_ABSOLUTE_HOURS',
        'ALLOW_SIGNUP',
        'MARKET_POLL_MS',
        'DIAMOND_IMAGE_URL_TEMPLATE',
        'SEED_DEMO',
        'DEMO_DIAMOND_COUNT',
        'LIST_ANSWER_CACHE_MB',
        'MIN_FREE_DISK_MB',
        'TRUST_PROXY',
        'LOG_LEVEL',
      ].map((name) => [name, '']),
    );
    expect(loadConfig(allEmpty)).toEqual(expected);
  });

  it('uses the production defaults: secure cookie, info logs, never demo data', () => {
    const secret = 'x'.repeat(40);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret, SEED_DEMO: 'true' })).toMatchObject({
      isProduction: true,
      sessionSecret: secret,
      cookieSecure: true,
      logLevel: 'info',
      seedDemo: false,
    });
  });

  it('parses valid values', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      DATABASE_URL: 'postgresql://pricer:motdepasse@db.example:5432/pricer',
      SESSION_SECRET: 's'.repeat(32),
      COOKIE_SECURE: 'ON',
      SESSION_COOKIE_NAME: '__Host-pricer',
      SESSION_IDLE_MINUTES: '15',
      SESSION_ABSOLUTE_HOURS: '8',
      ALLOW_SIGNUP: 'No',
      MARKET_POLL_MS: '0',
      DIAMOND_IMAGE_URL_TEMPLATE: 'https://img.example/{ref}.jpg',
      SEED_DEMO: '0',
      DEMO_DIAMOND_COUNT: '0',
      LIST_ANSWER_CACHE_MB: '0',
      MIN_FREE_DISK_MB: '0',
      TRUST_PROXY: ' 10.0.0.1, 192.168.0.0/16 ,::1,fd00::/8,loopback',
      LOG_LEVEL: 'debug',
    });
    expect(config).toEqual({
      nodeEnv: 'test',
      isProduction: false,
      port: 8080,
      host: '127.0.0.1',
      dataDir: 'memory://',
      databaseUrl: 'postgresql://pricer:motdepasse@db.example:5432/pricer',
      sessionSecret: 's'.repeat(32),
      cookieSecure: true,
      cookieName: '__Host-pricer',
      sessionIdleMinutes: 15,
      sessionAbsoluteHours: 8,
      sessionPurgeChance: 0.02,
      allowSignup: false,
      marketPollMs: 0,
      diamondImageUrlTemplate: 'https://img.example/{ref}.jpg',
      seedDemo: false,
      demoDiamondCount: 0,
      listAnswerCacheMb: 0,
      minFreeDiskMb: 0,
      trustProxy: ['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8', 'loopback'],
      logLevel: 'debug',
    });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/pricer' }).databaseUrl).toBe('postgres://localhost/pricer');
    for (const word of ['true', 'TRUE', '1', 'yes', 'Yes', 'on'])
      expect(loadConfig({ ALLOW_SIGNUP: word }).allowSignup).toBe(true);
    for (const word of ['false', 'False', '0', 'no', 'off', 'OFF'])
      expect(loadConfig({ ALLOW_SIGNUP: word }).allowSignup).toBe(false);
  });

  it('requires a real SESSION_SECRET of at least 32 characters in production', () => {
    expect(configError({ NODE_ENV: 'production' })).toContain('  - SESSION_SECRET : ');
    expect(configError({ NODE_ENV: 'production', SESSION_SECRET: '' })).toContain('  - SESSION_SECRET : ');
    expect(configError({ NODE_ENV: 'production', SESSION_SECRET: DEV_SESSION_SECRET })).toContain(
      '  - SESSION_SECRET : ',
    );
  });

  it('never shows the value of SESSION_SECRET nor the password of DATABASE_URL', () => {
    const secret = 'mon-secret-trop-court';
    const message = configError({
      NODE_ENV: 'production',
      SESSION_SECRET: secret,
      DATABASE_URL: 'mysql://pricer:motdepasse@db.example/pricer',
    });
    expect(message).toContain('  - SESSION_SECRET : ');
    expect(message).toContain('  - DATABASE_URL : ');
    expect(message).not.toContain(secret);
    expect(message).not.toContain('motdepasse');
    expect(configError({ NODE_ENV: 'production', SESSION_SECRET: DEV_SESSION_SECRET })).not.toContain(
      DEV_SESSION_SECRET,
    );
    for (const url of [
      'postgres://pricer:motdepasse',
      'postgres://pricer:mot@de@passe@',
      'mysql:pricer:motdepasse@db',
    ]) {
      const text = configError({ DATABASE_URL: url });
      expect(text).toContain('  - DATABASE_URL : ');
      expect(text).not.toMatch(/motdepasse|passe@/);
    }
  });
});

describe('testConfig', () => {
  it('is an in-memory, silent, non-polling config with overrides', () => {
    expect(testConfig({ cookieSecure: true })).toMatchObject({
      nodeEnv: 'test',
      dataDir: 'memory://',
      marketPollMs: 0,
      seedDemo: false,
      logLevel: 'silent',
      cookieSecure: true,
    });
  });
});

describe('server start with an invalid configuration', () => {
  it('exits with code 1 and a message naming the variable', async () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      // Only what node needs, so no variable of the caller's environment changes the outcome.
      env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: '3000abc', DATA_DIR: 'memory://' },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 30_000,
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.resume();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, stderr).toBe(1);
    expect(stderr).toContain('Échec du démarrage');
    expect(stderr).toContain('  - PORT : nombre entier attendu (reçu "3000abc")');
    // The message, not a stack trace.
    expect(stderr).not.toMatch(/^\s+at /m);
  }, 40_000);
});
