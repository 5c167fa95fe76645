-- The jump guard judges a data source's new reading against that source's own latest reading
-- (server/modules/market/jump-reference.ts, ADR 0004): one index lookup per instrument and source name.
CREATE INDEX market_readings_instrument_source_time_idx
  ON market_readings (instrument, source, fetched_at DESC, id DESC);
