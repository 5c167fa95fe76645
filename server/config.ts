import { isIP } from 'node:net';
import { z } from 'zod';

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
  /**
   * Share of sign-ins that also delete the expired sessions (housekeeping). In-process tests use 0: their clock
   * moves forward and back, and a purge at a later hour would delete sessions still valid once it is back.
   */
  sessionPurgeChance: number;
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
  /** Free space the embedded database's disk keeps: writes are refused below it (ADR 0021); 0 turns it off. */
  minFreeDiskMb: number;
  /** Memory for cached list answers per référentiel, in MB (ADR 0006); 0 turns the cache off. */
  listAnswerCacheMb: number;
  /**
   * Trust X-Forwarded-* from a reverse proxy: false (default, direct exposure), true, or a
   * comma-separated list of proxy addresses/CIDRs. Per-IP limits depend on it being right.
   */
  trustProxy: boolean | string[];
  /** Bearer token that opens `GET /metrics`; undefined = the route answers 404. */
  metricsToken: string | undefined;
}

export const DEV_SESSION_SECRET = 'dev-only-secret-change-me-in-production-0000';

/** An invalid environment: the message lists each bad variable (printed as is by server/main.ts). */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const TRUE_WORDS = ['true', '1', 'yes', 'on'];
const FALSE_WORDS = ['false', '0', 'no', 'off'];
const MIN_SECRET_LENGTH = 32;
const MIN_METRICS_TOKEN_LENGTH = 16;
/** A cookie name is an RFC 7230 token (RFC 6265 §4.1.1). */
const COOKIE_NAME_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Named ranges that Fastify's trustProxy list (proxy-addr) accepts besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** A whole-string decimal integer within [min, max] (no `3000abc`, no `1.5`). */
function integer(min: number, max = Number.MAX_SAFE_INTEGER) {
  const range =
    max === Number.MAX_SAFE_INTEGER
      ? `nombre entier supérieur ou égal à ${min} attendu`
      : `nombre entier entre ${min} et ${max} attendu`;
  return z
    .string()
    .regex(/^-?\d+$/, 'nombre entier attendu')
    .transform(Number)
    .pipe(z.number().min(min, range).max(max, range));
}

/** true/false, 1/0, yes/no, on/off in any case; anything else is an error (not a silent false). */
const boolean = z.string().transform((value, ctx) => {
  const word = value.toLowerCase();
  if (TRUE_WORDS.includes(word)) return true;
  if (FALSE_WORDS.includes(word)) return false;
  ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'booléen attendu (true/false, 1/0, yes/no, on/off)' });
  return z.NEVER;
});

const logLevel = z
  .string()
  .transform((value) => value.toLowerCase())
  .pipe(z.enum(LOG_LEVELS, { errorMap: () => ({ message: `niveau attendu parmi ${LOG_LEVELS.join(', ')}` }) }));

function isPostgresUrl(value: string): boolean {
  try {
    return ['postgres:', 'postgresql:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** An IPv4/IPv6 address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or a proxy-addr range name. */
function isProxyAddress(item: string): boolean {
  if (PROXY_RANGE_NAMES.includes(item) || isIP(item) !== 0) return true;
  const cidr = /^([^/]+)\/(\d{1,3})$/.exec(item);
  if (!cidr) return false;
  const family = isIP(cidr[1]!);
  return family !== 0 && Number(cidr[2]) <= (family === 4 ? 32 : 128);
}

/** `true`, `false` or a comma-separated list of proxy addresses/CIDRs (README.md, TRUST_PROXY). */
const trustProxy = z.string().transform((value, ctx): boolean | string[] => {
  const word = value.toLowerCase();
  if (word === 'true') return true;
  if (word === 'false') return false;
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const bad = items.filter((item) => !isProxyAddress(item));
  if (items.length === 0 || bad.length > 0) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: `true, false ou une liste d’adresses IP/CIDR séparées par des virgules attendue${
        bad.length > 0 ? ` (invalide : ${bad.join(', ')})` : ''
      }`,
    });
    return z.NEVER;
  }
  return items;
});

/** At least 32 characters whenever set; in production required, and never the development value. */
function sessionSecret(production: boolean) {
  const secret = z.string().min(MIN_SECRET_LENGTH, `au moins ${MIN_SECRET_LENGTH} caractères attendus`);
  if (!production) return secret.optional();
  return z
    .string({ required_error: `obligatoire en production (au moins ${MIN_SECRET_LENGTH} caractères)` })
    .pipe(secret)
    .refine((value) => value !== DEV_SESSION_SECRET, 'la valeur de développement est interdite en production');
}

/**
 * The environment variables of README.md's Configuration table, in its order (so errors come in
 * that order). Unset variables stay undefined: the defaults are applied by `toAppConfig`.
 */
