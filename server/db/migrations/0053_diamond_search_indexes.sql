-- The catalogue search (GET /api/diamonds, server/modules/diamonds/diamond-search.ts) over a million stones and
-- more, from measured plans (ADR 0005, amendment "Catalogue search"; bench/diamond-search-bench.ts). All partial
-- on the available stones, the only ones a search shows by default; each carries organization_id for the scope.
--
-- The demo generator wrote availability 'on_hold'; the feed code (and every filter) is 'on-hold'.
UPDATE diamonds SET availability = 'on-hold' WHERE availability = 'on_hold';

-- Sorted by EUR price with no selective filter: the first page is the first matching entries of this index,
-- walked forwards (asc) or backwards (desc).
CREATE INDEX diamonds_search_price_idx ON diamonds (total_price_eur, id) INCLUDE (organization_id)
  WHERE availability = 'available';
-- The same for the EUR price per carat.
CREATE INDEX diamonds_search_ppc_idx ON diamonds (price_eur, id) INCLUDE (organization_id)
  WHERE availability = 'available';
-- Shapes and carat ranges, the filters of nearly every search: one range per shape, and the other common
-- filters and the sort keys read from the index itself (index-only scans for the page's ids and the count).
-- Sorted by carats, each shape's stones in order (one scan per shape, merged).
CREATE INDEX diamonds_search_shape_carats_idx ON diamonds (shape, carats, id)
  INCLUDE (total_price_eur, price_eur, color, clarity, cut, lab, growth, fancy_color, organization_id)
  WHERE availability = 'available';
-- A shape with a colour range (and often a clarity range) and carats: one small range per (shape, colour,
-- clarity) combination of the filters' lists, instead of the whole carat range of the shape filtered entry by
-- entry (round 0.9-1.1 ct G-H VS1-VS2: 9,760 entries read instead of 82,270).
CREATE INDEX diamonds_search_shape_color_idx ON diamonds (shape, color, clarity, carats, id)
  INCLUDE (total_price_eur, price_eur, cut, lab, growth, fancy_color, organization_id)
  WHERE availability = 'available';
-- Lab-grown stones and fancy colours by price: small slices, each with its own index.
CREATE INDEX diamonds_search_lab_grown_idx ON diamonds (total_price_eur, id) INCLUDE (organization_id)
  WHERE availability = 'available' AND growth LIKE 'lab-grown%';
CREATE INDEX diamonds_search_fancy_idx ON diamonds (total_price_eur, id) INCLUDE (organization_id, fancy_color)
  WHERE availability = 'available' AND fancy_color IS NOT NULL;
