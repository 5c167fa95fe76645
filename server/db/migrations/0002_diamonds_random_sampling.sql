-- Random sampling of the diamond catalogue (GET /api/ddpl/random6, GET /api/random-diamond) without a scan.
-- Partial covering indexes over available stones only: the sample's ids are read by an index-only scan
-- (random_key order, carats checked inside the index), then 6 primary-key lookups fetch the rows.
-- Wide weight ranges walk diamonds_available_random_idx ~6/selectivity entries; narrow or empty ranges
-- range-scan diamonds_available_carats_random_idx. bench/random6-explain.ts prints the plans.
DROP INDEX IF EXISTS diamonds_random_idx;
DROP INDEX IF EXISTS diamonds_carats_random_idx;
CREATE INDEX diamonds_available_random_idx ON diamonds (random_key) INCLUDE (carats, id)
  WHERE availability = 'available';
CREATE INDEX diamonds_available_carats_random_idx ON diamonds (carats, random_key) INCLUDE (id)
  WHERE availability = 'available';
