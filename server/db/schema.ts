/**
 * Drizzle table definitions. They mirror server/db/migrations/*.sql, which are the
 * source of truth for the database; change both together.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
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
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
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
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
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

export const marketReadings = pgTable('market_readings', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  instrument: text('instrument').notNull(),
  value: numeric('value', { precision: 20, scale: 8 }).notNull(),
  source: text('source').notNull(),
  observedAt: timestamp('observed_at', tz).notNull(),
  fetchedAt: timestamp('fetched_at', tz).notNull().defaultNow(),
});

export const alloys = pgTable('alloys', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  baseMetal: text('base_metal', { enum: ['gold', 'silver', 'platinum'] }).notNull(),
  fineness: integer('fineness').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export const diamonds = pgTable('diamonds', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  ref: text('ref').notNull().unique(),
  shape: text('shape').notNull(),
  carats: numeric('carats', { precision: 6, scale: 2 }).notNull(),
  color: text('color').notNull(),
  clarity: text('clarity').notNull(),
  cut: text('cut'),
  polish: text('polish'),
  symmetry: text('symmetry'),
  fluorescence: text('fluorescence'),
  lab: text('lab'),
  certificateNumber: text('certificate_number'),
  location: text('location'),
  measurements: text('measurements'),
  depthPct: numeric('depth_pct', { precision: 5, scale: 2 }),
  tablePct: numeric('table_pct', { precision: 5, scale: 2 }),
  totalPrice: numeric('total_price', { precision: 14, scale: 2 }),
  pricePerCarat: numeric('price_per_carat', { precision: 14, scale: 2 }),
  currency: text('currency').notNull().default('USD'),
  totalPriceEur: numeric('total_price_eur', { precision: 14, scale: 2 }),
  priceEur: numeric('price_eur', { precision: 14, scale: 2 }),
  availability: text('availability').notNull().default('available'),
  imageUrl: text('image_url'),
  videoUrl: text('video_url'),
  supplier: text('supplier'),
  source: text('source').notNull().default('demo'),
  randomKey: doublePrecision('random_key')
    .notNull()
    .default(sql`random()`),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
});

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
});
