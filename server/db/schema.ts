/**
 * Drizzle table definitions. They mirror server/db/migrations/*.sql, which are the
 * source of truth for the database; change both together.
 */
import { sql } from 'drizzle-orm';
import { PROJECT_STATUSES } from '@shared/schemas/projects';
import { WORK_ORDER_PRIORITIES, WORK_ORDER_STATUSES } from '@shared/schemas/work-orders';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const tz = { withTimezone: true, mode: 'date' } as const;

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  status: text('status', { enum: ['active', 'suspended'] })
    .notNull()
    .default('active'),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  /** Optimistic concurrency for PUT /api/settings (0010). */
  settingsVersion: integer('settings_version').notNull().default(1),
  suspendedAt: timestamp('suspended_at', tz),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  // Computed by the database (migration 0042): the superadmin's list search and default sort.
  searchText: text('search_text').generatedAlwaysAs(sql`search_key(name || ' ' || slug)`),
  nameSort: text('name_sort').generatedAlwaysAs(sql`fr_sort_key(name)`),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  username: text('username').notNull(),
  email: text('email').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  role: text('role', { enum: ['superadmin', 'admin', 'manager', 'sales', 'production'] }).notNull(),
  passwordHash: text('password_hash').notNull(),
  active: boolean('active').notNull().default(true),
  lastLoginAt: timestamp('last_login_at', tz),
  /** Set when an admin gives a temporary password; cleared when the user picks their own (0010). */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  deactivatedAt: timestamp('deactivated_at', tz),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  /** Incremented by every update of the row; the role and profile forms send it back (migration 0045). */
  version: integer('version').notNull().default(1),
  // Computed by the database (migration 0042): the users list's search and default sort.
  searchText: text('search_text').generatedAlwaysAs(
    sql`search_key(username || ' ' || email || ' ' || first_name || ' ' || last_name)`,
  ),
  nameSort: text('name_sort').generatedAlwaysAs(sql`fr_sort_key(last_name || ' ' || first_name || ' ' || username)`),
});

export const sessions = pgTable('sessions', {
  idHash: text('id_hash').primaryKey(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  csrfToken: text('csrf_token').notNull(),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', tz).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', tz).notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
});

export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', tz).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', tz),
});

/** Rate-limit hits shared by every node (migration 0040, server/http/rate-limits.ts). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', tz).notNull(),
  },
  (t) => [index('rate_limit_hits_reset_idx').on(t.resetAt)],
);

/** Browsers and addresses a user signed in from (migration 0040, server/modules/auth/known-sources.ts). */
export const loginKnownSources = pgTable(
  'login_known_sources',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sourceHash: text('source_hash').notNull(),
    lastSuccessAt: timestamp('last_success_at', tz).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sourceHash] }), index('login_known_sources_time_idx').on(t.lastSuccessAt)],
);

export const dataSources = pgTable('data_sources', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind', { enum: ['demo', 'manual', 'ecb', 'goldapi'] }).notNull(),
  name: text('name').notNull(),
  instruments: text('instruments').array().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  priority: integer('priority').notNull().default(100),
  config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
  secretEncrypted: text('secret_encrypted'),
  lastSuccessAt: timestamp('last_success_at', tz),
  lastErrorAt: timestamp('last_error_at', tz),
  lastError: text('last_error'),
  lastLatencyMs: integer('last_latency_ms'),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
});

export const marketReadings = pgTable(
  'market_readings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    instrument: text('instrument').notNull(),
    value: numeric('value', { precision: 20, scale: 8 }).notNull(),
    source: text('source').notNull(),
    observedAt: timestamp('observed_at', tz).notNull(),
    fetchedAt: timestamp('fetched_at', tz).notNull().defaultNow(),
  },
  // Latest reading of an instrument from one source, for the jump guard (migration 0041).
  (t) => [
    index('market_readings_instrument_source_time_idx').on(t.instrument, t.source, t.fetchedAt.desc(), t.id.desc()),
  ],
);

