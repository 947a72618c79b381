// Conformance to docs/reference/ (api.md, endpoints.md, errors.md), checked over HTTP as an outside
// client written from the reference would check it; each case failed on the tree before its fix
// (docs/adr/0064-run-logs.md, docs/adr/0065-interface-appearance.md):
// - GET /v1/runs/{run_id}/logs answered 404 for a study run, where the reference gives every run
//   its log lines (only drawings are an indicator run's alone);
// - POST /v1/auth/token answered without Cache-Control: no-store and Pragma: no-cache (RFC 6749
//   section 5.1: a token response, success or error, is never cached);
// - a definition's and a study's Interface had no `overlay` and no `hlines`, which the reference
//   lists among every Interface's fields;
// - a study whose definition raised a runtime error on every bar failed with kind data_not_ready
//   (the reference's "a study's definition could not run over history") but retryable, although
//   running it again gives the same error: now not retryable, its message naming the error.
import { writeFlatSeries } from "../../../test/support/bars";
import { RunsHarness, type Client } from "./runs-harness";

jest.setTimeout(120_000);

const h = new RunsHarness();
let client: Client;
let handle: string;

const DAY = 86_400;
const T0 = Date.UTC(2020, 0, 1) / 1000;
const COUNT = 600;
const iso = (seconds: number): string => new Date(seconds * 1000).toISOString().replace(/\.000Z$/, "Z");

const LOGGER = `//@version=6
definition("Logger")
log.info("def")
alertcondition(close > 0, "bar", "bar")
`;
const LOGGING_STUDY = `//@version=6
study("Logging study", horizons = [1])
use("logger")
log.warning("body")
group("all", "all")
`;
const BROKEN = `//@version=6
definition("Broken")
x = array.get(array.new_float(0), 3)
alertcondition(x > 0, "never", "never")
`;
const BROKEN_STUDY = `//@version=6
study("Broken study")
use("broken")
`;

async function create(slug: string, source: string): Promise<void> {
  const r = await client.call("POST", "/scripts", { slug, files: [{ path: "main.pine", content: source }] });
  if (r.status !== 201) throw new Error(`POST /scripts ${slug}: ${r.status} ${r.text}`);
}

async function finalOf(script: string): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await client.start({ script, instrument: "OLG", timeframe: "1d", from: iso(T0), to: iso(T0 + (COUNT - 1) * DAY), wait: 60 });
  if (r.status !== 202) throw new Error(`POST /runs: ${r.status} ${r.text}`);
  return ["queued", "running"].includes(r.json.status as string) ? client.final(r.json.id as string) : r.json;
}

beforeAll(async () => {
  await h.setup();
  const a = await h.account();
  client = a.client;
  handle = a.handle;
  await writeFlatSeries(h.env.db, { id: "ins_olg", symbol: "OLG", timeframe: "1d", t0: T0, step: DAY, count: COUNT, value: (i) => 100 + (i % 7) });
  await create("logger", LOGGER);
  await create("logging-study", LOGGING_STUDY);
  await create("broken", BROKEN);
  await create("broken-study", BROKEN_STUDY);
});
afterAll(() => h.teardown());

describe("GET /v1/runs/{run_id}/logs of a study run", () => {
  it("when the study and its definition log on every bar, then the run keeps their first 1,000 lines by bar and counts the rest", async () => {
    const run = await finalOf("logging-study");
    expect(run.status).toBe("succeeded");
    expect(run.window.bars).toBe(COUNT);
    // 600 bars, two lines a bar (the definition's, then the body's): 1,200 lines, 1,000 kept
    expect(run.summary).toMatchObject({ logs: 1000, logs_dropped: 200 });
    const page = await client.call("GET", `/runs/${run.id}/logs?limit=1000`);
    expect(page.status).toBe(200);
    expect(page.json.next_cursor).toBeNull();
    const lines = page.json.data as Array<{ time: string; level: string; message: string }>;
    expect(lines).toHaveLength(1000);
    expect(lines[0]).toEqual({ time: iso(T0), level: "info", message: "def" });
    expect(lines[1]).toEqual({ time: iso(T0), level: "warning", message: "body" });
    expect(lines[998]).toEqual({ time: iso(T0 + 499 * DAY), level: "info", message: "def" });
    expect(lines[999]).toEqual({ time: iso(T0 + 499 * DAY), level: "warning", message: "body" });
    // paged as an indicator run's lines are
    const first = await client.call("GET", `/runs/${run.id}/logs?limit=3`);
    expect(first.json.data).toEqual(lines.slice(0, 3));
    const next = await client.call("GET", `/runs/${run.id}/logs?limit=3&cursor=${encodeURIComponent(first.json.next_cursor as string)}`);
    expect(next.json.data).toEqual(lines.slice(3, 6));
  });
});

