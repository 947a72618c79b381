-- Sweeps (docs/adr/0056-sweeps.md): one definition over a grid of inputs on several instruments,
-- evaluated as one queued job; its ranked rows are kept as one JSON text once it succeeds.
CREATE TABLE "sweeps" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "scriptId" TEXT,
    "scriptOwnerId" TEXT NOT NULL,
    "scriptSlug" TEXT NOT NULL,
    "scriptVersion" INTEGER NOT NULL,
    "spec" JSONB NOT NULL,
    "status" "RunStatus" NOT NULL DEFAULT 'queued',
    "failureKind" TEXT,
    "failureMessage" TEXT,
    "failureRetryable" BOOLEAN,
    "progressDone" INTEGER NOT NULL DEFAULT 0,
    "progressTotal" INTEGER NOT NULL,
    "summary" JSONB,
    "rows" TEXT,
    "idempotencyKey" TEXT,
    "cancelRequested" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMPTZ(3),
    "finishedAt" TIMESTAMPTZ(3),
    "expiresAt" TIMESTAMPTZ(3),

    CONSTRAINT "sweeps_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "sweeps_accountId_idempotencyKey_key" ON "sweeps"("accountId", "idempotencyKey");
CREATE INDEX "sweeps_accountId_createdAt_id_idx" ON "sweeps"("accountId", "createdAt", "id");
CREATE INDEX "sweeps_status_createdAt_idx" ON "sweeps"("status", "createdAt");
CREATE INDEX "sweeps_expiresAt_idx" ON "sweeps"("expiresAt");
ALTER TABLE "sweeps" ADD CONSTRAINT "sweeps_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