export const alloys = pgTable('alloys', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  baseMetal: text('base_metal', { enum: ['gold', 'silver', 'platinum'] }).notNull(),
  fineness: integer('fineness').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/** Supplier stock feeds of an organization (migration 0051): an upload, or a URL fetched on a schedule. */
export const diamondFeeds = pgTable(
  'diamond_feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['upload', 'url'] }).notNull(),
    url: text('url'),
    format: text('format', { enum: ['csv', 'json'] })
      .notNull()
      .default('csv'),
    /** Encrypted by the application before it is stored. */
    credentials: text('credentials'),
    scheduleMinutes: integer('schedule_minutes'),
    preset: text('preset'),
    columnMapping: jsonb('column_mapping').$type<Record<string, string>>(),
    fullFeed: boolean('full_feed').notNull().default(true),
    currency: text('currency').notNull().default('USD'),
    markup: numeric('markup', { precision: 6, scale: 4 }).notNull().default('1'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', tz),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('diamond_feeds_organization_idx').on(t.organizationId, t.name)],
);

export const diamondImportRuns = pgTable(
  'diamond_import_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    feedId: uuid('feed_id')
      .notNull()
      .references(() => diamondFeeds.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['running', 'succeeded', 'failed'] })
      .notNull()
      .default('running'),
    preset: text('preset'),
    /** EUR per 1 unit of the feed's currency, as used for the run's EUR prices. */
    fxRate: numeric('fx_rate', { precision: 18, scale: 8 }),
    startedAt: timestamp('started_at', tz).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', tz),
    /** Stamped at start and by each staged batch; a running run silent for 10 min is abandoned (migration 0054). */
    heartbeatAt: timestamp('heartbeat_at', tz),
    rowsRead: integer('rows_read').notNull().default(0),
    rowsAccepted: integer('rows_accepted').notNull().default(0),
    rowsRejected: integer('rows_rejected').notNull().default(0),
    added: integer('added').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    removed: integer('removed').notNull().default(0),
    error: text('error'),
  },
  (t) => [
    index('diamond_import_runs_feed_idx').on(t.organizationId, t.feedId, t.startedAt),
    uniqueIndex('diamond_import_runs_running_idx')
      .on(t.feedId)
      .where(sql`status = 'running'`),
  ],
);

export const diamondImportRejects = pgTable(
  'diamond_import_rejects',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => diamondImportRuns.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    reason: text('reason').notNull(),
    raw: text('raw'),
  },
  (t) => [primaryKey({ columns: [t.runId, t.rowNumber] })],
);

/** The columns a feed import writes into the catalogue; the staging table holds them per run. */
const diamondFeedColumns = () => ({
  shape: text('shape').notNull(),
  carats: numeric('carats', { precision: 6, scale: 2 }).notNull(),
  color: text('color'),
  clarity: text('clarity').notNull(),
  cut: text('cut'),
  polish: text('polish'),
  symmetry: text('symmetry'),
  fluorescence: text('fluorescence'),
  fluorescenceColor: text('fluorescence_color'),
  lab: text('lab'),
  certificateNumber: text('certificate_number'),
  certificateUrl: text('certificate_url'),
  location: text('location'),
  measurements: text('measurements'),
  lengthMm: numeric('length_mm', { precision: 6, scale: 2 }),
  widthMm: numeric('width_mm', { precision: 6, scale: 2 }),
  depthMm: numeric('depth_mm', { precision: 6, scale: 2 }),
  ratio: numeric('ratio', { precision: 5, scale: 2 }),
  depthPct: numeric('depth_pct', { precision: 5, scale: 2 }),
  tablePct: numeric('table_pct', { precision: 5, scale: 2 }),
  girdle: text('girdle'),
  culet: text('culet'),
  eyeClean: text('eye_clean'),
  milky: text('milky'),
  shade: text('shade'),
  fancyColor: text('fancy_color'),
  fancyIntensity: text('fancy_intensity'),
  fancyOvertone: text('fancy_overtone'),
  growth: text('growth'),
  treatments: text('treatments'),
  totalPrice: numeric('total_price', { precision: 14, scale: 2 }),
  pricePerCarat: numeric('price_per_carat', { precision: 14, scale: 2 }),
  discountPct: numeric('discount_pct', { precision: 7, scale: 2 }),
  cashPrice: numeric('cash_price', { precision: 14, scale: 2 }),
  totalPriceEur: numeric('total_price_eur', { precision: 14, scale: 2 }),
  priceEur: numeric('price_eur', { precision: 14, scale: 2 }),
  sellPriceEur: numeric('sell_price_eur', { precision: 14, scale: 2 }),
  imageUrl: text('image_url'),
  videoUrl: text('video_url'),
  viewer3dUrl: text('viewer3d_url'),
  city: text('city'),
  state: text('state'),
  country: text('country'),
  supplier: text('supplier'),
});

