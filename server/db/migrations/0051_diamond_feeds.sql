-- Supplier stock feeds of an organization and their import runs. A feed is a CSV/TSV upload or a URL fetched
-- on a schedule; each import run streams the file into diamond_import_staging in short batches, then ONE
-- transaction merges the staged rows into the catalogue (insert new, update changed, mark the stones a full
-- feed no longer lists as not available). A failed run deletes its staging rows: the catalogue is untouched.
CREATE TABLE diamond_feeds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('upload', 'url')),
  url text,
  format text NOT NULL DEFAULT 'csv' CHECK (format IN ('csv', 'json')),
  -- Encrypted by the application before it is stored.
  credentials text,
  schedule_minutes integer CHECK (schedule_minutes IS NULL OR schedule_minutes > 0),
  preset text,
  column_mapping jsonb,
  full_feed boolean NOT NULL DEFAULT true,
  currency text NOT NULL DEFAULT 'USD',
  markup numeric(6, 4) NOT NULL DEFAULT 1 CHECK (markup > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  archived_at timestamptz,
  version integer NOT NULL DEFAULT 1
);
CREATE INDEX diamond_feeds_organization_idx ON diamond_feeds (organization_id, name);

CREATE TABLE diamond_import_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  feed_id uuid NOT NULL REFERENCES diamond_feeds(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'succeeded', 'failed')),
  preset text,
  -- The rate used for the EUR prices: EUR per 1 unit of the feed's currency.
  fx_rate numeric(18, 8),
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  rows_read integer NOT NULL DEFAULT 0,
  rows_accepted integer NOT NULL DEFAULT 0,
  rows_rejected integer NOT NULL DEFAULT 0,
  added integer NOT NULL DEFAULT 0,
  updated integer NOT NULL DEFAULT 0,
  unchanged integer NOT NULL DEFAULT 0,
  removed integer NOT NULL DEFAULT 0,
  error text
);
CREATE INDEX diamond_import_runs_feed_idx ON diamond_import_runs (organization_id, feed_id, started_at);

-- Rows a run did not accept, with the file's line number and the reason (French, for the admin).
CREATE TABLE diamond_import_rejects (
  run_id uuid NOT NULL REFERENCES diamond_import_runs(id) ON DELETE CASCADE,
  row_number integer NOT NULL,
  reason text NOT NULL,
  raw text,
  PRIMARY KEY (run_id, row_number)
);

-- The accepted rows of running imports (one row per stock number and run), emptied when the run ends.
-- Unlogged: nothing here must survive a crash, and the writes skip the WAL.
CREATE UNLOGGED TABLE diamond_import_staging (
  run_id uuid NOT NULL,
  stock_number text NOT NULL,
  row_number integer NOT NULL,
  shape text NOT NULL,
  carats numeric(6, 2) NOT NULL,
  color text,
  clarity text NOT NULL,
  cut text,
  polish text,
  symmetry text,
  fluorescence text,
  fluorescence_color text,
  lab text,
  certificate_number text,
  certificate_url text,
  location text,
  measurements text,
  length_mm numeric(6, 2),
  width_mm numeric(6, 2),
  depth_mm numeric(6, 2),
  ratio numeric(5, 2),
  depth_pct numeric(5, 2),
  table_pct numeric(5, 2),
  girdle text,
  culet text,
  eye_clean text,
  milky text,
  shade text,
  fancy_color text,
  fancy_intensity text,
  fancy_overtone text,
  growth text,
  treatments text,
  total_price numeric(14, 2),
  price_per_carat numeric(14, 2),
  discount_pct numeric(7, 2),
  cash_price numeric(14, 2),
  currency text NOT NULL,
  total_price_eur numeric(14, 2),
  price_eur numeric(14, 2),
  sell_price_eur numeric(14, 2),
  availability text NOT NULL,
  image_url text,
  video_url text,
  viewer3d_url text,
  city text,
  state text,
  country text,
  supplier text,
  content_hash text NOT NULL,
  PRIMARY KEY (run_id, stock_number)
);

-- The catalogue holds imported stones beside the installation-wide demo stones (organization_id NULL).
-- Fancy-coloured stones have no D-Z colour: color becomes optional, but a stone has one or a fancy colour.
ALTER TABLE diamonds ADD COLUMN organization_id uuid REFERENCES organizations(id) ON DELETE CASCADE;
ALTER TABLE diamonds ADD COLUMN feed_id uuid REFERENCES diamond_feeds(id) ON DELETE CASCADE;
ALTER TABLE diamonds ADD COLUMN stock_number text;
ALTER TABLE diamonds ALTER COLUMN color DROP NOT NULL;
ALTER TABLE diamonds ADD COLUMN fancy_color text;
ALTER TABLE diamonds ADD COLUMN fancy_intensity text;
ALTER TABLE diamonds ADD COLUMN fancy_overtone text;
ALTER TABLE diamonds ADD CONSTRAINT diamonds_color_or_fancy CHECK (color IS NOT NULL OR fancy_color IS NOT NULL);
ALTER TABLE diamonds ADD COLUMN growth text
  CHECK (growth IS NULL OR growth IN ('natural', 'lab-grown', 'lab-grown-cvd', 'lab-grown-hpht'));
ALTER TABLE diamonds ADD COLUMN treatments text;
ALTER TABLE diamonds ADD COLUMN certificate_url text;
ALTER TABLE diamonds ADD COLUMN length_mm numeric(6, 2);
ALTER TABLE diamonds ADD COLUMN width_mm numeric(6, 2);
ALTER TABLE diamonds ADD COLUMN depth_mm numeric(6, 2);
ALTER TABLE diamonds ADD COLUMN ratio numeric(5, 2);
ALTER TABLE diamonds ADD COLUMN girdle text;
ALTER TABLE diamonds ADD COLUMN culet text;
ALTER TABLE diamonds ADD COLUMN eye_clean text;
ALTER TABLE diamonds ADD COLUMN milky text;
ALTER TABLE diamonds ADD COLUMN shade text;
ALTER TABLE diamonds ADD COLUMN fluorescence_color text;
ALTER TABLE diamonds ADD COLUMN discount_pct numeric(7, 2);
ALTER TABLE diamonds ADD COLUMN cash_price numeric(14, 2);
ALTER TABLE diamonds ADD COLUMN city text;
ALTER TABLE diamonds ADD COLUMN state text;
ALTER TABLE diamonds ADD COLUMN country text;
ALTER TABLE diamonds ADD COLUMN viewer3d_url text;
ALTER TABLE diamonds ADD COLUMN sell_price_eur numeric(14, 2);
ALTER TABLE diamonds ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE diamonds ADD COLUMN content_hash text;
-- A feed's stones by stock number: the merge's conflict target and the full feed's removal scan.
CREATE UNIQUE INDEX diamonds_feed_stock_idx ON diamonds (feed_id, stock_number) WHERE feed_id IS NOT NULL;

-- Who sees a stone: every organization sees the installation-wide stones (organization_id NULL) and its own
-- imported ones. The sampling indexes of 0002 carry organization_id, so the dashboard's random draw, scoped to
-- the reader's organization, stays an index-only scan (bench/random6-explain.ts).
DROP INDEX IF EXISTS diamonds_available_random_idx;
DROP INDEX IF EXISTS diamonds_available_carats_random_idx;
CREATE INDEX diamonds_available_random_idx ON diamonds (random_key) INCLUDE (carats, id, organization_id)
  WHERE availability = 'available';
CREATE INDEX diamonds_available_carats_random_idx ON diamonds (carats, random_key) INCLUDE (id, organization_id)
  WHERE availability = 'available';
