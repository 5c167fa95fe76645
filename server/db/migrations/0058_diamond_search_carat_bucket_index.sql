-- A shape, a colour range, a clarity range and a carat range, sorted by EUR price: the search a jeweller makes
-- most once the shape is chosen (diamond-search.ts, `priceBucketCombos`; ADR 0005, amendment "Price walk by
-- carat tenth"). Prices rise with carats, so no price-ordered index can skip the smaller stones; keyed by the
-- tenth of a carat as well, each (shape, colour, clarity, tenth) is one range already in price order, and the
-- page is the first entries of each range merged (round 0.9-1.1 ct G-H VS1-VS2: about 220 entries read instead
-- of 9,760, and no sort of 8,860 matches).
CREATE INDEX diamonds_search_bucket_price_idx
  ON diamonds (shape, color, clarity, (floor(carats * 10)::int), total_price_eur, id)
  INCLUDE (carats, organization_id)
  WHERE availability = 'available';