/**
 * The catalogue: installation-wide demo stones (organization_id NULL) and the stones an organization's
 * feeds import (organization_id and feed_id set, one stone per feed and stock number).
 */
export const diamonds = pgTable(
  'diamonds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ref: text('ref').notNull().unique(),
    ...diamondFeedColumns(),
    currency: text('currency').notNull().default('USD'),
    availability: text('availability').notNull().default('available'),
    source: text('source').notNull().default('demo'),
    randomKey: doublePrecision('random_key')
      .notNull()
      .default(sql`random()`),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    feedId: uuid('feed_id').references(() => diamondFeeds.id, { onDelete: 'cascade' }),
    stockNumber: text('stock_number'),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    /** Hash of what the feed said last (null once the stone is marked removed). */
    contentHash: text('content_hash'),
  },
  (t) => [
    uniqueIndex('diamonds_feed_stock_idx')
      .on(t.feedId, t.stockNumber)
      .where(sql`feed_id IS NOT NULL`),
  ],
);

/** Accepted rows of running imports, per run and stock number (unlogged; emptied when the run ends). */
export const diamondImportStaging = pgTable(
  'diamond_import_staging',
  {
    runId: uuid('run_id').notNull(),
    stockNumber: text('stock_number').notNull(),
    rowNumber: integer('row_number').notNull(),
    ...diamondFeedColumns(),
    currency: text('currency').notNull(),
    availability: text('availability').notNull(),
    contentHash: text('content_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.stockNumber] })],
);

export const calibratedPriceRanges = pgTable('calibrated_price_ranges', {
  id: uuid('id').primaryKey().defaultRandom(),
  clarity: text('clarity').notNull(),
  mmMin: numeric('mm_min', { precision: 5, scale: 2 }).notNull(),
  mmMax: numeric('mm_max', { precision: 5, scale: 2 }).notNull(),
  usdPerCt: numeric('usd_per_ct', { precision: 12, scale: 2 }).notNull(),
  effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
  notes: text('notes'),
});

export const logEntries = pgTable('log_entries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  level: text('level', { enum: ['debug', 'info', 'warn', 'error'] }).notNull(),
  source: text('source').notNull(),
  message: text('message').notNull(),
  stack: text('stack'),
  context: jsonb('context').$type<Record<string, unknown>>(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  // Computed by the database (migration 0042): the journal's search (message, source and its French name).
  searchText: text('search_text').generatedAlwaysAs(
    sql`search_key(source || ' ' || CASE source WHEN 'frontend' THEN 'navigateur' WHEN 'server' THEN 'serveur' WHEN 'security' THEN 'securite' ELSE '' END || ' ' || message)`,
  ),
});

export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  action: text('action').notNull(),
  entityType: text('entity_type').notNull(),
  entityId: text('entity_id'),
  changes: jsonb('changes').$type<Record<string, unknown>>(),
  ip: text('ip'),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
});

// ---- Administration (migration 0010) ----

export const userInvitations = pgTable('user_invitations', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', tz).notNull(),
  acceptedAt: timestamp('accepted_at', tz),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
});

export const organizationModules = pgTable(
  'organization_modules',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    module: text('module').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.module] })],
);

export const organizationLogos = pgTable('organization_logos', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  dataBase64: text('data_base64').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
});

// ---- Référentiels: clients, suppliers, stones, production steps (migration 0020) ----

