-- A run start in one statement (docs/performance.md): the per-account advisory lock, then the
-- month's compute units, the run holding the Idempotency-Key and the queue cap, then the insert.
-- Each statement of a volatile function takes its own snapshot, so the reads after the lock see
-- every start committed before it; the lock is held only while this one statement runs (no
-- connection waits idle in a transaction). Answers the run inserted, or the run that holds the
-- key, or no row when the units are used up or the queue is full (the caller says which).
CREATE FUNCTION runs_start(p jsonb, queue_cap integer, units_cap bigint, period date) RETURNS SETOF runs
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  account text := p->>'accountId';
  key text := p->>'idempotencyKey';
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('runs:' || account, 0));
  IF COALESCE((SELECT u."computeUnits" FROM usage_counters u WHERE u."accountId" = account AND u.period = runs_start.period), 0) >= units_cap THEN
    RETURN;
  END IF;
  IF key IS NOT NULL THEN
    RETURN QUERY SELECT * FROM runs r WHERE r."accountId" = account AND r."idempotencyKey" = key;
    IF FOUND THEN RETURN; END IF;
  END IF;
  IF queue_cap IS NOT NULL AND (SELECT count(*) FROM runs r WHERE r."accountId" = account AND r.source = 'api' AND r.status IN ('queued', 'running')) >= queue_cap THEN
    RETURN;
  END IF;
  RETURN QUERY
    INSERT INTO runs (id, "accountId", kind, "scriptId", "scriptOwnerId", "scriptSlug", "scriptVersion", instrument, timeframe,
                      "windowFrom", "windowTo", "requestedFrom", "requestedTo", "windowBars", inputs, status, source, "idempotencyKey", "parentRunId", "createdAt")
    SELECT n.id, n."accountId", n.kind, n."scriptId", n."scriptOwnerId", n."scriptSlug", n."scriptVersion", n.instrument, n.timeframe,
           n."windowFrom", n."windowTo", n."requestedFrom", n."requestedTo", n."windowBars", n.inputs, 'queued', n.source, n."idempotencyKey", n."parentRunId", n."createdAt"
    FROM jsonb_populate_record(NULL::runs, p) n
    ON CONFLICT DO NOTHING
    RETURNING *;
END
$$;
