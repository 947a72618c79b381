-- queued -> running (only if still queued and not being cancelled) in one statement whose commit
-- does not wait for its WAL flush (docs/adr/0080-running-commits-asynchronously.md): the setting
-- is local to this statement's transaction, so every other commit stays synchronous, and the
-- run's final write, which is synchronous, flushes this record with its own. Answers the rows
-- moved (0 or 1).
CREATE FUNCTION runs_mark_running(p_id text, p_at timestamptz) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  moved integer;
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  UPDATE runs SET status = 'running', "startedAt" = p_at WHERE id = p_id AND status = 'queued' AND NOT "cancelRequested";
  GET DIAGNOSTICS moved = ROW_COUNT;
  RETURN moved;
END $$;