export const clients = pgTable('clients', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['particulier', 'professionnel'] })
    .notNull()
    .default('particulier'),
  status: text('status', { enum: ['client', 'prospect'] })
    .notNull()
    .default('client'),
  civility: text('civility'),
  firstName: text('first_name'),
  lastName: text('last_name').notNull(),
  company: text('company'),
  email: text('email'),
  emailNorm: text('email_norm'),
  phoneMobile: text('phone_mobile'),
  phoneMobileNorm: text('phone_mobile_norm'),
  phoneLandline: text('phone_landline'),
  phoneLandlineNorm: text('phone_landline_norm'),
  addressLine1: text('address_line1'),
  addressLine2: text('address_line2'),
  postalCode: text('postal_code'),
  city: text('city'),
  country: text('country').notNull().default('France'),
  birthDate: date('birth_date', { mode: 'string' }),
  notes: text('notes'),
  tags: text('tags')
    .array()
    .notNull()
    .default(sql`'{}'`),
  marketingConsent: boolean('marketing_consent').notNull().default(false),
  marketingConsentAt: timestamp('marketing_consent_at', tz),
  searchText: text('search_text').notNull().default(''),
  // French sort keys, computed by the database (migration 0031): sorting never evaluates fr_sort_key.
  lastNameSort: text('last_name_sort').generatedAlwaysAs(sql`fr_sort_key(last_name)`),
  firstNameSort: text('first_name_sort').generatedAlwaysAs(sql`fr_sort_key(first_name)`),
  companySort: text('company_sort').generatedAlwaysAs(sql`fr_sort_key(company)`),
  citySort: text('city_sort').generatedAlwaysAs(sql`fr_sort_key(city)`),
  // Folded keys of the tags (migration 0044): the tag filter finds "VIP" for "vip".
  tagsSort: text('tags_sort')
    .array()
    .generatedAlwaysAs(sql`fr_sort_keys(tags)`),
  version: integer('version').notNull().default(1),
  archivedAt: timestamp('archived_at', tz),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
});

/**
 * The tag vocabulary of an organization's clients (migration 0044): one spelling per folded key, which
 * a trigger gives every tag written to `clients.tags` ("vip" is stored as "VIP" once "VIP" exists).
 */
export const clientTags = pgTable(
  'client_tags',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    label: text('label').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.key] })],
);

export const suppliers = pgTable('suppliers', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  type: text('type', {
    enum: [
      'atelier',
      'fondeur',
      'sertisseur',
      'diamantaire',
      'lapidaire',
      'graveur',
      'polisseur',
      'transport',
      'autre',
    ],
  })
    .notNull()
    .default('autre'),
  name: text('name').notNull(),
  contacts: jsonb('contacts')
    .$type<Array<{ name: string; role: string | null; email: string | null; phone: string | null }>>()
    .notNull()
    .default([]),
  email: text('email'),
  phone: text('phone'),
  addressLine1: text('address_line1'),
  addressLine2: text('address_line2'),
  postalCode: text('postal_code'),
  city: text('city'),
  country: text('country').notNull().default('France'),
  specialities: text('specialities')
    .array()
    .notNull()
    .default(sql`'{}'`),
  leadTimeDays: integer('lead_time_days'),
  paymentTerms: text('payment_terms'),
  notes: text('notes'),
  searchText: text('search_text').notNull().default(''),
  version: integer('version').notNull().default(1),
  archivedAt: timestamp('archived_at', tz),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
});

export const stones = pgTable('stones', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  category: text('category', {
    enum: ['pierre_couleur', 'perle', 'lot_melee', 'appret', 'chaine', 'autre'],
  }).notNull(),
  name: text('name').notNull(),
  variety: text('variety'),
  shape: text('shape'),
  sizeMm: numeric('size_mm', { precision: 8, scale: 2 }),
  weight: numeric('weight', { precision: 12, scale: 3 }),
  weightUnit: text('weight_unit', { enum: ['ct', 'g'] })
    .notNull()
    .default('ct'),
  colour: text('colour'),
  quality: text('quality'),
  treatment: text('treatment'),
  origin: text('origin'),
  certificate: text('certificate'),
  unitCost: numeric('unit_cost', { precision: 14, scale: 2 }),
  currency: text('currency', { enum: ['EUR', 'USD'] })
    .notNull()
    .default('EUR'),
  supplierId: uuid('supplier_id').references(() => suppliers.id),
  /** The sum of the stone's stock movements, maintained with each movement (migration 0056). */
  stockQuantity: numeric('stock_quantity', { precision: 12, scale: 3 }).notNull().default('0'),
  stockUnit: text('stock_unit', { enum: ['pc', 'ct'] })
    .notNull()
    .default('pc'),
  lengthMm: numeric('length_mm', { precision: 8, scale: 2 }),
  widthMm: numeric('width_mm', { precision: 8, scale: 2 }),
  heightMm: numeric('height_mm', { precision: 8, scale: 2 }),
  stockLocation: text('stock_location'),
  lowStockThreshold: numeric('low_stock_threshold', { precision: 12, scale: 3 }),
  notes: text('notes'),
  searchText: text('search_text').notNull().default(''),
  version: integer('version').notNull().default(1),
  archivedAt: timestamp('archived_at', tz),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
});

