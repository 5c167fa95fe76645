import { z } from 'zod';
import { INSTRUMENTS, isInstrument, type Instrument } from '../constants';
import { MODULE_KEYS } from '../modules';
import { ONBOARDING_MODES } from './users';
import { usernameSchema } from './auth';
import { emailField, requiredText } from './common-fields';
import { listQuerySchema } from './lists';

/**
 * GET /api/superadmin/organizations query: the shared list query (q over name and identifier,
 * accent-insensitive; sort `name` or `createdAt`, dir, page, pageSize) plus `status`.
 */
export const organizationListQuerySchema = listQuerySchema(['name', 'createdAt'], 'name', {
  status: z.enum(['active', 'suspended'], { message: 'Statut inconnu' }).optional(),
});
export type OrganizationListQuery = z.infer<typeof organizationListQuerySchema>;

/** POST /api/superadmin/organizations: the organization and its first admin. */
export const createOrganizationSchema = z.object({
  name: requiredText(200),
  admin: z.object(
    {
      username: usernameSchema,
      email: emailField,
      firstName: requiredText(100),
      lastName: requiredText(100),
      onboarding: z.enum(ONBOARDING_MODES, { message: 'Choisissez un mot de passe temporaire ou une invitation' }),
    },
    { required_error: 'Le premier administrateur est obligatoire' },
  ),
});

/** POST /api/superadmin/organizations/:id/status body. */
export const organizationStatusSchema = z.object({
  status: z.enum(['active', 'suspended'], { message: 'Statut inconnu (active, suspended)' }),
});

export interface OrganizationUsage {
  id: string;
  name: string;
  slug: string;
  status: 'active' | 'suspended';
  createdAt: string;
  suspendedAt: string | null;
  users: number;
  activeUsers: number;
  activeSessions: number;
  logEntries: number;
  lastLoginAt: string | null;
}

export const DATA_SOURCE_KINDS = ['demo', 'manual', 'ecb', 'goldapi'] as const;

/** Kinds that call an HTTP service: only they may hold an API key (the others show no key field). */
export const HTTP_DATA_SOURCE_KINDS: readonly string[] = ['ecb', 'goldapi'];
export const acceptsApiKey = (kind: string): boolean => HTTP_DATA_SOURCE_KINDS.includes(kind);
export const API_KEY_REFUSED_MESSAGE = "Pas de clé d'API pour ce type de source";

/** A price typed by hand: a decimal string > 0, at most 9 digits and 8 decimals. */
export const manualPriceField = z
  .string({ invalid_type_error: 'Prix décimal positif attendu (ex. 118,20)' })
  .regex(/^(?!0+(\.0+)?$)\d{1,9}(\.\d{1,8})?$/, 'Prix décimal positif attendu (ex. 118,20)');

/**
 * PUT /api/superadmin/data-sources/:id/prices: the prices typed in a `manual` source's grid, per instrument
 * (metals in EUR per gram of pure metal, FX pairs in EUR for 1 unit of the base currency). An instrument left
 * out has no typed price. The server stamps the date and time each changed price was set.
 */
export const manualPricesSchema = z.object({
  values: z
    .record(z.enum(INSTRUMENTS, { message: 'Instrument inconnu' }), manualPriceField)
    .refine((v) => Object.keys(v).length > 0, { message: 'Saisissez au moins un cours' }),
});
export type ManualPricesInput = z.infer<typeof manualPricesSchema>;

/** What a `manual` source's config holds: `{ values: { XAU: '118.2' }, setAt: { XAU: ISO }, updatedAt: ISO }`. */
export interface ManualPrices {
  values: Partial<Record<Instrument, string>>;
  /** When each price was typed (ISO 8601), stamped by the server. */
  setAt: Partial<Record<Instrument, string>>;
  /** When the latest price was typed. */
  updatedAt: string | null;
}

