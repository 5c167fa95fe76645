-- Quotes ("Devis & Pricing", issue 11; ADR 0010). A draft has no number; sending gives the next number of the
-- organization's year (document_counters) and freezes the price (pricing, market and context as JSON).

-- Gapless document numbers: one row per (organization, kind, year), raised inside the transaction that uses the
-- number. Concurrent senders wait on the row lock; a rolled-back send gives its number back.
CREATE TABLE document_counters (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  kind text NOT NULL,
  year integer NOT NULL,
  last_value integer NOT NULL,
  PRIMARY KEY (organization_id, kind, year)
);

CREATE TABLE quotes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  -- "D-2026-0042" (sequence 42 of 2026), or "D-2026-0042-R1" for the first revision of that quote.
  number text,
  number_year integer,
  number_seq integer,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'sent', 'accepted', 'refused')),
  client_id uuid REFERENCES clients(id),
  project_id uuid,
  title text NOT NULL DEFAULT '',
  notes text NOT NULL DEFAULT '',
  payment_terms text NOT NULL DEFAULT '',
  delivery_terms text NOT NULL DEFAULT '',
  validity_days integer NOT NULL CHECK (validity_days BETWEEN 1 AND 365),
  is_free boolean NOT NULL DEFAULT true,
  quote_fee numeric(12, 2),
  lines jsonb NOT NULL DEFAULT '[]',
  line_count integer NOT NULL DEFAULT 0,
  -- The price as stored: frozen at sending; for a draft, its last save. { pricing, market, context }.
  price jsonb,
  total_cost numeric(14, 2) NOT NULL DEFAULT 0,
  total_excl_vat numeric(14, 2) NOT NULL DEFAULT 0,
  total_vat numeric(14, 2) NOT NULL DEFAULT 0,
  total_incl_vat numeric(14, 2) NOT NULL DEFAULT 0,
  issued_on date,
  valid_until date,
  sent_at timestamptz,
  sent_by uuid REFERENCES users(id) ON DELETE SET NULL,
  decided_at timestamptz,
  decided_via text CHECK (decided_via IN ('staff', 'share-link')),
  decided_address text,
  -- Revisions: the quote revised, the first quote of the chain, and this revision's index (R1, R2...).
  -- (no foreign key: quotes are archived, never deleted, and the chain is written by one route.)
  revision_of uuid,
  root_id uuid,
  revision_index integer,
  -- Share link: only the SHA-256 of the token is kept.
  share_token_hash text,
  share_created_at timestamptz,
  client_name text,
  search_text text NOT NULL DEFAULT '',
  archived_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT quotes_number_when_sent CHECK ((status = 'draft') = (number IS NULL))
);
CREATE UNIQUE INDEX quotes_number_key ON quotes (organization_id, number) WHERE number IS NOT NULL;
CREATE UNIQUE INDEX quotes_sequence_key ON quotes (organization_id, number_year, number_seq)
  WHERE number_seq IS NOT NULL;
CREATE INDEX quotes_created_idx ON quotes (organization_id, created_at DESC, id) WHERE archived_at IS NULL;
CREATE INDEX quotes_updated_idx ON quotes (organization_id, updated_at DESC, id) WHERE archived_at IS NULL;
CREATE INDEX quotes_number_idx ON quotes (organization_id, number, id) WHERE archived_at IS NULL;
CREATE INDEX quotes_total_idx ON quotes (organization_id, total_incl_vat, id) WHERE archived_at IS NULL;
CREATE INDEX quotes_status_idx ON quotes (organization_id, status, valid_until);
CREATE INDEX quotes_client_idx ON quotes (organization_id, client_id, created_at DESC);
CREATE INDEX quotes_project_idx ON quotes (organization_id, project_id) WHERE project_id IS NOT NULL;
CREATE UNIQUE INDEX quotes_share_token_key ON quotes (share_token_hash) WHERE share_token_hash IS NOT NULL;
CREATE INDEX quotes_root_idx ON quotes (root_id) WHERE root_id IS NOT NULL;

-- History of each change: who, when, from which status to which.
CREATE TABLE quote_events (
  id bigserial PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  quote_id uuid NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  actor text NOT NULL,
  action text NOT NULL,
  from_status text,
  to_status text,
  details jsonb
);
CREATE INDEX quote_events_quote_idx ON quote_events (quote_id, at, id);

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX quotes_search_trgm_idx ON quotes USING gin (search_text gin_trgm_ops)';
  END IF;
END
$$;

CREATE TRIGGER quotes_list_version_ins AFTER INSERT ON quotes REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
CREATE TRIGGER quotes_list_version_upd AFTER UPDATE ON quotes REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
CREATE TRIGGER quotes_list_version_del AFTER DELETE ON quotes REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
CREATE TRIGGER quotes_list_version_trunc AFTER TRUNCATE ON quotes
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions_truncated();
