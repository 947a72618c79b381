-- What an indicator or definition run leaves besides its output columns and events: the drawings
-- remaining after the last bar (indicators) and the first 1,000 log.* lines
-- (docs/adr/0063-drawings-as-data.md, docs/adr/0064-run-logs.md). Deleted with the run's other
-- results when they expire.
CREATE TABLE "run_artifacts" (
    "runId" TEXT NOT NULL,
    "drawings" JSONB,
    "logs" JSONB NOT NULL,
    CONSTRAINT "run_artifacts_pkey" PRIMARY KEY ("runId")
);

ALTER TABLE "run_artifacts" ADD CONSTRAINT "run_artifacts_runId_fkey" FOREIGN KEY ("runId") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
