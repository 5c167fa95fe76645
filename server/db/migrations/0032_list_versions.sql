-- One version number per (organization, référentiel table), raised by the database itself on every
-- committed change of that organization's rows (ADR 0006). List totals and list answers are cached
-- in memory under this number: a request reads it first (one primary-key lookup), so a write from
-- any node, any module or a plain SQL session is seen by the very next list request.
CREATE TABLE list_versions (
  organization_id uuid NOT NULL,
  table_name text NOT NULL,
  version bigint NOT NULL DEFAULT 1,
  PRIMARY KEY (organization_id, table_name)
);
-- No foreign key to organizations: deleting an organization cascades to its rows, whose triggers
-- write here; a leftover row of a deleted organization is harmless.

-- Statement-level: an import of 500 rows raises the version once. Organizations in id order, so two
-- statements touching the same organizations lock their rows in the same order.
CREATE FUNCTION bump_list_version() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO list_versions (organization_id, table_name)
  SELECT DISTINCT organization_id, TG_TABLE_NAME FROM changed_rows ORDER BY organization_id
  ON CONFLICT (organization_id, table_name) DO UPDATE SET version = list_versions.version + 1;
  RETURN NULL;
END
$fn$;

CREATE FUNCTION bump_list_versions_truncated() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE list_versions SET version = version + 1 WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END
$fn$;

-- A trigger with a transition table handles one event only, hence one per event.
DO $do$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['clients', 'suppliers', 'stones', 'production_steps'] LOOP
    EXECUTE format('CREATE TRIGGER %1$s_list_version_ins AFTER INSERT ON %1$I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version()', t);
    EXECUTE format('CREATE TRIGGER %1$s_list_version_upd AFTER UPDATE ON %1$I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version()', t);
    EXECUTE format('CREATE TRIGGER %1$s_list_version_del AFTER DELETE ON %1$I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version()', t);
    EXECUTE format('CREATE TRIGGER %1$s_list_version_trunc AFTER TRUNCATE ON %1$I FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions_truncated()', t);
  END LOOP;
END
$do$;
