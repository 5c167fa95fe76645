-- Projects ("Projets"): a client's custom piece from idea to delivery, with a dated timeline
-- of its changes (status changes, notes, photos) and its sketches and photos.
--
-- `projects` is a list of the shared lists machinery (server/lists, ADR 0006) like the référentiels:
-- organization-scoped, `search_text` written by the application (title, description, status label)
-- and searched word by word with a trigram index, `version` (optimistic concurrency), `archived_at`
-- (archive instead of delete), the list_version triggers of migration 0032.
-- `client_id` names a client of the same organization: the API checks it on every write (400
-- otherwise); the foreign key only keeps the reference pointing at a row. Clients are archived, never
-- deleted, so a project keeps its client.

CREATE TABLE projects (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  client_id uuid NOT NULL REFERENCES clients(id),
  title text NOT NULL,
  description text,
  budget numeric(12, 2) CHECK (budget IS NULL OR budget >= 0),
  due_date date,
  status text NOT NULL DEFAULT 'idee' CHECK (
    status IN ('idee', 'conception', 'devis', 'fabrication', 'livre', 'clos')
  ),
  search_text text NOT NULL DEFAULT '',
  -- French sort key of the title, computed by the database (like products.name_sort, migration 0042).
  title_sort text GENERATED ALWAYS AS (fr_sort_key(title)) STORED,
  version integer NOT NULL DEFAULT 1,
  archived_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The default sort (due date, soonest first) and the other sorts of the active list; the client's
-- projects (client filter, the client record's panel).
CREATE INDEX projects_org_due_idx ON projects (organization_id, due_date, id) WHERE archived_at IS NULL;
CREATE INDEX projects_org_title_idx ON projects (organization_id, title_sort, id) WHERE archived_at IS NULL;
CREATE INDEX projects_org_status_idx ON projects (organization_id, status, due_date, id) WHERE archived_at IS NULL;
CREATE INDEX projects_org_created_idx ON projects (organization_id, created_at, id) WHERE archived_at IS NULL;
CREATE INDEX projects_org_updated_idx ON projects (organization_id, updated_at, id) WHERE archived_at IS NULL;
CREATE INDEX projects_org_client_idx ON projects (organization_id, client_id, due_date, id);

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX projects_search_trgm_idx ON projects USING gin (search_text gin_trgm_ops)';
  END IF;
END
$$;

-- List totals and answers are cached under the table's version (ADR 0006, migration 0032).
CREATE TRIGGER projects_list_version_ins AFTER INSERT ON projects
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
CREATE TRIGGER projects_list_version_upd AFTER UPDATE ON projects
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
CREATE TRIGGER projects_list_version_del AFTER DELETE ON projects
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
CREATE TRIGGER projects_list_version_trunc AFTER TRUNCATE ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions_truncated();

-- The timeline: one row per dated event of a project, written in the transaction of the change it
-- records. `created` (to_status = the first status), `status` (from_status -> to_status), `note` (text),
-- `photo` (text = the file name of the photo added). The author's name is kept as it was then: the
-- timeline reads the same after the user is renamed or removed. Ids in writing order (like audit_log):
-- two entries of the same instant keep their order.
CREATE TABLE project_events (
  id bigserial PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  user_name text,
  kind text NOT NULL CHECK (kind IN ('created', 'status', 'note', 'photo')),
  from_status text CHECK (
    from_status IS NULL OR from_status IN ('idee', 'conception', 'devis', 'fabrication', 'livre', 'clos')
  ),
  to_status text CHECK (
    to_status IS NULL OR to_status IN ('idee', 'conception', 'devis', 'fabrication', 'livre', 'clos')
  ),
  text text
);
CREATE INDEX project_events_project_idx ON project_events (project_id, at, id);

-- Sketches and photos, stored like product photos (migration 0030): the bytes in PostgreSQL, checked by
-- magic number, served with nosniff and an ETag.
CREATE TABLE project_photos (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  position integer NOT NULL,
  filename text NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
  size_bytes integer NOT NULL CHECK (size_bytes > 0 AND size_bytes <= 5242880),
  sha256 text NOT NULL,
  data bytea NOT NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX project_photos_project_idx ON project_photos (project_id, position);
