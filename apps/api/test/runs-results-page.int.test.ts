// Issue 22: a results page is written as JSON text straight from the columnar chunks (no point
// objects). Over HTTP against real API and worker processes: na as null, the `t` rename,
// cursors across pages, and values equal to the demo file's own opens and closes and to the CSV
// export (a separate writer).
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { decodeChunk } from "@barscript/db";
import { importBars } from "@barscript/marketdata";
import { RunsHarness, type Client } from "./runs-harness";
import { oracleColumns, oracleCsvRows, oraclePage } from "./results-oracle";
import { syntheticMinuteBars } from "../../../bench/_synthetic-bars";

/** Edge values of number text from a script: tiny, huge, -0, 0.1 + 0.2, integers, na, an output titled t. */
const EDGES = `//@version=6
indicator("edges")
plot(close * 1e-318, "tiny")
plot(close * 1e22, "big")
plot(bar_index % 3 == 0 ? na : -close, "t")
plot(bar_index, "int")
plot(bar_index % 2 == 0 ? -0.0 : 0.1 + 0.2, "z")
plot(close / 7 * 1e-7, "small")
`;

/** GET with node:http (fetch adds Cache-Control: no-cache to a conditional request). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; etag: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => { body += c; });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag, body }));
    }).on("error", reject).end();
  });
}

const ESCAPED = `//@version=6
indicator("escaped names")
plot(close, "é \\"q\\" \\\\ x")
plot(close > open ? close : na, "up")
plot(open, "t")
`;

/** The AAPL demo file's last `n` rows as { open, close } (Date,Open,High,Low,Close,...). */
function lastRows(n: number): Array<{ open: number; close: number }> {
  const lines = readFileSync(join(__dirname, "..", "..", "..", "packages", "marketdata", "demo", "AAPL.csv"), "utf8").trim().split("\n").slice(1);
  return lines.slice(-n).map((l) => {
    const f = l.split(",");
    return { open: Number(f[1]), close: Number(f[4]) };
  });
}

