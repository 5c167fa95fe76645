-- Référentiels (issue 4): clients, suppliers, stones & components, production steps.
-- Every table: organization-scoped, `search_text` (lowercased, accent-stripped searchable fields,
-- maintained by the application on write), `version` (optimistic concurrency), `archived_at` (archive
-- instead of delete: quotes, work orders and products refer to these records).

-- Trigram indexes make `search_text LIKE '%…%'` fast on large lists. Optional: where the extension is
-- not available (or not allowed), the lists still work, with a sequential scan.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm unavailable: list search without trigram index';
END
$$;

-- Sort key for French text: accents folded, case folded, the same on every collation (PGlite uses "C",
-- where "Éric" would sort after "Zoé"). IMMUTABLE so that indexes can use it.
CREATE FUNCTION fr_sort_key(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $fn$
  SELECT lower(translate(value,
    'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿŒœÆæ',
    'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOoooooUUUUuuuuYyyOoAa'))
$fn$;

CREATE TABLE clients (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  kind text NOT NULL DEFAULT 'particulier' CHECK (kind IN ('particulier', 'professionnel')),
  status text NOT NULL DEFAULT 'client' CHECK (status IN ('client', 'prospect')),
  civility text,
  first_name text,
  last_name text NOT NULL,
  company text,
  email text,
  email_norm text,
  phone_mobile text,
  phone_mobile_norm text,
  phone_landline text,
  phone_landline_norm text,
  address_line1 text,
  address_line2 text,
  postal_code text,
  city text,
  country text NOT NULL DEFAULT 'France',
  birth_date date,
  notes text,
  tags text[] NOT NULL DEFAULT '{}',
  marketing_consent boolean NOT NULL DEFAULT false,
  marketing_consent_at timestamptz,
  search_text text NOT NULL DEFAULT '',
  version integer NOT NULL DEFAULT 1,
  archived_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX clients_org_name_idx ON clients (organization_id, fr_sort_key(last_name), id) WHERE archived_at IS NULL;
CREATE INDEX clients_org_created_idx ON clients (organization_id, created_at, id);
CREATE INDEX clients_org_email_idx ON clients (organization_id, email_norm) WHERE email_norm IS NOT NULL;
CREATE INDEX clients_org_mobile_idx ON clients (organization_id, phone_mobile_norm) WHERE phone_mobile_norm IS NOT NULL;
CREATE INDEX clients_org_landline_idx ON clients (organization_id, phone_landline_norm)
  WHERE phone_landline_norm IS NOT NULL;
CREATE INDEX clients_tags_idx ON clients USING gin (tags);

CREATE TABLE suppliers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  type text NOT NULL DEFAULT 'autre' CHECK (
    type IN ('atelier', 'fondeur', 'sertisseur', 'diamantaire', 'lapidaire', 'graveur', 'polisseur', 'transport', 'autre')
  ),
  name text NOT NULL,
  contacts jsonb NOT NULL DEFAULT '[]',
  email text,
  phone text,
  address_line1 text,
  address_line2 text,
  postal_code text,
  city text,
  country text NOT NULL DEFAULT 'France',
  specialities text[] NOT NULL DEFAULT '{}',
  lead_time_days integer CHECK (lead_time_days IS NULL OR lead_time_days >= 0),
  payment_terms text,
  notes text,
  search_text text NOT NULL DEFAULT '',
  version integer NOT NULL DEFAULT 1,
  archived_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX suppliers_org_name_idx ON suppliers (organization_id, fr_sort_key(name), id);

CREATE TABLE stones (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  category text NOT NULL CHECK (category IN ('pierre_couleur', 'perle', 'lot_melee', 'appret', 'chaine', 'autre')),
  name text NOT NULL,
  variety text,
  shape text,
  size_mm numeric(8, 2),
  weight numeric(12, 3),
  weight_unit text NOT NULL DEFAULT 'ct' CHECK (weight_unit IN ('ct', 'g')),
  colour text,
  quality text,
  treatment text,
  origin text,
  certificate text,
  unit_cost numeric(14, 2),
  currency text NOT NULL DEFAULT 'EUR' CHECK (currency IN ('EUR', 'USD')),
  supplier_id uuid REFERENCES suppliers(id),
  stock_quantity integer NOT NULL DEFAULT 0 CHECK (stock_quantity >= 0),
  stock_location text,
  low_stock_threshold integer CHECK (low_stock_threshold IS NULL OR low_stock_threshold >= 0),
  notes text,
  search_text text NOT NULL DEFAULT '',
  version integer NOT NULL DEFAULT 1,
  archived_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stones_org_name_idx ON stones (organization_id, fr_sort_key(name), id);
CREATE INDEX stones_supplier_idx ON stones (supplier_id) WHERE supplier_id IS NOT NULL;

CREATE TABLE production_steps (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  name text NOT NULL,
  code text NOT NULL,
  description text,
  default_duration_minutes integer NOT NULL DEFAULT 0 CHECK (default_duration_minutes >= 0),
  hourly_rate numeric(10, 2),
  mode text NOT NULL DEFAULT 'internal' CHECK (mode IN ('internal', 'subcontracted')),
  supplier_id uuid REFERENCES suppliers(id),
  position integer NOT NULL DEFAULT 0,
  search_text text NOT NULL DEFAULT '',
  version integer NOT NULL DEFAULT 1,
  archived_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX production_steps_org_position_idx ON production_steps (organization_id, position, id);
CREATE UNIQUE INDEX production_steps_org_code_key ON production_steps (organization_id, code) WHERE archived_at IS NULL;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX clients_search_trgm_idx ON clients USING gin (search_text gin_trgm_ops)';
    EXECUTE 'CREATE INDEX suppliers_search_trgm_idx ON suppliers USING gin (search_text gin_trgm_ops)';
    EXECUTE 'CREATE INDEX stones_search_trgm_idx ON stones USING gin (search_text gin_trgm_ops)';
  END IF;
END
$$;
