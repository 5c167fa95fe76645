-- The quotes list's summary (count, totals excl. and incl. VAT of the filtered quotes) reads the
-- totals from this index alone (index-only scan) for a status filter: measured on 100,000 quotes,
-- the sum of the ~59,000 expired ones fell from 101 ms (parallel sequential scan) to 20 ms.
-- `archived_at` is included so the default "active only" condition is checked in the index too.
-- It serves everything the former (organization_id, status, valid_until) index did.
DROP INDEX IF EXISTS quotes_status_idx;
CREATE INDEX quotes_status_totals_idx ON quotes (organization_id, status, valid_until)
  INCLUDE (total_excl_vat, total_incl_vat, archived_at);