/** Dated, signed stock movements of a stone; `quantity` is signed as it affects stock (migration 0056). */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    stoneId: uuid('stone_id')
      .notNull()
      .references(() => stones.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['in', 'out_work_order', 'return_work_order', 'adjustment', 'sold'] }).notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 3 }).notNull(),
    unit: text('unit', { enum: ['pc', 'ct'] }).notNull(),
    workOrderId: uuid('work_order_id').references((): AnyPgColumn => workOrders.id),
    reason: text('reason'),
    unitCost: numeric('unit_cost', { precision: 14, scale: 2 }),
    currency: text('currency', { enum: ['EUR', 'USD'] }),
    at: timestamp('at', tz).notNull().defaultNow(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull().default(''),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_stone_idx').on(t.stoneId, t.at, t.id),
    index('stock_movements_work_order_idx')
      .on(t.workOrderId)
      .where(sql`work_order_id IS NOT NULL`),
  ],
);

export const productionSteps = pgTable('production_steps', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  code: text('code').notNull(),
  description: text('description'),
  defaultDurationMinutes: integer('default_duration_minutes').notNull().default(0),
  hourlyRate: numeric('hourly_rate', { precision: 10, scale: 2 }),
  mode: text('mode', { enum: ['internal', 'subcontracted'] })
    .notNull()
    .default('internal'),
  supplierId: uuid('supplier_id').references(() => suppliers.id),
  position: integer('position').notNull().default(0),
  searchText: text('search_text').notNull().default(''),
  version: integer('version').notNull().default(1),
  archivedAt: timestamp('archived_at', tz),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
});

/** Raised by triggers on every change of an organization's rows of a référentiel table (migration 0032). */
export const listVersions = pgTable(
  'list_versions',
  {
    organizationId: uuid('organization_id').notNull(),
    tableName: text('table_name').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.tableName] })],
);

// ---- Product sheets (migration 0030) ----

/** bytea as a Buffer on both drivers (PGlite answers Uint8Array, node-postgres Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const products = pgTable('products', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  category: text('category', {
    enum: ['bague', 'alliance', 'bracelet', 'collier', 'pendentif', 'boucles_oreilles', 'broche', 'montre', 'autre'],
  }).notNull(),
  description: text('description').notNull().default(''),
  /** One coefficient per group of lines (0043, ADR 0003). */
  coefficientMetal: numeric('coefficient_metal', { precision: 8, scale: 3 }).notNull(),
  coefficientStones: numeric('coefficient_stones', { precision: 8, scale: 3 }).notNull(),
  coefficientLabour: numeric('coefficient_labour', { precision: 8, scale: 3 }).notNull(),
  /** Archived like the référentiels (migration 0042): null = active. */
  archivedAt: timestamp('archived_at', tz),
  version: integer('version').notNull().default(1),
  searchText: text('search_text').notNull().default(''),
  /** French sort key of the name, computed by the database (migration 0042). */
  nameSort: text('name_sort').generatedAlwaysAs(sql`fr_sort_key(name)`),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
});

export const productComponents = pgTable('product_components', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  productId: uuid('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  kind: text('kind', { enum: ['metal', 'stone', 'melee', 'labour', 'other'] }).notNull(),
  label: text('label'),
  alloyId: uuid('alloy_id').references(() => alloys.id),
  weightG: numeric('weight_g', { precision: 12, scale: 3 }),
  lossPct: numeric('loss_pct', { precision: 5, scale: 2 }),
  stoneId: uuid('stone_id'),
  quantity: integer('quantity'),
  mm: numeric('mm', { precision: 5, scale: 2 }),
  clarity: text('clarity'),
  productionStepId: uuid('production_step_id'),
  minutes: numeric('minutes', { precision: 10, scale: 2 }),
  hourlyRate: numeric('hourly_rate', { precision: 10, scale: 2 }),
  amount: numeric('amount', { precision: 14, scale: 2 }),
});

export const productPhotos = pgTable('product_photos', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  productId: uuid('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  filename: text('filename').notNull(),
  contentType: text('content_type', { enum: ['image/jpeg', 'image/png', 'image/webp'] }).notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  sha256: text('sha256').notNull(),
  data: bytea('data').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
});

