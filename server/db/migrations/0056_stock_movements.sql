-- Stock movements of stones & components (ADR 0015). The quantity on hand is the sum of a stone's movements,
-- never typed over: every movement is dated and signed (user id and name at the time), and
-- `stones.stock_quantity` stays as the maintained sum, written in the same transaction as each movement (the
-- stone row locked FOR UPDATE), so that lists, filters and the dashboard's low-stock count read one column.
--
-- `quantity` is signed as it affects stock: positive for 'in' and 'return_work_order', negative for
-- 'out_work_order' and 'sold', either sign for 'adjustment' (which needs a reason). `unit` is the stone's stock
-- unit when the movement was made: pieces ('pc') or carats ('ct', melee lots by carat weight).

ALTER TABLE stones
  ALTER COLUMN stock_quantity DROP DEFAULT,
  ALTER COLUMN stock_quantity TYPE numeric(12, 3) USING stock_quantity::numeric(12, 3),
  ALTER COLUMN stock_quantity SET DEFAULT 0,
  ALTER COLUMN low_stock_threshold TYPE numeric(12, 3) USING low_stock_threshold::numeric(12, 3),
  ADD COLUMN stock_unit text NOT NULL DEFAULT 'pc' CHECK (stock_unit IN ('pc', 'ct')),
  -- Fancy shapes: length × width (× height) in mm; `size_mm` stays the diameter of round stones.
  ADD COLUMN length_mm numeric(8, 2) CHECK (length_mm IS NULL OR length_mm >= 0),
  ADD COLUMN width_mm numeric(8, 2) CHECK (width_mm IS NULL OR width_mm >= 0),
  ADD COLUMN height_mm numeric(8, 2) CHECK (height_mm IS NULL OR height_mm >= 0);

CREATE TABLE stock_movements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  stone_id uuid NOT NULL REFERENCES stones(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('in', 'out_work_order', 'return_work_order', 'adjustment', 'sold')),
  quantity numeric(12, 3) NOT NULL,
  unit text NOT NULL CHECK (unit IN ('pc', 'ct')),
  -- A work order's stones: issued to it, and returned from it. Work orders are archived, never deleted.
  work_order_id uuid REFERENCES work_orders(id),
  reason text,
  -- The stone's unit cost and currency at the time (what the movement was worth), when it had one.
  unit_cost numeric(14, 2),
  currency text CHECK (currency IS NULL OR currency IN ('EUR', 'USD')),
  at timestamptz NOT NULL DEFAULT now(),
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  user_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT stock_movements_sign CHECK (
    quantity <> 0
    AND CASE kind
      WHEN 'in' THEN quantity > 0
      WHEN 'return_work_order' THEN quantity > 0
      WHEN 'out_work_order' THEN quantity < 0
      WHEN 'sold' THEN quantity < 0
      ELSE true
    END
  ),
  CONSTRAINT stock_movements_work_order CHECK (
    (kind IN ('out_work_order', 'return_work_order')) = (work_order_id IS NOT NULL)
  ),
  CONSTRAINT stock_movements_reason CHECK (kind <> 'adjustment' OR (reason IS NOT NULL AND btrim(reason) <> ''))
);
CREATE INDEX stock_movements_stone_idx ON stock_movements (stone_id, at, id);
CREATE INDEX stock_movements_work_order_idx ON stock_movements (work_order_id) WHERE work_order_id IS NOT NULL;

-- The stock counted before movements existed becomes one initial adjustment, so that the sum holds.
INSERT INTO stock_movements (organization_id, stone_id, kind, quantity, unit, reason, unit_cost, currency, at, user_name)
SELECT organization_id, id, 'adjustment', stock_quantity, stock_unit, 'Stock initial', unit_cost, currency, now(), 'Système'
FROM stones
WHERE stock_quantity > 0;
