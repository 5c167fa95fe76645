-- Administration (issue 3, engineer H): forced password change, invitations, modules per organization,
-- settings version and logo.
-- The role check is relaxed to a format check: a role the product does not know (legacy, imported) is
-- stored as is and treated as "other" by the authorization matrix (shared/access.ts); the API itself
-- only ever assigns the known roles.
ALTER TABLE users DROP CONSTRAINT IF EXISTS users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_format CHECK (role ~ '^[a-z][a-z0-9_-]{0,39}$');
ALTER TABLE users ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN deactivated_at timestamptz;

ALTER TABLE organizations ADD COLUMN settings_version integer NOT NULL DEFAULT 1;
ALTER TABLE organizations ADD COLUMN suspended_at timestamptz;

-- One-time invitation links: only the SHA-256 of the token is stored; valid 72 h, used once.
CREATE TABLE user_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_invitations_user_idx ON user_invitations (user_id);

-- Modules turned on or off per organization (no row = the module's default: on).
CREATE TABLE organization_modules (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  module text NOT NULL,
  enabled boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, module)
);

-- The organization's logo (PNG, JPEG or WebP, checked by magic bytes, at most 512 KB).
CREATE TABLE organization_logos (
  organization_id uuid PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
  content_type text NOT NULL,
  data_base64 text NOT NULL,
  size_bytes integer NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Journal filters and per-day counts.
CREATE INDEX log_entries_org_level_time_idx ON log_entries (organization_id, level, created_at DESC);