export const productPriceSnapshots = pgTable('product_price_snapshots', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  productId: uuid('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  label: text('label'),
  takenAt: timestamp('taken_at', tz).notNull().defaultNow(),
  takenBy: uuid('taken_by').references(() => users.id, { onDelete: 'set null' }),
  productVersion: integer('product_version').notNull(),
  market: jsonb('market').$type<Record<string, unknown>>().notNull(),
  pricing: jsonb('pricing').$type<Record<string, unknown>>().notNull(),
  totalCost: numeric('total_cost', { precision: 14, scale: 2 }).notNull(),
  salePrice: numeric('sale_price', { precision: 14, scale: 2 }).notNull(),
  complete: boolean('complete').notNull(),
});

// ---- Projects (migration 0046) ----

export const projects = pgTable('projects', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  clientId: uuid('client_id')
    .notNull()
    .references(() => clients.id),
  title: text('title').notNull(),
  description: text('description'),
  budget: numeric('budget', { precision: 12, scale: 2 }),
  dueDate: date('due_date', { mode: 'string' }),
  status: text('status', { enum: PROJECT_STATUSES }).notNull().default('idee'),
  searchText: text('search_text').notNull().default(''),
  titleSort: text('title_sort').generatedAlwaysAs(sql`fr_sort_key(title)`),
  version: integer('version').notNull().default(1),
  archivedAt: timestamp('archived_at', tz),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
});

export const projectEvents = pgTable(
  'project_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    at: timestamp('at', tz).notNull().defaultNow(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name'),
    kind: text('kind', { enum: ['created', 'status', 'note', 'photo'] }).notNull(),
    fromStatus: text('from_status', { enum: PROJECT_STATUSES }),
    toStatus: text('to_status', { enum: PROJECT_STATUSES }),
    text: text('text'),
  },
  (t) => [index('project_events_project_idx').on(t.projectId, t.at, t.id)],
);

export const projectPhotos = pgTable('project_photos', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  projectId: uuid('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  filename: text('filename').notNull(),
  contentType: text('content_type', { enum: ['image/jpeg', 'image/png', 'image/webp'] }).notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  sha256: text('sha256').notNull(),
  data: bytea('data').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
});

// ---- Quotes (migration 0047) ----

/** Gapless document numbers per organization, kind ('quote'...) and year. */
export const documentCounters = pgTable(
  'document_counters',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    year: integer('year').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.kind, t.year] })],
);

export const quotes = pgTable('quotes', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  number: text('number'),
  numberYear: integer('number_year'),
  numberSeq: integer('number_seq'),
  status: text('status', { enum: ['draft', 'sent', 'accepted', 'refused'] })
    .notNull()
    .default('draft'),
  clientId: uuid('client_id').references(() => clients.id),
  projectId: uuid('project_id'),
  title: text('title').notNull().default(''),
  notes: text('notes').notNull().default(''),
  paymentTerms: text('payment_terms').notNull().default(''),
  deliveryTerms: text('delivery_terms').notNull().default(''),
  validityDays: integer('validity_days').notNull(),
  isFree: boolean('is_free').notNull().default(true),
  quoteFee: numeric('quote_fee', { precision: 12, scale: 2 }),
  lines: jsonb('lines').notNull().default([]),
  lineCount: integer('line_count').notNull().default(0),
  price: jsonb('price'),
  totalCost: numeric('total_cost', { precision: 14, scale: 2 }).notNull().default('0'),
  totalExclVat: numeric('total_excl_vat', { precision: 14, scale: 2 }).notNull().default('0'),
  totalVat: numeric('total_vat', { precision: 14, scale: 2 }).notNull().default('0'),
  totalInclVat: numeric('total_incl_vat', { precision: 14, scale: 2 }).notNull().default('0'),
  issuedOn: date('issued_on', { mode: 'string' }),
  validUntil: date('valid_until', { mode: 'string' }),
  sentAt: timestamp('sent_at', tz),
  sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
  decidedAt: timestamp('decided_at', tz),
  decidedVia: text('decided_via', { enum: ['staff', 'share-link'] }),
  decidedAddress: text('decided_address'),
  revisionOf: uuid('revision_of'),
  rootId: uuid('root_id'),
  revisionIndex: integer('revision_index'),
  shareTokenHash: text('share_token_hash'),
  shareCreatedAt: timestamp('share_created_at', tz),
  clientName: text('client_name'),
  searchText: text('search_text').notNull().default(''),
  archivedAt: timestamp('archived_at', tz),
  version: integer('version').notNull().default(1),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
});

