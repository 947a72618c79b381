// Conformance to docs/reference/ checked over HTTP as an outside client would, sixth round
// (docs/adr/0333-csv-answers-carry-etags.md): run drawings (#30) and logs (#31), sweeps, study
// statistics, HTTP semantics and the OpenAPI document the API serves. Each case failed on the
// tree before its fix:
// - CSV answers (an indicator run's results, a definition run's events, a definition's events)
//   carried no ETag, although api.md gives one to every successful GET and the OpenAPI document
//   lists it on their 200: If-None-Match could never answer 304;
// - no operation of the OpenAPI document listed 503 `busy` (with Retry-After), which every /v1
//   call answers while Postgres or Redis is briefly unreachable (errors.md);
// - #30 said every drawing kind is capped at most 500 by its declaration's count: polylines stop
//   at 100 (TradingView's reference: max_polylines_count "Possible values: 1-100") and tables have
//   no declaration count (500);
// - language.md named only the baseline's `t_stat` as null; its `p_value` and `abnormal_mean` are too;
// - limits-and-plans.md gave no page sizes for sweeps, a sweep's rows and a run's log lines;
// - api.md said a sweep row's p value is adjusted "for the number of combinations tried": Holm runs
//   over the combinations that have a p value at that horizon (docs/adr/0055), so a combination
//   with no event does not count;
// - paths were matched ignoring case: `/V1/me`, `/v1/ME`, `/OPENAPI.JSON`, `/Healthz` and `/LOGIN`
//   answered as the documented paths, while `/APP/` and `/Docs` were 404.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { RunsHarness, type Answer, type Client } from "./runs-harness";

jest.setTimeout(120_000);

const h = new RunsHarness();
let client: Client;

const DOCS = join(__dirname, "../../../docs/reference");
const files = (content: string): Array<{ path: string; content: string }> => [{ path: "main.pine", content }];

const INDICATOR = `//@version=6\nindicator("Close")\nplot(close, "c")\n`;
const DEFINITION = `//@version=6\ndefinition("Sides")\nalertcondition(close > open, "up")\nalertcondition(close <= open, "down")\n`;
// One polyline, one label and one table on every bar, placed by time (no bar_index: no warmup).
const DRAWS = `//@version=6
indicator("Caps", overlay = true, max_polylines_count = 200, max_labels_count = 600)
polyline.new(array.from(chart.point.from_time(time, low), chart.point.from_time(time, high)), xloc = xloc.bar_time)
label.new(time, high, "x", xloc = xloc.bar_time)
table.new(position.top_right, 1, 1)
plot(close, "c")
`;
// An event on 2013-02-26 and on 2013-02-27 only (AAPL's bars end on 2013-03-01).
const TWO_DAYS = `//@version=6\ndefinition("Two days")\nalertcondition(time == timestamp("2013-02-26T00:00:00Z") or time == timestamp("2013-02-27T00:00:00Z"), "day")\n`;
const ABOVE = `//@version=6\ndefinition("Above")\nthr = input.float(0, "Threshold")\nalertcondition(close > thr, "above")\n`;
const STUDY = `//@version=6\nstudy("Two days after", horizons = [1])\nuse("two-days")\n`;

async function create(slug: string, source: string): Promise<void> {
  const r = await client.call("POST", "/scripts", { slug, files: files(source) });
  if (r.status !== 201) throw new Error(`POST /scripts ${slug}: ${r.status} ${r.text}`);
}

async function run(body: Record<string, unknown>): Promise<string> {
  const r = await client.start({ instrument: "AAPL", timeframe: "1d", wait: 60, ...body });
  if (r.status !== 202) throw new Error(`POST /runs: ${r.status} ${r.text}`);
  const final = ["queued", "running"].includes(r.json.status as string) ? await client.final(r.json.id as string) : r.json;
  expect(final.status).toBe("succeeded");
  return r.json.id as string;
}

const get = (path: string, headers: Record<string, string> = {}): Promise<Answer> => client.call("GET", path, undefined, headers);

/**
 * A conditional GET by fetch, as browsers and Node clients send it: fetch adds `Cache-Control:
 * no-cache` beside If-None-Match, and the API, the origin, still evaluates it (docs/adr/0338).
 */
async function plainGet(path: string, headers: Record<string, string>): Promise<{ status: number; etag: string | undefined; text: string }> {
  const res = await fetch(`${h.api.url}/v1${path}`, { headers: { authorization: `Bearer ${client.key}`, ...headers } });
  return { status: res.status, etag: res.headers.get("etag") ?? undefined, text: await res.text() };
}

