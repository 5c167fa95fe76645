-- Photos of the items bought (one per item at most, referred to by the item's photoId) and scans of the
-- seller's identity document, stored like product photos. Scans are shown only to the roles that read the
-- administration area (ADR 0012). Both are kept with the purchase: no purge.
CREATE TABLE gold_buy_photos (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  gold_buy_id uuid NOT NULL REFERENCES gold_buys(id),
  position integer NOT NULL,
  filename text NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
  size_bytes integer NOT NULL,
  sha256 text NOT NULL,
  data bytea NOT NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gold_buy_photos_buy_idx ON gold_buy_photos (organization_id, gold_buy_id, position);

CREATE TABLE gold_buy_identity_scans (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  gold_buy_id uuid NOT NULL REFERENCES gold_buys(id),
  position integer NOT NULL,
  filename text NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
  size_bytes integer NOT NULL,
  sha256 text NOT NULL,
  data bytea NOT NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gold_buy_identity_scans_buy_idx ON gold_buy_identity_scans (organization_id, gold_buy_id, position);

-- A withdrawal after payment: the seller repays what they were paid (fixed at the withdrawal) and the shop
-- records when the money came back; the items go back to the seller at the withdrawal itself.
ALTER TABLE gold_buys ADD COLUMN withdrawal_repayment numeric(14, 2);
ALTER TABLE gold_buys ADD COLUMN withdrawal_repaid_at timestamptz;

-- A signed purchase replaced by a signed correction: "corrected" (final). Its register entries are closed by
-- "out" entries with the destination "corrected" that refer to them; the correction's own entries stand.
ALTER TABLE gold_buys DROP CONSTRAINT gold_buys_status_check;
ALTER TABLE gold_buys ADD CONSTRAINT gold_buys_status_check
  CHECK (status IN ('draft', 'validated', 'paid', 'melted', 'resold', 'withdrawn', 'corrected'));
ALTER TABLE police_register DROP CONSTRAINT police_register_destination_check;
ALTER TABLE police_register ADD CONSTRAINT police_register_destination_check
  CHECK (destination IN ('melted', 'resold', 'returned', 'corrected'));