export const quoteEvents = pgTable('quote_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  quoteId: uuid('quote_id')
    .notNull()
    .references(() => quotes.id, { onDelete: 'cascade' }),
  at: timestamp('at', tz).notNull().defaultNow(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  actor: text('actor').notNull(),
  action: text('action').notNull(),
  fromStatus: text('from_status'),
  toStatus: text('to_status'),
  details: jsonb('details'),
});

/** Gold bought from private persons (migration 0049, server/modules/gold-buys). */
export const goldBuys = pgTable('gold_buys', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  number: text('number'),
  numberYear: integer('number_year'),
  numberSeq: integer('number_seq'),
  status: text('status', { enum: ['draft', 'validated', 'paid', 'melted', 'resold', 'withdrawn', 'corrected'] })
    .notNull()
    .default('draft'),
  sellerClientId: uuid('seller_client_id').references(() => clients.id),
  seller: jsonb('seller').notNull().default({}),
  sellerName: text('seller_name'),
  items: jsonb('items').notNull().default([]),
  itemCount: integer('item_count').notNull().default(0),
  netWeightG: numeric('net_weight_g', { precision: 12, scale: 3 }).notNull().default('0'),
  market: jsonb('market'),
  buybackFactor: numeric('buyback_factor', { precision: 6, scale: 4 }).notNull(),
  taxRegime: text('tax_regime', { enum: ['flat', 'capital-gains'] })
    .notNull()
    .default('flat'),
  vatRegistered: boolean('vat_registered').notNull().default(true),
  tax: jsonb('tax'),
  total: numeric('total', { precision: 14, scale: 2 }).notNull().default('0'),
  taxWithheld: numeric('tax_withheld', { precision: 14, scale: 2 }).notNull().default('0'),
  netPaid: numeric('net_paid', { precision: 14, scale: 2 }).notNull().default('0'),
  paymentMethod: text('payment_method', { enum: ['transfer', 'cheque'] }),
  iban: text('iban'),
  chequeNumber: text('cheque_number'),
  amlVigilance: boolean('aml_vigilance').notNull().default(false),
  signedAt: timestamp('signed_at', tz),
  signedPlace: text('signed_place'),
  withdrawalDeadline: timestamp('withdrawal_deadline', tz),
  paidAt: timestamp('paid_at', tz),
  withdrawnAt: timestamp('withdrawn_at', tz),
  disposedAt: timestamp('disposed_at', tz),
  withdrawalRepayment: numeric('withdrawal_repayment', { precision: 14, scale: 2 }),
  withdrawalRepaidAt: timestamp('withdrawal_repaid_at', tz),
  correctionOf: uuid('correction_of').references((): AnyPgColumn => goldBuys.id),
  notes: text('notes').notNull().default(''),
  searchText: text('search_text').notNull().default(''),
  archivedAt: timestamp('archived_at', tz),
  version: integer('version').notNull().default(1),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  validatedBy: uuid('validated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
});

/** The columns of a photo owned by a gold buy (item photos, identity-document scans; migration 0050). */
const goldBuyImageColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  goldBuyId: uuid('gold_buy_id')
    .notNull()
    .references(() => goldBuys.id),
  position: integer('position').notNull(),
  filename: text('filename').notNull(),
  contentType: text('content_type', { enum: ['image/jpeg', 'image/png', 'image/webp'] }).notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  sha256: text('sha256').notNull(),
  data: bytea('data').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
});

export const goldBuyPhotos = pgTable('gold_buy_photos', goldBuyImageColumns());
export const goldBuyIdentityScans = pgTable('gold_buy_identity_scans', goldBuyImageColumns());

export const goldBuyEvents = pgTable('gold_buy_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  goldBuyId: uuid('gold_buy_id')
    .notNull()
    .references(() => goldBuys.id, { onDelete: 'cascade' }),
  at: timestamp('at', tz).notNull().defaultNow(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  actor: text('actor').notNull(),
  action: text('action').notNull(),
  fromStatus: text('from_status'),
  toStatus: text('to_status'),
  details: jsonb('details'),
});

