// Operator walk O11 (docs/adr/0367): what an operator scraping many processes and running the
// operator tools meets, checked without starting a service. The metrics pages go through the
// Prometheus project's own linter (`promtool check metrics`, Debian's prometheus package, as
// test/infra/alerts.unit.test.ts); the configuration cases follow docs/configuration.md.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { loadDbConfig } from "../../packages/db/src/config";
import { loadAdminRedisConfig } from "../../apps/admin/src/config";
import { loadConfig } from "../../apps/api/src/config";
import { loadWorkerConfig } from "../../apps/worker/src/config";
import { createHttpMetrics } from "../../apps/api/src/ops/metrics";
import { createWorkerMetrics } from "../../apps/worker/src/metrics";
import { describeImport } from "../../apps/admin/src/commands/instruments";

function checkMetrics(page: string): { status: number | null; output: string } {
  const run = spawnSync("promtool", ["check", "metrics"], { input: page, encoding: "utf8" });
  if (run.error) throw new Error(`promtool is needed (apt-get install prometheus): ${run.error.message}`);
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe("the /metrics pages under promtool check metrics", () => {
  it("when the API's page (process metrics included) is checked, then promtool finds nothing", async () => {
    const page = await createHttpMetrics(true).registry.metrics();
    expect(checkMetrics(page)).toEqual({ status: 0, output: "" });
  });

  it("when the worker's page is checked, then promtool finds nothing", async () => {
    const metrics = createWorkerMetrics();
    metrics.runFinished({ kind: "indicator", status: "failed", failure: "script", durationSeconds: 0.2, queueWaitSeconds: 0.01, barsEvaluated: 300 });
    expect(checkMetrics(await metrics.registry.metrics())).toEqual({ status: 0, output: "" });
  });

  it("when a page is checked, then the active handles are still there, by type", async () => {
    const page = await createWorkerMetrics().registry.metrics();
    expect(page).toMatch(/^# TYPE barscript_worker_nodejs_active_handles gauge$/m);
  });
});

describe("DATABASE_URL for the operator CLI and migrate (docs/configuration.md: an empty value is unset in every process)", () => {
  it("when DATABASE_URL is empty, then the default database is used", () => {
    expect(loadDbConfig({ DATABASE_URL: "" })).toEqual({ databaseUrl: "postgresql://postgres@127.0.0.1:5432/barscript" });
    expect(loadDbConfig({ DATABASE_URL: "  " })).toEqual({ databaseUrl: "postgresql://postgres@127.0.0.1:5432/barscript" });
  });

  it("when DATABASE_URL is not a URL, then the start stops naming it", () => {
    expect(() => loadDbConfig({ DATABASE_URL: "barscript" })).toThrow(/^invalid configuration: DATABASE_URL: /);
  });
});

describe("URLs of the wrong kind stop the start (docs/configuration.md), where they were taken and failed later or printed broken links", () => {
  const secret = { APP_SECRET: "o11-".repeat(10) };

  it("when PUBLIC_URL has no http(s) scheme, then the API refuses it naming the variable", () => {
    // `localhost:8080` parsed as a URL of scheme `localhost:`: the sign-in links read `localhost:8080/device`.
    for (const value of ["localhost:8080", "barscript.example.com:443", "ftp://barscript.example.com"]) {
      expect(() => loadConfig({ ...secret, PUBLIC_URL: value })).toThrow("invalid configuration: PUBLIC_URL: must be an http:// or https:// URL");
    }
    expect(loadConfig({ ...secret, PUBLIC_URL: "https://barscript.example.com/" }).publicUrl).toBe("https://barscript.example.com");
  });

  it("when REDIS_URL is not a redis:// or rediss:// URL, then API, worker and operator CLI refuse it", () => {
    for (const value of ["localhost:6379", "http://127.0.0.1:6379"]) {
      const message = "invalid configuration: REDIS_URL: must be a redis:// or rediss:// URL";
      expect(() => loadConfig({ ...secret, REDIS_URL: value })).toThrow(message);
      expect(() => loadWorkerConfig({ REDIS_URL: value })).toThrow(message);
      expect(() => loadAdminRedisConfig({ REDIS_URL: value })).toThrow(message);
    }
    expect(loadWorkerConfig({ REDIS_URL: "rediss://:pw@redis.example.com:6380/0" }).redisUrl).toBe("rediss://:pw@redis.example.com:6380/0");
  });

  it("when DATABASE_URL is not a postgres:// or postgresql:// URL, then every process refuses it", () => {
    const message = "invalid configuration: DATABASE_URL: must be a postgresql:// URL";
    expect(() => loadConfig({ ...secret, DATABASE_URL: "mysql://root@127.0.0.1/barscript" })).toThrow(message);
    expect(() => loadWorkerConfig({ DATABASE_URL: "mysql://root@127.0.0.1/barscript" })).toThrow(message);
    expect(() => loadDbConfig({ DATABASE_URL: "mysql://root@127.0.0.1/barscript" })).toThrow(message);
    expect(loadDbConfig({ DATABASE_URL: "postgres://u:p@db:5432/b?sslmode=require" }).databaseUrl).toBe("postgres://u:p@db:5432/b?sslmode=require");
  });
});

describe("the line `instruments import` prints", () => {
  it("when a file extends an instrument, then the line tells the bars read from the counts now stored", () => {
    // The demo's second SPY minute file printed `SPY: 17577 bars read; 1m imported 31757 bars ...`:
    // 31,757 is the stored series (both files), not what this file imported.
    const line = describeImport({
      instrumentId: "ins_spy", symbol: "SPY", created: false, bars: 17_577,
      series: [
        { timeframe: "1m", origin: "imported", coverage: { from: 1_294_045_260, to: 1_301_615_940, bars: 31_757 } },
        { timeframe: "5m", origin: "derived", coverage: { from: 1_294_045_200, to: 1_301_615_700, bars: 7_589 } },
        { timeframe: "1w", origin: "derived", coverage: null },
      ],
    });
    expect(line).toBe("SPY: 17577 bars read; now stored: 1m 31757 bars 2011-01-03T09:01:00Z..2011-03-31T23:59:00Z (imported); 5m 7589 bars 2011-01-03T09:00:00Z..2011-03-31T23:55:00Z (derived); 1w none (derived)");
  });
});

describe("METRICS_PORT of the API", () => {
  it("when it is PORT's own port, then the start stops naming it, where the API died on `listen EADDRINUSE`", () => {
    expect(() => loadConfig({ APP_SECRET: "o11-".repeat(10), PORT: "8080", METRICS_PORT: "8080" })).toThrow("invalid configuration: METRICS_PORT: is PORT's port 8080; leave it unset (or 0) to serve /metrics on PORT");
    expect(loadConfig({ APP_SECRET: "o11-".repeat(10), PORT: "8080", METRICS_PORT: "9464" }).metricsPort).toBe(9464);
    expect(loadConfig({ APP_SECRET: "o11-".repeat(10), PORT: "0", METRICS_PORT: "0" }).metricsPort).toBe(0);
  });
});

describe("npm run up checks the services' configuration before it migrates, seeds and builds", () => {
  // A value the API or the worker refuses (here REDIS_URL without its scheme) stopped them only
  // after up had migrated, seeded and built the web app, a minute or more later.
  it("when .env holds a value a service refuses, then up stops at once with that service's message", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/lib/check-config.ts"], {
      cwd: join(__dirname, "../.."),
      env: { PATH: process.env["PATH"] ?? "", APP_SECRET: "o11-".repeat(10), REDIS_URL: "localhost:6379", METRICS_PORT: "9464", PORT: "9464" },
      encoding: "utf8",
    });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 1, stderr: "api: invalid configuration: REDIS_URL: must be a redis:// or rediss:// URL\nworker: invalid configuration: REDIS_URL: must be a redis:// or rediss:// URL\n" });
  });

  it("when the configuration is good, then the check passes silently", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/lib/check-config.ts"], { cwd: join(__dirname, "../.."), env: { PATH: process.env["PATH"] ?? "", APP_SECRET: "o11-".repeat(10), METRICS_PORT: "9464" }, encoding: "utf8" });
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ status: 0, stdout: "", stderr: "" });
  });
});
