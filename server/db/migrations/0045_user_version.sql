-- A user row carries a version, like the référentiels and the settings: the role form (PATCH /api/users/:id) and
-- the profile form (PUT /api/account) send the version they were loaded with, and a stale one answers 409 instead
-- of overwriting a change made in between. Every update of the row increments it.
ALTER TABLE users ADD COLUMN version integer NOT NULL DEFAULT 1;
