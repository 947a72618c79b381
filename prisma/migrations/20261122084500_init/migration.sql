-- CreateEnum
CREATE TYPE "AccountStatus" AS ENUM ('waitlist', 'active');

-- CreateEnum
CREATE TYPE "ScriptKind" AS ENUM ('indicator', 'definition', 'study', 'library');

-- CreateEnum
CREATE TYPE "SlugClass" AS ENUM ('script', 'study');

-- CreateEnum
CREATE TYPE "Visibility" AS ENUM ('private', 'public');

-- CreateEnum
CREATE TYPE "InstrumentStatus" AS ENUM ('ready', 'backfilling');

-- CreateEnum
CREATE TYPE "AssetClass" AS ENUM ('equity', 'etf', 'crypto', 'fx', 'index', 'future');

-- CreateEnum
CREATE TYPE "SeriesOrigin" AS ENUM ('imported', 'derived');

-- CreateEnum
CREATE TYPE "RunStatus" AS ENUM ('queued', 'running', 'succeeded', 'failed', 'cancelled');

-- CreateEnum
CREATE TYPE "RunSource" AS ENUM ('api', 'app', 'study');

-- CreateEnum
CREATE TYPE "DeviceAuthStatus" AS ENUM ('pending', 'approved', 'denied', 'exchanged');

-- CreateTable
CREATE TABLE "plans" (
    "name" TEXT NOT NULL,
    "apiAccess" BOOLEAN NOT NULL,
    "requestsPerMinute" INTEGER NOT NULL,
    "concurrentHeavy" INTEGER NOT NULL,
    "concurrentWaits" INTEGER NOT NULL,
    "concurrentRuns" INTEGER NOT NULL,
    "historyStart" DATE,
    "scriptsCap" INTEGER NOT NULL,
    "definitionsCap" INTEGER NOT NULL,
    "eventsPerMonth" INTEGER NOT NULL,
    "computeUnitsPerMonth" INTEGER NOT NULL,
    "runTimeLimitSeconds" INTEGER NOT NULL,

    CONSTRAINT "plans_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "accounts" (
    "id" TEXT NOT NULL,
    "handle" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "status" "AccountStatus" NOT NULL DEFAULT 'waitlist',
    "planName" TEXT NOT NULL DEFAULT 'free',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "secretHash" TEXT NOT NULL,
    "scopes" TEXT[],
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3),
    "lastUsedAt" TIMESTAMPTZ(3),
    "revokedAt" TIMESTAMPTZ(3),

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "device_authorizations" (
    "id" TEXT NOT NULL,
    "deviceCodeHash" TEXT NOT NULL,
    "userCode" TEXT NOT NULL,
    "clientName" TEXT NOT NULL,
    "scopes" TEXT[],
    "status" "DeviceAuthStatus" NOT NULL DEFAULT 'pending',
    "intervalSecs" INTEGER NOT NULL DEFAULT 5,
    "lastPolledAt" TIMESTAMPTZ(3),
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "accountId" TEXT,
    "keyName" TEXT,
    "keyExpiresAt" TIMESTAMPTZ(3),
    "apiKeyId" TEXT,

    CONSTRAINT "device_authorizations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "web_sessions" (
    "id" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "web_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "scripts" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "slugClass" "SlugClass" NOT NULL,
    "kind" "ScriptKind" NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "visibility" "Visibility" NOT NULL DEFAULT 'private',
    "latestVersion" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "scripts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "script_versions" (
    "id" TEXT NOT NULL,
    "scriptId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "files" JSONB NOT NULL,
    "digest" TEXT NOT NULL,
    "interface" JSONB NOT NULL,
    "dependencies" JSONB NOT NULL,
    "message" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "script_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "instruments" (
    "id" TEXT NOT NULL,
    "symbol" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "exchange" TEXT NOT NULL,
    "assetClass" "AssetClass" NOT NULL,
    "currency" TEXT NOT NULL,
    "timezone" TEXT NOT NULL,
    "status" "InstrumentStatus" NOT NULL DEFAULT 'ready',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "instruments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "instrument_series" (
    "instrumentId" TEXT NOT NULL,
    "timeframe" TEXT NOT NULL,
    "origin" "SeriesOrigin" NOT NULL,
    "firstTime" TIMESTAMPTZ(3) NOT NULL,
    "lastTime" TIMESTAMPTZ(3) NOT NULL,
    "bars" INTEGER NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "instrument_series_pkey" PRIMARY KEY ("instrumentId","timeframe")
);