beforeAll(async () => {
  await h.setup();
  client = (await h.account()).client;
  await create("close", INDICATOR);
  await create("sides", DEFINITION);
  await create("caps", DRAWS);
  await create("two-days", TWO_DAYS);
  await create("two-days-after", STUDY);
  await create("above", ABOVE);
});
afterAll(() => h.teardown());

describe("a CSV answer carries a weak ETag as every successful GET does", () => {
  async function revalidates(path: string): Promise<string> {
    const first = await get(path);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const tag = first.headers.get("etag") ?? "";
    expect(tag).toMatch(/^W\/".+"$/);
    expect(await plainGet(path, { "if-none-match": tag })).toEqual({ status: 304, etag: tag, text: "" });
    const other = await plainGet(path, { "if-none-match": 'W/"another"' });
    expect([other.status, other.text]).toEqual([200, first.text]);
    return tag;
  }

  it("when an indicator run's results come as CSV, then If-None-Match with its ETag answers 304 without a body, and HEAD carries the same tag", async () => {
    const id = await run({ script: "close", bars: 20 });
    const tag = await revalidates(`/runs/${id}/results?format=csv`);
    const head = await fetch(`${h.api.url}/v1/runs/${id}/results?format=csv`, { method: "HEAD", headers: { authorization: `Bearer ${client.key}` } });
    expect([head.status, head.headers.get("etag")]).toEqual([200, tag]);
  });

  it("when a definition's events come as CSV, from its run or from the script, then they revalidate, and deleting some of them changes the tag", async () => {
    const id = await run({ script: "sides", bars: 20 });
    const fromRun = await revalidates(`/runs/${id}/results?format=csv`);
    const fromScript = await revalidates("/scripts/sides/events?format=csv");
    const deleted = await client.call("DELETE", `/scripts/sides/events?run_id=${id}&name=down`);
    expect(deleted.status).toBe(200);
    expect(deleted.json.deleted).toBeGreaterThan(0);
    for (const [path, tag] of [[`/runs/${id}/results?format=csv`, fromRun], ["/scripts/sides/events?format=csv", fromScript]] as const) {
      const after = await plainGet(path, { "if-none-match": tag });
      expect(after.status).toBe(200);
      expect(after.etag).not.toBe(tag);
      const names = after.text.trim().split("\r\n").slice(1).map((line) => line.split(",")[2]);
      expect(new Set(names)).toEqual(new Set(["up"]));
    }
  });
});

