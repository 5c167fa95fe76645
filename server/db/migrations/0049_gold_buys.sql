-- Gold buy-back from private persons ("Achats d'Or"; BRIEF §5, Code de la consommation L224-97 ff.,
-- CGI 150 VI-VK and 537, CMF L112-6) and the police register ("livre de police").
--
-- A purchase is a draft until the contract is signed ("validé": number, date and hour, place, frozen market
-- prices, frozen seller identity, withdrawal deadline), then paid, then melted or resold once the
-- withdrawal period is over; or withdrawn by the seller within it. After validation nothing changes in place
-- but its status: a correction is a new purchase that refers to the original (correction_of).

CREATE TABLE gold_buys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  -- "AO-2026-0042", given at validation (document_counters, kind 'gold-buy').
  number text,
  number_year integer,
  number_seq integer,
  status text NOT NULL DEFAULT 'draft'
    CHECK (status IN ('draft', 'validated', 'paid', 'melted', 'resold', 'withdrawn')),
  seller_client_id uuid REFERENCES clients(id),
  -- The seller's identity as checked on their document: civility, names, address, birth date and place,
  -- identity document type, number, issuing authority and date. Frozen at validation.
  seller jsonb NOT NULL DEFAULT '{}',
  seller_name text,
  -- Items: description, metal, fineness (thousandths), gross and net weight, hallmark seen, category
  -- (precious metal or jewellery, for the tax), the computed price, and a typed price with its reason.
  items jsonb NOT NULL DEFAULT '[]',
  item_count integer NOT NULL DEFAULT 0,
  net_weight_g numeric(12, 3) NOT NULL DEFAULT 0,
  -- Market prices used (per metal: EUR per gram of pure metal, source and time), frozen at validation.
  market jsonb,
  buyback_factor numeric(6, 4) NOT NULL,
  tax_regime text NOT NULL DEFAULT 'flat' CHECK (tax_regime IN ('flat', 'capital-gains')),
  vat_registered boolean NOT NULL DEFAULT true,
  tax jsonb,
  total numeric(14, 2) NOT NULL DEFAULT 0,
  tax_withheld numeric(14, 2) NOT NULL DEFAULT 0,
  net_paid numeric(14, 2) NOT NULL DEFAULT 0,
  -- Never cash (CMF L112-6): the column cannot hold it.
  payment_method text CHECK (payment_method IN ('transfer', 'cheque')),
  iban text,
  cheque_number text,
  -- Anti-money-laundering vigilance: this seller's purchases of the day reach 10,000 EUR.
  aml_vigilance boolean NOT NULL DEFAULT false,
  signed_at timestamptz,
  signed_place text,
  withdrawal_deadline timestamptz,
  paid_at timestamptz,
  withdrawn_at timestamptz,
  disposed_at timestamptz,
  correction_of uuid REFERENCES gold_buys(id),
  notes text NOT NULL DEFAULT '',
  search_text text NOT NULL DEFAULT '',
  archived_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  validated_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT gold_buys_number_when_signed CHECK ((status = 'draft') = (number IS NULL)),
  CONSTRAINT gold_buys_signed_when_validated CHECK (status = 'draft' OR (signed_at IS NOT NULL AND withdrawal_deadline IS NOT NULL))
);
CREATE UNIQUE INDEX gold_buys_number_key ON gold_buys (organization_id, number) WHERE number IS NOT NULL;
CREATE UNIQUE INDEX gold_buys_sequence_key ON gold_buys (organization_id, number_year, number_seq)
  WHERE number_seq IS NOT NULL;
CREATE INDEX gold_buys_created_idx ON gold_buys (organization_id, created_at DESC, id) WHERE archived_at IS NULL;
CREATE INDEX gold_buys_signed_idx ON gold_buys (organization_id, signed_at DESC, id) WHERE archived_at IS NULL;
CREATE INDEX gold_buys_status_idx ON gold_buys (organization_id, status, withdrawal_deadline)
  INCLUDE (total, net_weight_g, archived_at);
CREATE INDEX gold_buys_seller_idx ON gold_buys (organization_id, seller_client_id, signed_at);
CREATE INDEX gold_buys_correction_idx ON gold_buys (correction_of) WHERE correction_of IS NOT NULL;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX gold_buys_search_trgm_idx ON gold_buys USING gin (search_text gin_trgm_ops)';
  END IF;
END
$$;

CREATE TRIGGER gold_buys_list_version_ins AFTER INSERT ON gold_buys REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
CREATE TRIGGER gold_buys_list_version_upd AFTER UPDATE ON gold_buys REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
CREATE TRIGGER gold_buys_list_version_del AFTER DELETE ON gold_buys REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
CREATE TRIGGER gold_buys_list_version_trunc AFTER TRUNCATE ON gold_buys
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions_truncated();

-- History of each change of a purchase: who, when, from which status to which.
CREATE TABLE gold_buy_events (
  id bigserial PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  gold_buy_id uuid NOT NULL REFERENCES gold_buys(id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  actor text NOT NULL,
  action text NOT NULL,
  from_status text,
  to_status text,
  details jsonb
);
CREATE INDEX gold_buy_events_buy_idx ON gold_buy_events (gold_buy_id, at, id);

-- The police register: one entry per item bought ("in"), and later one per item leaving ("out": melted, resold,
-- returned on withdrawal) that refers to its "in" entry. Numbers are sequential per organization without gap
-- (document_counters, kind 'police-register', year 0). Append-only: the database refuses any UPDATE, DELETE or
-- TRUNCATE, whoever asks; kept at least 6 years (no purge, no archive). No ON DELETE CASCADE: an organization
-- with register entries cannot be deleted.
CREATE TABLE police_register (
  id bigserial PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations(id),
  number integer NOT NULL,
  entry_at timestamptz NOT NULL,
  direction text NOT NULL CHECK (direction IN ('in', 'out')),
  gold_buy_id uuid NOT NULL REFERENCES gold_buys(id),
  gold_buy_number text NOT NULL,
  item_index integer NOT NULL,
  -- The "in" entry an "out" entry closes.
  refers_to bigint REFERENCES police_register(id),
  destination text CHECK (destination IN ('melted', 'resold', 'returned')),
  description text NOT NULL,
  metal text NOT NULL,
  fineness integer NOT NULL,
  weight_g numeric(12, 3) NOT NULL,
  price numeric(14, 2),
  origin text NOT NULL,
  seller_identity text NOT NULL,
  seller_document text NOT NULL,
  recorded_by uuid REFERENCES users(id),
  recorded_by_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT police_register_out_refers CHECK ((direction = 'out') = (refers_to IS NOT NULL AND destination IS NOT NULL))
);
CREATE UNIQUE INDEX police_register_number_key ON police_register (organization_id, number);
CREATE INDEX police_register_entry_idx ON police_register (organization_id, entry_at, number);
CREATE INDEX police_register_buy_idx ON police_register (gold_buy_id, item_index);

CREATE FUNCTION police_register_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Le livre de police ne se modifie pas : une correction est une nouvelle entrée'
    USING ERRCODE = 'P0001';
END
$$;
CREATE TRIGGER police_register_no_update BEFORE UPDATE OR DELETE ON police_register
  FOR EACH ROW EXECUTE FUNCTION police_register_append_only();
CREATE TRIGGER police_register_no_truncate BEFORE TRUNCATE ON police_register
  FOR EACH STATEMENT EXECUTE FUNCTION police_register_append_only();