describe("a study whose definition raises a runtime error on every bar", () => {
  it("when it runs, then it fails with kind data_not_ready, not retryable, naming the definition, the first bar and the error", async () => {
    const run = await finalOf("broken-study");
    expect(run.status).toBe("failed");
    expect(run.failure).toMatchObject({ kind: "data_not_ready", retryable: false });
    expect(run.failure.message).toContain(`${handle}/broken`);
    expect(run.failure.message).toContain(`first on the bar of ${new Date(T0 * 1000).toISOString()}`);
    // the same error a run of the definition itself reports
    const own = await finalOf("broken");
    expect(own.failure).toMatchObject({ kind: "script", retryable: false });
    const reason = (own.failure.message as string).replace(/^[^:]*: /, "").replace(/[.!?]$/, "");
    expect(reason.length).toBeGreaterThan(0);
    expect(run.failure.message).toContain(reason);
    // its logs: 409 as for any run that did not succeed
    expect((await client.call("GET", `/runs/${run.id}/logs`)).status).toBe(409);
  });
});

describe("POST /v1/auth/token is never cached", () => {
  it.each([
    ["an unknown device code", JSON.stringify({ device_code: "no-such-code" }), 400],
    ["a body that is not JSON", "{", 400],
  ])("when the exchange is refused for %s, then the answer carries Cache-Control: no-store and Pragma: no-cache", async (_what, body, status) => {
    const r = await fetch(`${h.api.url}/v1/auth/token`, { method: "POST", headers: { "content-type": "application/json" }, body });
    expect(r.status).toBe(status);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.headers.get("pragma")).toBe("no-cache");
  });
});

describe("every Interface has overlay and hlines", () => {
  it("when a definition or study is saved, read or validated, then its Interface says overlay false and its hlines; one stored without them answers false and []", async () => {
    const levels = `//@version=6
definition("Levels")
hline(70, "upper", color = color.red)
alertcondition(close > 0, "bar", "bar")
`;
    const saved = await client.call("POST", "/scripts", { slug: "levels", visibility: "public", files: [{ path: "main.pine", content: levels }] });
    expect(saved.status).toBe(201);
    expect(saved.json.interface).toMatchObject({ overlay: false, hlines: [{ price: 70, title: "upper", color: "#F23645FF" }] });
    const hline = { price: 70, title: "upper", color: "#F23645FF" };
    for (const path of ["/scripts/levels", `/library/${handle}/levels`, "/scripts/logger", "/scripts/logging-study"]) {
      const r = await client.call("GET", path);
      expect(r.status).toBe(200);
      expect(r.json.interface).toMatchObject({ overlay: false, hlines: path.endsWith("/levels") ? [hline] : [] });
    }
    const checked = await client.call("POST", "/scripts/validate", { files: [{ path: "main.pine", content: levels }] });
    expect(checked.json.interface).toMatchObject({ overlay: false, hlines: [hline] });
    // a version stored before every kind had them
    const script = await h.env.db.script.findFirstOrThrow({ where: { slug: "logger" } });
    const row = await h.env.db.scriptVersion.findFirstOrThrow({ where: { scriptId: script.id } });
    const { overlay: _o, hlines: _h, ...older } = row.interface as Record<string, unknown>;
    await h.env.db.scriptVersion.updateMany({ where: { scriptId: row.scriptId, version: row.version }, data: { interface: older as object } });
    const read = await client.call("GET", "/scripts/logger");
    expect(read.json.interface).toMatchObject({ overlay: false, hlines: [] });
  });
});