describe("results pages written from the chunks", () => {
  const h = new RunsHarness();
  let client: Client;

  beforeAll(async () => {
    client = await h.setupWithScripts({ escaped: ESCAPED, edges: EDGES });
    // 25,000 synthetic 1m bars: the run's points span three chunks of 10,000
    await importBars(h.env.db, { symbol: "SYN", timeframe: "1m", bars: syntheticMinuteBars(25_000, 1_609_459_200) });
  }, 120_000);
  afterAll(() => h.teardown());

  it("when some values are na and an output is titled t, then pages parse to the file's values and join up through the cursor", async () => {
    const started = await client.start({ script: "escaped", instrument: "AAPL", timeframe: "1d", bars: 20, wait: 30 });
    const run = await client.final(started.json.id as string);
    expect(run.status).toBe("succeeded");
    const id = run.id as string;

    const first = await client.call("GET", `/runs/${id}/results?limit=7`);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const points = [];
    let page = first.json as { outputs: Array<Record<string, number | null>>; next_cursor: string | null };
    const sizes: number[] = [];
    for (;;) {
      sizes.push(page.outputs.length);
      points.push(...page.outputs);
      if (page.next_cursor === null) break;
      const next = await client.call("GET", `/runs/${id}/results?limit=7&cursor=${encodeURIComponent(page.next_cursor)}`);
      expect(next.status).toBe(200);
      page = next.json as typeof page;
    }
    expect(sizes).toEqual([7, 7, 6]);

    const rows = lastRows(20);
    // The first output's name is the derive rule's (a title becomes an identifier), not ours to fix.
    const name = Object.keys(points[0] ?? {}).find((k) => !["t", "t_2", "up"].includes(k)) as string;
    expect(points.map((p) => Object.keys(p).sort())).toEqual(rows.map(() => ["t", "t_2", "up", name].sort()));
    expect(points.map((p) => p[name])).toEqual(rows.map((r) => r.close));
    expect(points.map((p) => p["up"])).toEqual(rows.map((r) => (r.close > r.open ? r.close : null)));
    expect(points.map((p) => p["t_2"])).toEqual(rows.map((r) => r.open));
    expect(points.some((p) => p["up"] === null)).toBe(true);

    // The CSV export writes the same numbers through its own code.
    const csv = await client.call("GET", `/runs/${id}/results?format=csv`);
    const body = csv.text.trim().split("\r\n").slice(1).map((l) => l.split(",").slice(-4));
    expect(body.map((c) => Number(c[0]))).toEqual(points.map((p) => p["t"]));
    expect(body.map((c) => (c[2] === "" ? null : Number(c[2])))).toEqual(points.map((p) => p["up"]));
  });

  it("when one page holds every point, then it has no cursor", async () => {
    const started = await client.start({ script: "escaped", instrument: "AAPL", timeframe: "1d", bars: 3, wait: 30 });
    const run = await client.final(started.json.id as string);
    const all = await client.call("GET", `/runs/${run.id as string}/results?limit=50000`);
    expect(all.json).toEqual({ outputs: expect.any(Array), next_cursor: null });
    expect((all.json as { outputs: unknown[] }).outputs).toHaveLength(3);
  });

  it("when pages and the CSV of real runs are written from the chunks, then their bytes equal the old object form over the stored chunks", async () => {
    for (const [script, instrument, timeframe, bars] of [["escaped", "AAPL", "1d", 300], ["edges", "SYN", "1m", 25_000]] as const) {
      const started = await client.start({ script, instrument, timeframe, bars, wait: 60 });
      const run = await client.final(started.json.id as string);
      expect(run.status).toBe("succeeded");
      const id = run.id as string;
      const rows = await h.env.db.runOutputChunk.findMany({ where: { runId: id }, orderBy: { seq: "asc" } });
      const chunks = rows.map(decodeChunk);
      const total = chunks.reduce((n, c) => n + c.pointCount, 0);
      expect(total).toBe(bars);
      for (const limit of [7_000, 10_000, 50_000]) {
        let offset = 0;
        let cursor: string | null = null;
        for (;;) {
          const page = await client.call("GET", `/runs/${id}/results?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
          const read = chunks.filter((c) => c.firstIndex < offset + limit && c.firstIndex + c.pointCount > offset);
          const old = oraclePage(read, offset, limit, total, 8 * 1024 * 1024);
          cursor = (page.json as { next_cursor: string | null }).next_cursor;
          expect(page.text).toBe(`{"outputs":${old.text},"next_cursor":${JSON.stringify(cursor)}}`);
          expect(cursor === null).toBe(old.next === null);
          if (old.next === null) break;
          offset = old.next;
        }
      }
      const csv = await client.call("GET", `/runs/${id}/results?format=csv`);
      const header = ["t", ...oracleColumns(chunks[0]?.names ?? [])].map((n) => (/[",\n\r]/.test(n) ? `"${n.replace(/"/g, '""')}"` : n)).join(",");
      expect(csv.text).toBe(`${header}\r\n${chunks.map(oracleCsvRows).join("")}`);
    }
  }, 120_000);

  it("when a page is asked again with its ETag, then it answers 304, and another page has another tag", async () => {
    const started = await client.start({ script: "escaped", instrument: "AAPL", timeframe: "1d", bars: 20, wait: 30 });
    const run = await client.final(started.json.id as string);
    const url = `${h.api.url}/v1/runs/${run.id as string}/results?limit=7`;
    const auth = { authorization: `Bearer ${client.key}` };
    const first = await rawGet(url, auth);
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
    expect(await rawGet(url, { ...auth, "if-none-match": first.etag as string })).toEqual({ status: 304, etag: first.etag, body: "" });
    const cursor = (JSON.parse(first.body) as { next_cursor: string }).next_cursor;
    const second = await rawGet(`${url}&cursor=${encodeURIComponent(cursor)}`, { ...auth, "if-none-match": first.etag as string });
    expect(second.status).toBe(200);
    expect(second.etag).not.toBe(first.etag);
    expect((await rawGet(url.replace("limit=7", "limit=8"), { ...auth, "if-none-match": first.etag as string })).status).toBe(200);
  });
});
