import { z } from 'zod';
import { INSTRUMENTS } from '../constants';
import { MODULE_KEYS } from '../modules';
import { ONBOARDING_MODES } from './users';
import { usernameSchema } from './auth';
import { emailField, queryInt, requiredText } from './common-fields';

export const organizationListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(['active', 'suspended'], { message: 'Statut inconnu' }).optional(),
  page: queryInt(1, 10_000, 1),
  pageSize: queryInt(1, 100, 25),
});

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

const instrumentsField = z
  .array(z.enum(INSTRUMENTS, { message: 'Instrument inconnu' }))
  .min(1, 'Au moins un instrument')
  .max(INSTRUMENTS.length)
  .refine((v) => new Set(v).size === v.length, { message: 'Instrument en double' });

/** Prices typed by hand for a `manual` source: `{ XAU: '118.20', 'USD/EUR': '0.92' }` (decimal strings > 0). */
const manualValuesField = z.record(
  z.enum(INSTRUMENTS, { message: 'Instrument inconnu' }),
  z.string().regex(/^(?!0+(\.0+)?$)\d{1,9}(\.\d{1,8})?$/, 'Prix décimal positif attendu (ex. 118.20)'),
);

const configField = z
  .record(z.string().max(60), z.union([z.string().max(2000), z.number(), z.boolean(), z.null(), manualValuesField]), {
    invalid_type_error: 'Configuration invalide',
  })
  .refine((v) => Object.keys(v).length <= 30, { message: 'Configuration trop longue' });

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
