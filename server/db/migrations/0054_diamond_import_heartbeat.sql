-- The heartbeat of an import run: stamped when the run starts and with each staged batch. A 'running' run
-- silent for 10 minutes (its process stopped mid-import) is marked failed by the next import of its feed,
-- instead of blocking the feed for hours. Runs recorded before it are judged by their start.
ALTER TABLE diamond_import_runs ADD COLUMN heartbeat_at timestamptz;
