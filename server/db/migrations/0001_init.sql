-- Foundation schema: organizations, users, sessions, market data, diamonds, calibrated prices, client logs.

CREATE TABLE organizations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  slug text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  username text NOT NULL,
  email text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  role text NOT NULL CHECK (role IN ('superadmin', 'admin', 'manager', 'sales', 'production')),
  password_hash text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  last_login_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_lower_idx ON users (lower(username));
CREATE INDEX users_organization_idx ON users (organization_id);

-- Sessions: the cookie holds an opaque random id; only its SHA-256 is stored.
-- user_id is null for an anonymous pre-login session that only carries a CSRF token.
CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  user_id uuid REFERENCES users(id) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ip text,
  user_agent text
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);

-- Failed sign-in throttling, shared by every app node (key = 'user:<name>' or 'ip:<addr>').
CREATE TABLE login_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  window_started_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz
);

-- Market data providers (brief §3). Secrets are stored encrypted, never sent back in full.
CREATE TABLE data_sources (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('demo', 'manual', 'ecb', 'goldapi')),
  name text NOT NULL,
  instruments text[] NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  priority integer NOT NULL DEFAULT 100,
  config jsonb NOT NULL DEFAULT '{}'::jsonb,
  secret_encrypted text,
  last_success_at timestamptz,
  last_error_at timestamptz,
  last_error text,
  last_latency_ms integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every reading ever taken (history for charts). Instruments: XAU, XAG, XPT (EUR per gram), USD/EUR, ILS/EUR.
CREATE TABLE market_readings (
  id bigserial PRIMARY KEY,
  instrument text NOT NULL,
  value numeric(20, 8) NOT NULL CHECK (value > 0),
  source text NOT NULL,
  observed_at timestamptz NOT NULL,
  fetched_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX market_readings_instrument_time_idx ON market_readings (instrument, fetched_at DESC);

CREATE TABLE alloys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL UNIQUE,
  name text NOT NULL,
  base_metal text NOT NULL CHECK (base_metal IN ('gold', 'silver', 'platinum')),
  fineness integer NOT NULL CHECK (fineness > 0 AND fineness <= 1000),
  sort_order integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true
);

-- Diamond catalogue, shared by the installation (fed by supplier feeds or the demo generator).
-- random_key is a uniform random number in [0,1) indexed with carats so a random sample never scans the table.
CREATE TABLE diamonds (
  id bigserial PRIMARY KEY,
  ref text NOT NULL UNIQUE,
  shape text NOT NULL,
  carats numeric(6, 2) NOT NULL CHECK (carats > 0),
  color text NOT NULL,
  clarity text NOT NULL,
  cut text,
  polish text,
  symmetry text,
  fluorescence text,
  lab text,
  certificate_number text,
  location text,
  measurements text,
  depth_pct numeric(5, 2),
  table_pct numeric(5, 2),
  total_price numeric(14, 2),
  price_per_carat numeric(14, 2),
  currency text NOT NULL DEFAULT 'USD',
  total_price_eur numeric(14, 2),
  price_eur numeric(14, 2),
  availability text NOT NULL DEFAULT 'available',
  image_url text,
  video_url text,
  supplier text,
  source text NOT NULL DEFAULT 'demo',
  random_key double precision NOT NULL DEFAULT random(),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX diamonds_random_idx ON diamonds (random_key);
CREATE INDEX diamonds_carats_random_idx ON diamonds (carats, random_key);

-- Calibrated (melee) prices per clarity and diameter range, USD per carat.
CREATE TABLE calibrated_price_ranges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  clarity text NOT NULL,
  mm_min numeric(5, 2) NOT NULL,
  mm_max numeric(5, 2) NOT NULL,
  usd_per_ct numeric(12, 2) NOT NULL CHECK (usd_per_ct >= 0),
  effective_date date NOT NULL,
  notes text,
  CHECK (mm_min <= mm_max)
);
CREATE INDEX calibrated_price_ranges_lookup_idx ON calibrated_price_ranges (clarity, mm_min, mm_max);

-- Client (browser) and server error journal entries.
CREATE TABLE log_entries (
  id bigserial PRIMARY KEY,
  organization_id uuid REFERENCES organizations(id) ON DELETE CASCADE,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  level text NOT NULL CHECK (level IN ('debug', 'info', 'warn', 'error')),
  source text NOT NULL,
  message text NOT NULL,
  stack text,
  context jsonb,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX log_entries_org_time_idx ON log_entries (organization_id, created_at DESC);