/** The police register ("livre de police"): append-only, enforced by the database (migration 0049). */
export const policeRegister = pgTable('police_register', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id),
  number: integer('number').notNull(),
  entryAt: timestamp('entry_at', tz).notNull(),
  direction: text('direction', { enum: ['in', 'out'] }).notNull(),
  goldBuyId: uuid('gold_buy_id')
    .notNull()
    .references(() => goldBuys.id),
  goldBuyNumber: text('gold_buy_number').notNull(),
  itemIndex: integer('item_index').notNull(),
  refersTo: bigint('refers_to', { mode: 'number' }).references((): AnyPgColumn => policeRegister.id),
  destination: text('destination', { enum: ['melted', 'resold', 'returned', 'corrected'] }),
  description: text('description').notNull(),
  metal: text('metal').notNull(),
  fineness: integer('fineness').notNull(),
  weightG: numeric('weight_g', { precision: 12, scale: 3 }).notNull(),
  price: numeric('price', { precision: 14, scale: 2 }),
  origin: text('origin').notNull(),
  sellerIdentity: text('seller_identity').notNull(),
  sellerDocument: text('seller_document').notNull(),
  recordedBy: uuid('recorded_by').references(() => users.id),
  recordedByName: text('recorded_by_name').notNull(),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
});

/** Work orders (migration 0055): the order, its ordered steps, its metal movements. */
export const workOrders = pgTable('work_orders', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  number: text('number').notNull(),
  numberYear: integer('number_year').notNull(),
  numberSeq: integer('number_seq').notNull(),
  title: text('title').notNull(),
  description: text('description'),
  clientId: uuid('client_id').references(() => clients.id),
  projectId: uuid('project_id').references(() => projects.id),
  quoteId: uuid('quote_id').references(() => quotes.id),
  lines: jsonb('lines').notNull().default([]),
  dueDate: date('due_date', { mode: 'string' }),
  priority: text('priority', { enum: WORK_ORDER_PRIORITIES }).notNull().default('normale'),
  status: text('status', { enum: WORK_ORDER_STATUSES }).notNull().default('a_faire'),
  currentStepId: uuid('current_step_id'),
  currentProductionStepId: uuid('current_production_step_id'),
  stepCount: integer('step_count').notNull().default(0),
  stepsDone: integer('steps_done').notNull().default(0),
  completedAt: timestamp('completed_at', tz),
  searchText: text('search_text').notNull().default(''),
  version: integer('version').notNull().default(1),
  archivedAt: timestamp('archived_at', tz),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
});

export const workOrderSteps = pgTable('work_order_steps', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  workOrderId: uuid('work_order_id')
    .notNull()
    .references(() => workOrders.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  productionStepId: uuid('production_step_id')
    .notNull()
    .references(() => productionSteps.id),
  name: text('name').notNull(),
  status: text('status', { enum: WORK_ORDER_STATUSES }).notNull().default('a_faire'),
  assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
  supplierId: uuid('supplier_id').references(() => suppliers.id),
  sentOn: date('sent_on', { mode: 'string' }),
  returnedOn: date('returned_on', { mode: 'string' }),
  pricePerPiece: numeric('price_per_piece', { precision: 12, scale: 2 }),
  plannedMinutes: integer('planned_minutes'),
  actualMinutes: integer('actual_minutes'),
  startedOutOfOrder: boolean('started_out_of_order').notNull().default(false),
  startedAt: timestamp('started_at', tz),
  finishedAt: timestamp('finished_at', tz),
  note: text('note'),
});

export const workOrderMetalMovements = pgTable('work_order_metal_movements', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  workOrderId: uuid('work_order_id')
    .notNull()
    .references(() => workOrders.id, { onDelete: 'cascade' }),
  alloyId: uuid('alloy_id')
    .notNull()
    .references(() => alloys.id),
  kind: text('kind', { enum: ['issue', 'return'] }).notNull(),
  weightG: numeric('weight_g', { precision: 10, scale: 3 }).notNull(),
  pieceG: numeric('piece_g', { precision: 10, scale: 3 }),
  filingsG: numeric('filings_g', { precision: 10, scale: 3 }),
  scrapG: numeric('scrap_g', { precision: 10, scale: 3 }),
  supplierId: uuid('supplier_id').references(() => suppliers.id),
  note: text('note'),
  at: timestamp('at', tz).notNull().defaultNow(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  userName: text('user_name').notNull().default(''),
});