-- CreateTable
CREATE TABLE "bar_chunks" (
    "instrumentId" TEXT NOT NULL,
    "timeframe" TEXT NOT NULL,
    "chunkStart" TIMESTAMPTZ(3) NOT NULL,
    "firstTime" TIMESTAMPTZ(3) NOT NULL,
    "lastTime" TIMESTAMPTZ(3) NOT NULL,
    "barCount" INTEGER NOT NULL,
    "time" BYTEA NOT NULL,
    "open" BYTEA NOT NULL,
    "high" BYTEA NOT NULL,
    "low" BYTEA NOT NULL,
    "close" BYTEA NOT NULL,
    "volume" BYTEA NOT NULL,

    CONSTRAINT "bar_chunks_pkey" PRIMARY KEY ("instrumentId","timeframe","chunkStart")
);

-- CreateTable
CREATE TABLE "runs" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "kind" "ScriptKind" NOT NULL,
    "scriptId" TEXT,
    "scriptOwnerId" TEXT NOT NULL,
    "scriptSlug" TEXT NOT NULL,
    "scriptVersion" INTEGER NOT NULL,
    "instrument" TEXT NOT NULL,
    "timeframe" TEXT NOT NULL,
    "windowFrom" TIMESTAMPTZ(3),
    "windowTo" TIMESTAMPTZ(3),
    "requestedFrom" TIMESTAMPTZ(3),
    "requestedTo" TIMESTAMPTZ(3),
    "windowBars" INTEGER NOT NULL DEFAULT 0,
    "inputs" JSONB NOT NULL,
    "status" "RunStatus" NOT NULL DEFAULT 'queued',
    "failureKind" TEXT,
    "failureMessage" TEXT,
    "failureRetryable" BOOLEAN,
    "summary" JSONB,
    "source" "RunSource" NOT NULL DEFAULT 'api',
    "idempotencyKey" TEXT,
    "parentRunId" TEXT,
    "cancelRequested" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMPTZ(3),
    "finishedAt" TIMESTAMPTZ(3),
    "expiresAt" TIMESTAMPTZ(3),
    "resultsExpiredAt" TIMESTAMPTZ(3),

    CONSTRAINT "runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "run_output_chunks" (
    "runId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "firstIndex" INTEGER NOT NULL,
    "pointCount" INTEGER NOT NULL,
    "columns" TEXT[],
    "data" BYTEA NOT NULL,

    CONSTRAINT "run_output_chunks_pkey" PRIMARY KEY ("runId","seq")
);

-- CreateTable
CREATE TABLE "study_results" (
    "runId" TEXT NOT NULL,
    "result" JSONB NOT NULL,

    CONSTRAINT "study_results_pkey" PRIMARY KEY ("runId")
);

