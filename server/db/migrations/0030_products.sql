-- Product sheets (issue 4, "Fiches produits"): products, their composition lines, photos and price snapshots.
-- Every table is organization-scoped; every query filters by organization_id.

CREATE TABLE products (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  name text NOT NULL,
  slug text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 80),
  category text NOT NULL CHECK (category IN ('bague', 'alliance', 'bracelet', 'collier', 'pendentif',
    'boucles_oreilles', 'broche', 'montre', 'autre')),
  description text NOT NULL DEFAULT '',
  coefficient numeric(8, 3) NOT NULL DEFAULT 2.5 CHECK (coefficient > 0),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'archived')),
  version integer NOT NULL DEFAULT 1,
  -- lower-case, accent-free "name slug category description" for search
  search_text text NOT NULL DEFAULT '',
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX products_org_slug_idx ON products (organization_id, slug);
CREATE INDEX products_org_status_name_idx ON products (organization_id, status, name);

-- Composition lines. Which columns are set depends on kind:
-- metal (alloy_id, weight_g, loss_pct), stone (stone_id, quantity), melee (mm, clarity, quantity),
-- labour (production_step_id, minutes, hourly_rate override), other (label, amount EUR).
-- stone_id / production_step_id point to the stones and production_steps référentiels; the
-- application checks that they belong to the same organization.
CREATE TABLE product_components (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  position integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('metal', 'stone', 'melee', 'labour', 'other')),
  label text,
  alloy_id uuid REFERENCES alloys(id),
  weight_g numeric(12, 3),
  loss_pct numeric(5, 2),
  stone_id uuid,
  quantity integer,
  mm numeric(5, 2),
  clarity text,
  production_step_id uuid,
  minutes numeric(10, 2),
  hourly_rate numeric(10, 2),
  amount numeric(14, 2),
  CHECK (kind <> 'metal' OR (alloy_id IS NOT NULL AND weight_g > 0)),
  CHECK (kind <> 'stone' OR (stone_id IS NOT NULL AND quantity > 0)),
  CHECK (kind <> 'melee' OR (mm IS NOT NULL AND clarity IS NOT NULL AND quantity > 0)),
  CHECK (kind <> 'labour' OR (production_step_id IS NOT NULL AND minutes > 0)),
  CHECK (kind <> 'other' OR (label IS NOT NULL AND amount >= 0))
);
CREATE INDEX product_components_product_idx ON product_components (product_id, position);
CREATE INDEX product_components_stone_idx ON product_components (organization_id, stone_id) WHERE stone_id IS NOT NULL;
CREATE INDEX product_components_step_idx ON product_components (organization_id, production_step_id)
  WHERE production_step_id IS NOT NULL;

-- Photos live in the database (bytea): app nodes stay stateless, backups hold everything,
-- and both drivers (PGlite, PostgreSQL) handle it. At most 10 x 5 MB per product.
CREATE TABLE product_photos (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  position integer NOT NULL,
  filename text NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
  size_bytes integer NOT NULL CHECK (size_bytes > 0 AND size_bytes <= 5242880),
  sha256 text NOT NULL,
  data bytea NOT NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX product_photos_product_idx ON product_photos (product_id, position);

-- A product's price at a moment: the market values and FX used (with their times) and the breakdown.
CREATE TABLE product_price_snapshots (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  label text,
  taken_at timestamptz NOT NULL DEFAULT now(),
  taken_by uuid REFERENCES users(id) ON DELETE SET NULL,
  product_version integer NOT NULL,
  market jsonb NOT NULL,
  pricing jsonb NOT NULL,
  total_cost numeric(14, 2) NOT NULL,
  sale_price numeric(14, 2) NOT NULL,
  complete boolean NOT NULL
);
CREATE INDEX product_price_snapshots_product_idx ON product_price_snapshots (product_id, taken_at DESC);

-- Substring search on search_text (LIKE '%word%') uses a trigram index where pg_trgm is installed.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX products_search_trgm_idx ON products USING gin (search_text gin_trgm_ops)';
  END IF;
END
$$;