/** Reads a `manual` source's config leniently (older configs have no `setAt`: their `updatedAt` applies). */
export function readManualPrices(config: Record<string, unknown>): ManualPrices {
  const out: ManualPrices = { values: {}, setAt: {}, updatedAt: null };
  const values = config.values;
  const setAt = config.setAt;
  out.updatedAt = typeof config.updatedAt === 'string' ? config.updatedAt : null;
  if (values && typeof values === 'object') {
    for (const [key, raw] of Object.entries(values)) {
      if (!isInstrument(key) || (typeof raw !== 'string' && typeof raw !== 'number')) continue;
      out.values[key] = String(raw).trim().replace(',', '.');
      const at = setAt && typeof setAt === 'object' ? (setAt as Record<string, unknown>)[key] : undefined;
      const time = typeof at === 'string' ? at : out.updatedAt;
      if (time) out.setAt[key] = time;
    }
  }
  return out;
}

const instrumentsField = z
  .array(z.enum(INSTRUMENTS, { message: 'Instrument inconnu' }))
  .min(1, 'Au moins un instrument')
  .max(INSTRUMENTS.length)
  .refine((v) => new Set(v).size === v.length, { message: 'Instrument en double' });

/** Prices typed by hand for a `manual` source: `{ XAU: '118.20', 'USD/EUR': '0.92' }` (decimal strings > 0). */
const manualValuesField = z.record(z.enum(INSTRUMENTS, { message: 'Instrument inconnu' }), manualPriceField);
/** Stamps of a `manual` source (`setAt`, written by the server). */
const manualStampsField = z.record(z.enum(INSTRUMENTS, { message: 'Instrument inconnu' }), z.string().max(40));

/** A source's settings: the typed prices of a `manual` source under `values` and `setAt`, plain values else. */
const configField = z
  .object(
    { values: manualValuesField.optional(), setAt: manualStampsField.optional() },
    { invalid_type_error: 'Configuration invalide' },
  )
  .catchall(z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]))
  .refine((v) => Object.keys(v).length <= 30, { message: 'Configuration trop longue' })
  .refine((v) => Object.keys(v).every((k) => k.length <= 60), { message: 'Configuration invalide' });

/** POST /api/superadmin/data-sources body. `secret` (API key) is stored encrypted, never sent back. */
export const createDataSourceSchema = z.object({
  kind: z.enum(DATA_SOURCE_KINDS, { message: 'Type de source inconnu' }),
  name: requiredText(100),
  instruments: instrumentsField,
  enabled: z.boolean().default(true),
  priority: z.number().int('Nombre entier attendu').min(0, 'Au moins 0').max(10_000, 'Au plus 10000').default(100),
  config: configField.default({}),
  secret: z.string().max(500, 'Clé trop longue').nullable().optional(),
});

/** PATCH /api/superadmin/data-sources/:id: `secret` absent = unchanged, null = removed, text = replaced. */
export const updateDataSourceSchema = createDataSourceSchema
  .omit({ kind: true })
  .partial()
  .extend({ secret: z.string().min(1, 'Clé vide').max(500, 'Clé trop longue').nullable().optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Aucune modification', path: ['_'] });

export interface DataSourceView {
  id: string;
  kind: string;
  name: string;
  instruments: string[];
  enabled: boolean;
  priority: number;
  config: Record<string, unknown>;
  /** "••••1234" or null when no secret is stored. */
  secretMasked: string | null;
  health: {
    lastSuccessAt: string | null;
    lastErrorAt: string | null;
    lastError: string | null;
    lastLatencyMs: number | null;
    status: 'ok' | 'failing' | 'unknown' | 'disabled';
  };
  createdAt: string;
  updatedAt: string;
}

export interface DataSourceTestResult {
  ok: boolean;
  latencyMs: number;
  readings: Array<{ instrument: string; value: string; observedAt: string }>;
  problems: string[];
}

/** PUT /api/superadmin/organizations/:id/modules body: the switches to change. */
export const organizationModulesSchema = z.object({
  modules: z
    .record(z.string(), z.boolean({ invalid_type_error: 'Vrai ou faux attendu' }))
    .refine((v) => Object.keys(v).every((k) => (MODULE_KEYS as readonly string[]).includes(k)), {
      message: 'Module inconnu',
    })
    .refine((v) => Object.keys(v).length > 0, { message: 'Aucun module' }),
});

export interface OrganizationModulesView {
  organizationId: string;
  modules: Array<{ key: string; label: string; enabled: boolean }>;
}