-- CreateTable
CREATE TABLE "events" (
    "id" BIGSERIAL NOT NULL,
    "runId" TEXT NOT NULL,
    "scriptId" TEXT,
    "accountId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "instrument" TEXT NOT NULL,
    "timeframe" TEXT NOT NULL,
    "time" TIMESTAMPTZ(3) NOT NULL,
    "price" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "usage_counters" (
    "accountId" TEXT NOT NULL,
    "period" DATE NOT NULL,
    "computeUnits" BIGINT NOT NULL DEFAULT 0,
    "events" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "usage_counters_pkey" PRIMARY KEY ("accountId","period")
);

-- CreateIndex
CREATE UNIQUE INDEX "accounts_handle_key" ON "accounts"("handle");

-- CreateIndex
CREATE UNIQUE INDEX "accounts_email_key" ON "accounts"("email");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_secretHash_key" ON "api_keys"("secretHash");

-- CreateIndex
CREATE INDEX "api_keys_accountId_createdAt_id_idx" ON "api_keys"("accountId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "device_authorizations_deviceCodeHash_key" ON "device_authorizations"("deviceCodeHash");

-- CreateIndex
CREATE UNIQUE INDEX "device_authorizations_userCode_key" ON "device_authorizations"("userCode");

-- CreateIndex
CREATE INDEX "device_authorizations_expiresAt_idx" ON "device_authorizations"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "web_sessions_tokenHash_key" ON "web_sessions"("tokenHash");

-- CreateIndex
CREATE INDEX "web_sessions_accountId_idx" ON "web_sessions"("accountId");

-- CreateIndex
CREATE INDEX "scripts_ownerId_slug_idx" ON "scripts"("ownerId", "slug");

-- CreateIndex
CREATE INDEX "scripts_ownerId_createdAt_id_idx" ON "scripts"("ownerId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "scripts_visibility_kind_updatedAt_idx" ON "scripts"("visibility", "kind", "updatedAt");

-- CreateIndex
CREATE UNIQUE INDEX "scripts_ownerId_slugClass_slug_key" ON "scripts"("ownerId", "slugClass", "slug");

-- CreateIndex
CREATE INDEX "script_versions_digest_idx" ON "script_versions"("digest");

-- CreateIndex
CREATE UNIQUE INDEX "script_versions_scriptId_version_key" ON "script_versions"("scriptId", "version");

-- CreateIndex
CREATE UNIQUE INDEX "instruments_symbol_key" ON "instruments"("symbol");

-- CreateIndex
CREATE INDEX "bar_chunks_instrumentId_timeframe_lastTime_idx" ON "bar_chunks"("instrumentId", "timeframe", "lastTime");

-- CreateIndex
CREATE INDEX "runs_accountId_createdAt_id_idx" ON "runs"("accountId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "runs_status_createdAt_idx" ON "runs"("status", "createdAt");

-- CreateIndex
CREATE INDEX "runs_expiresAt_idx" ON "runs"("expiresAt");

-- CreateIndex
CREATE INDEX "runs_parentRunId_idx" ON "runs"("parentRunId");

-- CreateIndex
CREATE UNIQUE INDEX "runs_accountId_idempotencyKey_key" ON "runs"("accountId", "idempotencyKey");

-- CreateIndex
CREATE INDEX "events_scriptId_instrument_timeframe_time_idx" ON "events"("scriptId", "instrument", "timeframe", "time");

-- CreateIndex
CREATE INDEX "events_runId_time_id_idx" ON "events"("runId", "time", "id");

-- CreateIndex
CREATE INDEX "events_accountId_scriptId_time_id_idx" ON "events"("accountId", "scriptId", "time", "id");

-- AddForeignKey
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_planName_fkey" FOREIGN KEY ("planName") REFERENCES "plans"("name") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_authorizations" ADD CONSTRAINT "device_authorizations_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "web_sessions" ADD CONSTRAINT "web_sessions_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scripts" ADD CONSTRAINT "scripts_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "script_versions" ADD CONSTRAINT "script_versions_scriptId_fkey" FOREIGN KEY ("scriptId") REFERENCES "scripts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "instrument_series" ADD CONSTRAINT "instrument_series_instrumentId_fkey" FOREIGN KEY ("instrumentId") REFERENCES "instruments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bar_chunks" ADD CONSTRAINT "bar_chunks_instrumentId_fkey" FOREIGN KEY ("instrumentId") REFERENCES "instruments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_scriptId_fkey" FOREIGN KEY ("scriptId") REFERENCES "scripts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "run_output_chunks" ADD CONSTRAINT "run_output_chunks_runId_fkey" FOREIGN KEY ("runId") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "study_results" ADD CONSTRAINT "study_results_runId_fkey" FOREIGN KEY ("runId") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "events" ADD CONSTRAINT "events_runId_fkey" FOREIGN KEY ("runId") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "events" ADD CONSTRAINT "events_scriptId_fkey" FOREIGN KEY ("scriptId") REFERENCES "scripts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "usage_counters" ADD CONSTRAINT "usage_counters_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