function environmentSchema(production: boolean) {
  return z.object({
    PORT: integer(1, 65_535).optional(),
    HOST: z.string().optional(),
    NODE_ENV: z.string().optional(),
    DATA_DIR: z.string().optional(),
    DATABASE_URL: z.string().refine(isPostgresUrl, 'URL postgres:// ou postgresql:// attendue').optional(),
    SESSION_SECRET: sessionSecret(production),
    COOKIE_SECURE: boolean.optional(),
    SESSION_COOKIE_NAME: z
      .string()
      .regex(COOKIE_NAME_TOKEN, "nom de cookie invalide (lettres, chiffres et !#$%&'*+-.^_`|~ seulement)")
      .optional(),
    SESSION_IDLE_MINUTES: integer(1).optional(),
    SESSION_ABSOLUTE_HOURS: integer(1).optional(),
    ALLOW_SIGNUP: boolean.optional(),
    MARKET_POLL_MS: integer(0).optional(),
    DIAMOND_IMAGE_URL_TEMPLATE: z.string().optional(),
    SEED_DEMO: boolean.optional(),
    DEMO_DIAMOND_COUNT: integer(0).optional(),
    LIST_ANSWER_CACHE_MB: integer(0).optional(),
    MIN_FREE_DISK_MB: integer(0).optional(),
    TRUST_PROXY: trustProxy.optional(),
    LOG_LEVEL: logLevel.optional(),
    METRICS_TOKEN: z
      .string()
      .min(MIN_METRICS_TOKEN_LENGTH, `au moins ${MIN_METRICS_TOKEN_LENGTH} caractères attendus`)
      .optional(),
  });
}

type Environment = z.output<ReturnType<typeof environmentSchema>>;

/** The defaults of README.md's Configuration table. */
function toAppConfig(env: Environment): AppConfig {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const isProduction = nodeEnv === 'production';
  return {
    nodeEnv,
    isProduction,
    port: env.PORT ?? 3000,
    host: env.HOST ?? '0.0.0.0',
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL,
    sessionSecret: env.SESSION_SECRET ?? DEV_SESSION_SECRET,
    cookieSecure: env.COOKIE_SECURE ?? isProduction,
    cookieName: env.SESSION_COOKIE_NAME ?? 'pricer_sid',
    sessionIdleMinutes: env.SESSION_IDLE_MINUTES ?? 30,
    sessionAbsoluteHours: env.SESSION_ABSOLUTE_HOURS ?? 12,
    sessionPurgeChance: 0.02,
    allowSignup: env.ALLOW_SIGNUP ?? true,
    marketPollMs: env.MARKET_POLL_MS ?? 60_000,
    diamondImageUrlTemplate: env.DIAMOND_IMAGE_URL_TEMPLATE ?? '',
    seedDemo: !isProduction && (env.SEED_DEMO ?? true),
    demoDiamondCount: env.DEMO_DIAMOND_COUNT ?? 5000,
    logLevel: env.LOG_LEVEL ?? (isProduction ? 'info' : 'warn'),
    listAnswerCacheMb: env.LIST_ANSWER_CACHE_MB ?? 32,
    minFreeDiskMb: env.MIN_FREE_DISK_MB ?? 200,
    trustProxy: env.TRUST_PROXY ?? false,
    metricsToken: env.METRICS_TOKEN,
  };
}

/**
 * DATABASE_URL as shown in an error: everything between `//` and the last `@` (user and password)
 * masked; nothing at all when the text is not a URL (the password could be anywhere in it).
 */
function shownDatabaseUrl(value: string): string | undefined {
  if (!URL.canParse(value)) return undefined;
  const at = value.lastIndexOf('@');
  if (at < 0) return value;
  const slashes = value.indexOf('//');
  const start = slashes >= 0 && slashes < at ? slashes + 2 : 0;
  return `${value.slice(0, start)}***${value.slice(at)}`;
}

/** ` (reçu "…")` for an error line, never revealing a secret (SESSION_SECRET, METRICS_TOKEN, DATABASE_URL's password). */
function received(name: string, value: string | undefined): string {
  if (value === undefined) return '';
  if (name === 'SESSION_SECRET' || name === 'METRICS_TOKEN') return ` (reçu ${value.length} caractères)`;
  const shown = name === 'DATABASE_URL' ? shownDatabaseUrl(value) : value;
  return shown === undefined ? '' : ` (reçu ${JSON.stringify(shown)})`;
}

/** One line per bad variable (its first problem), in the schema's order. */
function describeIssues(issues: readonly z.ZodIssue[], env: Record<string, string>): string {
  const lines = new Map<string, string>();
  for (const issue of issues) {
    const name = String(issue.path[0]);
    if (!lines.has(name)) lines.set(name, `  - ${name} : ${issue.message}${received(name, env[name])}`);
  }
  return `Configuration invalide :\n${[...lines.values()].join('\n')}`;
}

/** The set variables; an empty string means unset (the default applies). */
function setVariables(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
}

/** Reads and validates the environment; throws one ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const variables = setVariables(env);
  const result = environmentSchema(variables.NODE_ENV === 'production').safeParse(variables);
  if (!result.success) throw new ConfigError(describeIssues(result.error.issues, variables));
  return toAppConfig(result.data);
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
    sessionPurgeChance: 0,
    ...overrides,
  };
}