describe("the OpenAPI document lists every status the API answers", () => {
  it("when a dependency is briefly unreachable any /v1 call answers 503 busy with Retry-After (errors.md): every operation lists it", async () => {
    const doc = (await (await fetch(`${h.api.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: unknown }> }> }>> };
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const busy = op.responses["503"];
        const codes = JSON.stringify(busy?.content?.["application/json"]?.schema ?? null);
        if (!busy || !busy.headers?.["Retry-After"] || !codes.includes('"busy"')) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("drawings are capped per kind as #30 says", () => {
  it("when a script declares 200 polylines and 600 labels and makes a polyline, a label and a table on each of 600 bars, then 100 polylines, 500 labels and 500 tables remain, the newest", async () => {
    const doc = (await (await fetch(`${h.api.url}/openapi.json`)).json()) as { paths: Record<string, { get: { description: string } }> };
    const said = doc.paths["/v1/runs/{run_id}/drawings"]?.get.description ?? "";
    expect(said).toContain("max_polylines_count (default 50, most 100)");
    expect(said).toContain("tables at most 500");
    const id = await run({ script: "caps", bars: 600 });
    const r = await get(`/runs/${id}/drawings`);
    expect(r.status).toBe(200);
    expect([r.json.polylines.length, r.json.labels.length, r.json.tables.length]).toEqual([100, 500, 500]);
    const bars = (await client.allPoints(id)).map((p) => new Date((p["t"] as number) * 1000).toISOString().replace(".000Z", "Z"));
    expect(bars).toHaveLength(600);
    expect(r.json.polylines[0].points[0].time).toBe(bars[500]);
    expect(r.json.labels[0].time).toBe(bars[100]);
    expect(r.json.polylines[99].points[0].time).toBe(bars[599]);
  });
});

describe("a study's baseline has nothing to be compared with", () => {
  it("when a study runs, then its baseline's t_stat, p_value and abnormal_mean are null, as language.md says, while a group of two events has them", async () => {
    expect(readFileSync(join(DOCS, "language.md"), "utf8").replace(/\s+/g, " ")).toContain("its `t_stat`, `p_value` and `abnormal_mean` are null");
    const id = await run({ script: "two-days-after", bars: 40 });
    const r = await get(`/runs/${id}/results`);
    const [baseline] = r.json.study.baseline.horizons;
    expect([baseline.t_stat, baseline.p_value, baseline.abnormal_mean]).toEqual([null, null, null]);
    expect(baseline.count).toBe(39);
    const [group] = r.json.study.groups[0].horizons;
    expect(group.count).toBe(2);
    expect([typeof group.t_stat, typeof group.p_value, typeof group.abnormal_mean]).toEqual(["number", "number", "number"]);
  });
});

describe("page sizes of every list", () => {
  it("when limits-and-plans.md lists the page sizes, then sweeps, a sweep's rows and a run's log lines are there, and a log page is cut to 1,000", async () => {
    const table = readFileSync(join(DOCS, "limits-and-plans.md"), "utf8");
    expect(table).toContain("| runs, sweeps, library, a script's versions | 50 | 200 |");
    expect(table).toContain("| a definition's events, a run's event results, a run's log lines, a sweep's rows | 100 | 1,000 |");
    await create("chatty", `//@version=6\nindicator("Chatty")\nlog.info("bar {0}", time)\nlog.info("again {0}", time)\nplot(close, "c")\n`);
    const id = await run({ script: "chatty", bars: 600 });
    expect((await get(`/runs/${id}/logs`)).json.data).toHaveLength(100);
    const most = await get(`/runs/${id}/logs?limit=5000`);
    expect([most.json.data.length, most.json.next_cursor]).toEqual([1000, null]);
  });

  it("when a script logs a message longer than 4,096 characters, then the line is cut there, as api.md says", async () => {
    expect(readFileSync(join(DOCS, "api.md"), "utf8").replace(/\s+/g, " ")).toContain("each message cut at 4,096 characters");
    await create("long-line", `//@version=6\nindicator("Long")\nif barstate.islast\n    log.error(str.repeat("ab", 3000))\nplot(close, "c")\n`);
    const id = await run({ script: "long-line", bars: 5 });
    const [line] = (await get(`/runs/${id}/logs`)).json.data;
    expect([line.level, line.message]).toEqual(["error", "ab".repeat(2048)]);
  });
});

describe("Holm's adjustment of a sweep's rows", () => {
  it("when a combination raises no event, then it has no p value and the others are adjusted over those that have one, as api.md says", async () => {
    expect(readFileSync(join(DOCS, "api.md"), "utf8").replace(/\s+/g, " ")).toContain("over the combinations whose `p_value` at that horizon is not null");
    // AAPL closed above 1,000 on no day, above 700 on three and above 650 on 34 (the demo bars)
    const r = await client.call("POST", "/sweeps", { definition: "above", instruments: ["AAPL"], timeframe: "1d", bars: 3000, grid: { thr: [1000, 0, 700, 650] }, horizons: [1], wait: 60 });
    expect(r.status).toBe(202);
    let sweep = r.json;
    while (["queued", "running"].includes(sweep.status as string)) sweep = (await get(`/sweeps/${sweep.id as string}?wait=10`)).json;
    expect(sweep.status).toBe("succeeded");
    const rows = (await get(`/sweeps/${sweep.id as string}/results?sort=h1:p_value`)).json.data as Array<{ inputs: { thr: number }; events: number; horizons: Array<{ p_value: number | null; p_adjusted: number | null }> }>;
    expect(rows.map((row) => [row.inputs.thr, row.events])).toEqual([[700, 3], [650, 34], [0, 3000], [1000, 0]]);
    const p = rows.map((row) => row.horizons[0]!.p_value);
    expect(p[3]).toBeNull();
    // Holm's step-down over the m = 3 p values, ascending: min(1, max so far of (m - i) * p_i)
    const tested = p.slice(0, 3) as number[];
    const holm: number[] = [];
    tested.forEach((value, i) => holm.push(Math.min(1, Math.max(holm[i - 1] ?? 0, (3 - i) * value))));
    expect(rows.map((row) => row.horizons[0]!.p_adjusted)).toEqual([...holm, null]);
  });
});

describe("paths are matched as written", () => {
  it.each(["/V1/me", "/v1/ME", "/v1/Runs", "/OPENAPI.JSON", "/Healthz", "/LOGIN", "/APP/", "/Docs"])("when %s is asked (a documented path in other letters), then it is 404 not_found in the envelope", async (path) => {
    const r = await fetch(`${h.api.url}${path}`, { headers: { authorization: `Bearer ${client.key}`, accept: "application/json" } });
    expect(r.status).toBe(404);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe("not_found");
  });

  it("when the documented paths are asked, then they answer", async () => {
    for (const path of ["/v1/me", "/v1/runs", "/openapi.json", "/healthz"]) {
      expect([path, (await fetch(`${h.api.url}${path}`, { headers: { authorization: `Bearer ${client.key}` } })).status]).toEqual([path, 200]);
    }
    expect((await fetch(`${h.api.url}/login`, { headers: { accept: "text/html" } })).status).toBe(200);
  });
});
