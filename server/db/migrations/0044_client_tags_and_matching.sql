-- Clients: "VIP", "vip" and "Vip" are one tag, and existing clients are found by name.
--
-- 1. One spelling per tag and organization. `client_tags` is the organization's tag vocabulary: one
--    label per folded key (fr_sort_key, migration 0020: case and accents folded). A trigger gives every
--    tag written to `clients.tags` the organization's spelling, whoever writes (API, CSV import, seed,
--    a SQL session): the first spelling seen wins. Renaming the spelling of a tag used by others is not
--    a client edit (the vocabulary keeps it).
-- 2. `clients.tags_sort`: the folded keys of the tags, GIN-indexed, for the list's tag filter (?tag=vip
--    finds "VIP" and "Vip"), named like the other stored keys of fr_sort_key (migration 0031) so that
--    list pages do not read it (server/lists/list-page.ts, `listColumns`).
-- 3. An index on (organization, folded "last name|first name") over every client, archived ones
--    included: homonym warnings before saving and CSV import matching (server/modules/clients/
--    clients.queries.ts) look up "same person's name" there, then compare postal code or city on those
--    few rows. An expression, not (organization, last_name_sort, …): such an index would compete with
--    the list's sort index on last names (migration 0031) and the planner took it for ordered pages.

CREATE TABLE client_tags (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  key text NOT NULL,
  label text NOT NULL,
  PRIMARY KEY (organization_id, key)
);

-- The spelling of existing tags: the most used one of each key (ties: the one written first, as for new
-- tags below).
INSERT INTO client_tags (organization_id, key, label)
SELECT DISTINCT ON (organization_id, key) organization_id, key, label
FROM (
  SELECT c.organization_id, fr_sort_key(btrim(t.tag)) AS key, btrim(t.tag) AS label, count(*) AS uses,
    min(c.created_at) AS first_used
  FROM clients c
  CROSS JOIN LATERAL unnest(c.tags) AS t(tag)
  WHERE btrim(t.tag) <> ''
  GROUP BY 1, 2, 3
) AS spellings
ORDER BY organization_id, key, uses DESC, first_used, label COLLATE "C";

-- Existing clients take that spelling, each tag once, in their order. `version` is not raised: the
-- tags mean the same; list answers are refreshed by the list_versions triggers (migration 0032).
UPDATE clients AS c
SET tags = canonical.tags
FROM (
  SELECT c2.id, ARRAY(
    SELECT ct.label
    FROM (
      SELECT DISTINCT ON (fr_sort_key(btrim(u.tag))) fr_sort_key(btrim(u.tag)) AS key, u.ord
      FROM unnest(c2.tags) WITH ORDINALITY AS u(tag, ord)
      WHERE btrim(u.tag) <> ''
      ORDER BY fr_sort_key(btrim(u.tag)), u.ord
    ) AS k
    JOIN client_tags ct ON ct.organization_id = c2.organization_id AND ct.key = k.key
    ORDER BY k.ord
  ) AS tags
  FROM clients c2
  WHERE cardinality(c2.tags) > 0
) AS canonical
WHERE canonical.id = c.id AND canonical.tags IS DISTINCT FROM c.tags;

-- The organization's spelling for every tag of a written row (BEFORE trigger: the generated
-- `tags_sort` is computed from the result). A new tag enters the vocabulary as written; two
-- transactions adding the same new tag meet on the primary key and the second takes the first's label.
CREATE FUNCTION clients_canonical_tags() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  canonical text[] := '{}';
  seen text[] := '{}';
  tag text;
  tag_key text;
  tag_label text;
BEGIN
  IF NEW.tags IS NULL THEN
    RETURN NEW;
  END IF;
  FOREACH tag IN ARRAY NEW.tags LOOP
    tag := btrim(tag);
    CONTINUE WHEN tag IS NULL OR tag = '';
    tag_key := fr_sort_key(tag);
    CONTINUE WHEN tag_key = ANY (seen);
    seen := seen || tag_key;
    SELECT label INTO tag_label FROM client_tags WHERE organization_id = NEW.organization_id AND key = tag_key;
    IF NOT FOUND THEN
      INSERT INTO client_tags (organization_id, key, label) VALUES (NEW.organization_id, tag_key, tag)
      ON CONFLICT (organization_id, key) DO NOTHING;
      SELECT label INTO tag_label FROM client_tags WHERE organization_id = NEW.organization_id AND key = tag_key;
    END IF;
    canonical := canonical || tag_label;
  END LOOP;
  NEW.tags := canonical;
  RETURN NEW;
END
$fn$;

CREATE TRIGGER clients_canonical_tags BEFORE INSERT OR UPDATE OF tags ON clients
  FOR EACH ROW EXECUTE FUNCTION clients_canonical_tags();

-- Folded keys of a list of tags, in order (IMMUTABLE: a stored generated column may use it).
CREATE FUNCTION fr_sort_keys(value text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $fn$
  SELECT coalesce(array_agg(fr_sort_key(btrim(t.tag)) ORDER BY t.ord), '{}')
  FROM unnest(value) WITH ORDINALITY AS t(tag, ord)
$fn$;

ALTER TABLE clients ADD COLUMN tags_sort text[] GENERATED ALWAYS AS (fr_sort_keys(tags)) STORED;
-- The filter reads tags_sort now; the index on the raw spellings serves nothing.
DROP INDEX clients_tags_idx;
CREATE INDEX clients_tags_sort_idx ON clients USING gin (tags_sort);

CREATE INDEX clients_org_person_idx ON clients (organization_id, (last_name_sort || '|' || coalesce(first_name_sort, '')));
