// Issue 22: a results page is written as JSON text straight from the columnar chunks (no point
// objects). Over HTTP against real API and worker processes: na as null, the `t` rename,
// cursors across pages, and values equal to the demo file's own opens and closes and to the CSV
// export (a separate writer).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { RunsHarness, type Client } from "./runs-harness";

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
    await h.setup();
    const a = await h.account();
    client = a.client;
    await h.script(a, "escaped", ESCAPED);
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
    const body = csv.text.trim().split("\n").slice(1).map((l) => l.split(",").slice(-4));
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
});
