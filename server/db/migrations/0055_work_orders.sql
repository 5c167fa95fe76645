-- Work orders ("Ordres de fabrication"): the workshop's side of a piece. A work order is created from scratch or
-- from an accepted quote (its lines carried over without prices, its client and project), numbered
-- OF-YYYY-NNNN without gaps (document_counters, kind 'work-order'), and goes through ordered steps taken from
-- the production-steps référentiel. Its status is derived from the steps and stored on each step write, with
-- its current step (the first one not done), so that the list and the board filter and group on columns.
-- A list of the shared lists machinery (ADR 0006): search_text, version, archived_at, list_version triggers.

CREATE TABLE work_orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  number text NOT NULL,
  number_year integer NOT NULL,
  number_seq integer NOT NULL,
  title text NOT NULL,
  description text,
  client_id uuid REFERENCES clients(id),
  project_id uuid REFERENCES projects(id),
  quote_id uuid REFERENCES quotes(id),
  -- The quote's lines as the workshop reads them (kind, label, description, quantity, alloy and weight,
  -- stone or diamond): never a price.
  lines jsonb NOT NULL DEFAULT '[]',
  due_date date,
  priority text NOT NULL DEFAULT 'normale' CHECK (priority IN ('basse', 'normale', 'haute', 'urgente')),
  status text NOT NULL DEFAULT 'a_faire' CHECK (status IN ('a_faire', 'en_cours', 'bloque', 'termine')),
  current_step_id uuid,
  current_production_step_id uuid,
  step_count integer NOT NULL DEFAULT 0,
  steps_done integer NOT NULL DEFAULT 0,
  completed_at timestamptz,
  search_text text NOT NULL DEFAULT '',
  version integer NOT NULL DEFAULT 1,
  archived_at timestamptz,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX work_orders_number_key ON work_orders (organization_id, number);
CREATE UNIQUE INDEX work_orders_sequence_key ON work_orders (organization_id, number_year, number_seq);
-- One work order per quote.
CREATE UNIQUE INDEX work_orders_quote_key ON work_orders (organization_id, quote_id) WHERE quote_id IS NOT NULL;
CREATE INDEX work_orders_due_idx ON work_orders (organization_id, due_date, id) WHERE archived_at IS NULL;
CREATE INDEX work_orders_number_idx ON work_orders (organization_id, number, id) WHERE archived_at IS NULL;
CREATE INDEX work_orders_status_idx ON work_orders (organization_id, status, due_date) WHERE archived_at IS NULL;
CREATE INDEX work_orders_created_idx ON work_orders (organization_id, created_at, id) WHERE archived_at IS NULL;
CREATE INDEX work_orders_updated_idx ON work_orders (organization_id, updated_at, id) WHERE archived_at IS NULL;
CREATE INDEX work_orders_project_idx ON work_orders (organization_id, project_id) WHERE project_id IS NOT NULL;

-- The route of a work order: ordered steps, each done in the workshop by a user or by a subcontractor.
CREATE TABLE work_order_steps (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  work_order_id uuid NOT NULL REFERENCES work_orders(id) ON DELETE CASCADE,
  position integer NOT NULL,
  production_step_id uuid NOT NULL REFERENCES production_steps(id),
  name text NOT NULL,
  status text NOT NULL DEFAULT 'a_faire' CHECK (status IN ('a_faire', 'en_cours', 'bloque', 'termine')),
  assignee_id uuid REFERENCES users(id) ON DELETE SET NULL,
  supplier_id uuid REFERENCES suppliers(id),
  sent_on date,
  returned_on date,
  price_per_piece numeric(12, 2) CHECK (price_per_piece IS NULL OR price_per_piece >= 0),
  planned_minutes integer CHECK (planned_minutes IS NULL OR planned_minutes >= 0),
  actual_minutes integer CHECK (actual_minutes IS NULL OR actual_minutes >= 0),
  -- Started (or finished) while an earlier step was not done: allowed, and shown.
  started_out_of_order boolean NOT NULL DEFAULT false,
  started_at timestamptz,
  finished_at timestamptz,
  note text,
  CONSTRAINT work_order_steps_one_worker CHECK (assignee_id IS NULL OR supplier_id IS NULL)
);
CREATE UNIQUE INDEX work_order_steps_position_key ON work_order_steps (work_order_id, position);
CREATE INDEX work_order_steps_assignee_idx ON work_order_steps (organization_id, assignee_id) WHERE assignee_id IS NOT NULL;
CREATE INDEX work_order_steps_supplier_idx ON work_order_steps (organization_id, supplier_id) WHERE supplier_id IS NOT NULL;

-- Metal given to the bench or to a subcontractor for a work order, and what came back (the piece, filings,
-- scrap). The loss of a work order and alloy is issued minus returned.
CREATE TABLE work_order_metal_movements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  work_order_id uuid NOT NULL REFERENCES work_orders(id) ON DELETE CASCADE,
  alloy_id uuid NOT NULL REFERENCES alloys(id),
  kind text NOT NULL CHECK (kind IN ('issue', 'return')),
  -- 'issue': the grams given; 'return': piece + filings + scrap.
  weight_g numeric(10, 3) NOT NULL CHECK (weight_g >= 0),
  piece_g numeric(10, 3) CHECK (piece_g IS NULL OR piece_g >= 0),
  filings_g numeric(10, 3) CHECK (filings_g IS NULL OR filings_g >= 0),
  scrap_g numeric(10, 3) CHECK (scrap_g IS NULL OR scrap_g >= 0),
  supplier_id uuid REFERENCES suppliers(id),
  note text,
  at timestamptz NOT NULL DEFAULT now(),
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  user_name text NOT NULL DEFAULT ''
);
CREATE INDEX work_order_metal_order_idx ON work_order_metal_movements (work_order_id, at, id);
CREATE INDEX work_order_metal_org_alloy_idx ON work_order_metal_movements (organization_id, alloy_id);

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX work_orders_search_trgm_idx ON work_orders USING gin (search_text gin_trgm_ops)';
  END IF;
END
$$;

CREATE TRIGGER work_orders_list_version_ins AFTER INSERT ON work_orders REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
CREATE TRIGGER work_orders_list_version_upd AFTER UPDATE ON work_orders REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
CREATE TRIGGER work_orders_list_version_del AFTER DELETE ON work_orders REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
CREATE TRIGGER work_orders_list_version_trunc AFTER TRUNCATE ON work_orders
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions_truncated();
