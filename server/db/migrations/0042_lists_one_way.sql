-- One way to read every list: products, users, the error journal and the superadmin's
-- organizations are read through the shared list machinery (server/lists, ADR 0006): a `search_text`
-- searched word by word with LIKE (accent- and case-insensitive, trigram-indexed), a French sort key
-- for the default sort with its index, and for products the référentiels' archive model.

-- 1. search_key(): the SQL twin of normalizeSearch (shared/search-text.ts): the letters that Unicode
--    decomposes into a base letter and accents lose their accents (the translate() lists are exactly
--    those of U+00C0-U+017F), œ/æ/ß become oe/ae/ss, then lower case, one space between words, trimmed.
--    It computes the `search_text` of tables written from many places (users, log_entries,
--    organizations) as a stored generated column; the référentiels and products keep theirs written by
--    the application (buildSearchText). server/lists/search-key.api.test.ts checks both agree.
CREATE FUNCTION search_key(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $fn$
  SELECT btrim(regexp_replace(lower(
    replace(replace(replace(replace(replace(
      translate(coalesce(value, ''),
        'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽž',
        'AAAAAACEEEEIIIINOOOOOUUUUYaaaaaaceeeeiiiinooooouuuuyyAaAaAaCcCcCcCcDdEeEeEeEeEeGgGgGgGgHhIiIiIiIiIJjKkLlLlLlNnNnNnOoOoOoRrRrRrSsSsSsSsTtTtUuUuUuUuUuUuWwYyYZzZzZz'),
      'Œ', 'oe'), 'œ', 'oe'), 'Æ', 'ae'), 'æ', 'ae'), 'ß', 'ss')),
    '\s+', ' ', 'g'))
$fn$;

-- 2. Products: archived like the référentiels (`archived_at`, DELETE archives, POST .../restore
--    restores) instead of a `status`; the archived sheets keep the time of their last change as their
--    archive time.
ALTER TABLE products ADD COLUMN archived_at timestamptz;
UPDATE products SET archived_at = updated_at WHERE status = 'archived';
DROP INDEX products_org_status_name_idx;
ALTER TABLE products DROP COLUMN status;

-- The default sort (name, French order) is a stored key with its index on the active sheets, like the
-- clients (migration 0031): the first page walks 25 index entries, a deep page reads its ids from the
-- index alone. The other sorts of the active list have theirs; slug is served by products_org_slug_idx.
-- "Archivés" and "Tous" sort by name on the index over every sheet.
ALTER TABLE products ADD COLUMN name_sort text GENERATED ALWAYS AS (fr_sort_key(name)) STORED;
CREATE INDEX products_org_name_idx ON products (organization_id, name_sort, id) WHERE archived_at IS NULL;
CREATE INDEX products_org_name_all_idx ON products (organization_id, name_sort, id);
CREATE INDEX products_org_category_idx ON products (organization_id, category, id) WHERE archived_at IS NULL;
CREATE INDEX products_org_created_idx ON products (organization_id, created_at, id) WHERE archived_at IS NULL;
CREATE INDEX products_org_updated_idx ON products (organization_id, updated_at, id) WHERE archived_at IS NULL;
-- Close estimates for LIKE '%word%' (see migration 0031).
ALTER TABLE products ALTER COLUMN search_text SET STATISTICS 1000;

-- List totals are cached under the table's version (ADR 0006, migration 0032): the same triggers.
CREATE TRIGGER products_list_version_ins AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
CREATE TRIGGER products_list_version_upd AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
CREATE TRIGGER products_list_version_del AFTER DELETE ON products
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
CREATE TRIGGER products_list_version_trunc AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions_truncated();

-- 3. Users: searched by username, e-mail and names; sorted by last name, first name, username.
ALTER TABLE users
  ADD COLUMN search_text text GENERATED ALWAYS AS
    (search_key(username || ' ' || email || ' ' || first_name || ' ' || last_name)) STORED,
  ADD COLUMN name_sort text GENERATED ALWAYS AS
    (fr_sort_key(last_name || ' ' || first_name || ' ' || username)) STORED;
CREATE INDEX users_org_name_idx ON users (organization_id, name_sort, id);

-- 4. Error journal: searched by message and source, the source also by its French name (the labels
--    of LOG_SOURCE_LABELS, shared/schemas/journal.ts); newest first within an organization, or across
--    every organization for the superadmin (scope=all).
ALTER TABLE log_entries ADD COLUMN search_text text GENERATED ALWAYS AS (search_key(
  source || ' ' ||
  CASE source WHEN 'frontend' THEN 'navigateur' WHEN 'server' THEN 'serveur' WHEN 'security' THEN 'securite' ELSE '' END
  || ' ' || message)) STORED;
DROP INDEX log_entries_org_time_idx;
CREATE INDEX log_entries_org_time_idx ON log_entries (organization_id, created_at, id);
CREATE INDEX log_entries_time_idx ON log_entries (created_at, id);

-- 5. Organizations (superadmin): searched by name and identifier, sorted by name.
ALTER TABLE organizations
  ADD COLUMN search_text text GENERATED ALWAYS AS (search_key(name || ' ' || slug)) STORED,
  ADD COLUMN name_sort text GENERATED ALWAYS AS (fr_sort_key(name)) STORED;
CREATE INDEX organizations_name_idx ON organizations (name_sort, id);

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX users_search_trgm_idx ON users USING gin (search_text gin_trgm_ops)';
    EXECUTE 'CREATE INDEX log_entries_search_trgm_idx ON log_entries USING gin (search_text gin_trgm_ops)';
    EXECUTE 'CREATE INDEX organizations_search_trgm_idx ON organizations USING gin (search_text gin_trgm_ops)';
  END IF;
END
$$;
