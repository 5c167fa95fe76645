/** Every setting comes from the environment; README.md documents each variable. */
export interface AppConfig {
  nodeEnv: string;
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Secret for encrypting data-source secrets at rest (and any future signed value). */
  sessionSecret: string;
  /** Secure flag on the session cookie; defaults to true in production. */
  cookieSecure: boolean;
  cookieName: string;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  allowSignup: boolean;
  /** Market polling period in ms; 0 disables polling (tests drive refreshes by hand). */
  marketPollMs: number;
  /** URL template for diamond images, `{ref}` replaced by the stone's ref; empty = built-in placeholders. */
  diamondImageUrlTemplate: string;
  /** Seed demo data on an empty database (never in production). */
  seedDemo: boolean;
  /** Number of demo diamonds generated on first start. */
  demoDiamondCount: number;
  logLevel: string;
  /** Memory for cached list answers per référentiel, in MB (ADR 0006); 0 turns the cache off. */
  listAnswerCacheMb: number;
  /**
   * Trust X-Forwarded-* from a reverse proxy: false (default, direct exposure), true, or a
   * comma-separated list of proxy addresses/CIDRs. Per-IP limits depend on it being right.
   */
  trustProxy: boolean | string[];
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number.parseInt(value, 10);
  if (!Number.isFinite(n)) throw new Error(`Invalid integer in environment: ${value}`);
  return n;
}

function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

export const DEV_SESSION_SECRET = 'dev-only-secret-change-me-in-production-0000';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const isProduction = nodeEnv === 'production';
  const sessionSecret = env.SESSION_SECRET ?? DEV_SESSION_SECRET;
  if (isProduction && (sessionSecret === DEV_SESSION_SECRET || sessionSecret.length < 32)) {
    throw new Error('SESSION_SECRET must be set to at least 32 characters when NODE_ENV=production');
  }
  return {
    nodeEnv,
    isProduction,
    port: int(env.PORT, 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || undefined,
    sessionSecret,
    cookieSecure: bool(env.COOKIE_SECURE, isProduction),
    cookieName: env.SESSION_COOKIE_NAME ?? 'pricer_sid',
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 30),
    sessionAbsoluteHours: int(env.SESSION_ABSOLUTE_HOURS, 12),
    allowSignup: bool(env.ALLOW_SIGNUP, true),
    marketPollMs: int(env.MARKET_POLL_MS, 60_000),
    diamondImageUrlTemplate: env.DIAMOND_IMAGE_URL_TEMPLATE ?? '',
    seedDemo: !isProduction && bool(env.SEED_DEMO, true),
    demoDiamondCount: int(env.DEMO_DIAMOND_COUNT, 5000),
    logLevel: env.LOG_LEVEL ?? (isProduction ? 'info' : 'warn'),
    listAnswerCacheMb: int(env.LIST_ANSWER_CACHE_MB, 32),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  };
}

/** A config for tests: in-memory database, no polling, no seeding unless asked. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test' }),
    dataDir: 'memory://',
    marketPollMs: 0,
    seedDemo: false,
    demoDiamondCount: 200,
    logLevel: 'silent',
    ...overrides,
  };
}
