-- One import at a time per feed, exact across processes: at most one 'running' run per feed. The import
-- engine turns the violation into its 409 "import already running" answer.

-- Runs left 'running' by a stopped process would block the index: all but the newest of a feed are closed.
UPDATE diamond_import_runs r
SET status = 'failed',
  error = 'Import interrompu (le serveur s''est arrêté pendant la lecture)',
  finished_at = now()
WHERE r.status = 'running'
  AND EXISTS (
    SELECT 1 FROM diamond_import_runs newer
    WHERE newer.feed_id = r.feed_id AND newer.status = 'running'
      AND (newer.started_at, newer.id) > (r.started_at, r.id)
  );

CREATE UNIQUE INDEX diamond_import_runs_running_idx ON diamond_import_runs (feed_id) WHERE status = 'running';
