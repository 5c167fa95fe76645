-- Issue 9 (ADR 0007).

-- Hits of the rate limits (@fastify/rate-limit with server/http/rate-limits.ts as its store), shared by
-- every app node: one row per limit and key, counted in a fixed window that ends at reset_at.
CREATE TABLE rate_limit_hits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  reset_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_hits_reset_idx ON rate_limit_hits (reset_at);

-- Browsers (device cookie) and addresses a user signed in from: a stranger's guesses on the account do not
-- slow down a sign-in from them (ADR 0002). Hashes only.
CREATE TABLE login_known_sources (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  source_hash text NOT NULL,
  last_success_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, source_hash)
);
CREATE INDEX login_known_sources_time_idx ON login_known_sources (last_success_at);

-- A visitor's CSRF token before sign-in is now a signed cookie: anonymous sessions are no longer stored.
DELETE FROM sessions WHERE user_id IS NULL;
