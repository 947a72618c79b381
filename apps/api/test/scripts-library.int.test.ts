// The library (#24, #25), docs (#6, #7), and the core indicators' numbers: each core script is
// fetched over HTTP, validated, compiled and evaluated by packages/lang over real daily bars,
// and checked against an independent computation written here as plain loops.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import request from "supertest";
import { createScriptResolver, seedCoreLibrary } from "@barscript/db";
import { compile, evaluate, validate, type Bars, type SourceFile } from "@barscript/lang";
import { startScriptsHarness, member, type Member, type ScriptsHarness } from "./scripts-harness";

interface LibraryRow { owner: string; slug: string; kind: string; title: string; description: string; latest_version: number; interface: unknown; updated_at: string; files?: unknown }

// Seeding the core library validates 34 scripts; give hooks and tests room on a busy machine.
jest.setTimeout(60_000);

describe("library and docs API", () => {
  let h: ScriptsHarness;
  let alice: Member;
  const get = (key: string, path: string) => request(h.app).get(`/v1${path}`).set({ Authorization: `Bearer ${key}` });

  beforeAll(async () => {
    h = await startScriptsHarness();
    alice = await member(h.db, "alice");
    await seedCoreLibrary(h.db);
  });
  afterAll(async () => { await h.close(); });

  describe("GET /v1/library (#24)", () => {
    it("finds the RSI script for \"relative strength\" first, under owner core", async () => {
      const res = await get(alice.readKey, `/library?q=${encodeURIComponent("relative strength")}`);
      expect(res.status).toBe(200);
      const first = res.body.data[0] as LibraryRow;
      expect(first).toEqual({ owner: "core", slug: "rsi", kind: "indicator", title: "Relative Strength Index", description: expect.stringContaining("RSI"), latest_version: 1, interface: expect.objectContaining({ outputs: [expect.objectContaining({ name: "rsi" })] }), updated_at: expect.any(String) });
      expect(res.body.next_cursor).toBeNull();
    });

    it("ranks by relevance over title, description and slug, with websearch syntax", async () => {
      const res = await get(alice.readKey, `/library?q=${encodeURIComponent("\"golden cross\" -study")}`);
      const slugs = (res.body.data as LibraryRow[]).map((r) => r.slug);
      expect(slugs).toContain("ma-cross");
      expect(slugs).not.toContain("golden-cross-study");
      const slugOnly = await get(alice.readKey, "/library?q=williams");
      expect((slugOnly.body.data as LibraryRow[])[0]?.slug).toBe("williams-r");
    });

    it("filters by kind and refuses an unknown kind", async () => {
      const definitions = await get(alice.readKey, "/library?kind=definition");
      const rows = definitions.body.data as LibraryRow[];
      expect(rows.length).toBeGreaterThanOrEqual(5);
      expect(rows.every((r) => r.kind === "definition")).toBe(true);
      expect(rows.map((r) => r.slug)).toEqual(expect.arrayContaining(["ma-cross", "rsi-oversold", "breakout", "gap", "volume-spike"]));
      expect((await get(alice.readKey, "/library?kind=library")).body.data.map((r: LibraryRow) => r.slug)).toEqual(["helpers"]);
      expect((await get(alice.readKey, "/library?kind=bogus")).status).toBe(400);
    });

    it("pages with keyset cursors (default 50), with and without q, and refuses a cursor of another search", async () => {
      const everything = await get(alice.readKey, "/library");
      expect(everything.body.data.length).toBeGreaterThanOrEqual(30);
      expect(everything.body.data.length).toBeLessThanOrEqual(50);
      for (const q of ["", "average"]) {
        const all = await get(alice.readKey, `/library?limit=200&q=${q}`);
        const walked: string[] = [];
        let cursor: string | null = null;
        do {
          const page: request.Response = await get(alice.readKey, `/library?limit=4&q=${q}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
          expect(page.status).toBe(200);
          walked.push(...(page.body.data as LibraryRow[]).map((r) => `${r.owner}/${r.slug}`));
          cursor = page.body.next_cursor;
        } while (cursor);
        expect(walked).toEqual((all.body.data as LibraryRow[]).map((r) => `${r.owner}/${r.slug}`));
      }
      const averageCursor = (await get(alice.readKey, "/library?q=average&limit=1")).body.next_cursor as string;
      expect((await get(alice.readKey, `/library?q=volume&cursor=${encodeURIComponent(averageCursor)}`)).body.error.code).toBe("invalid_request");
    });

    it("shows accounts' public scripts under their handle, never private ones", async () => {
      const create = (slug: string, visibility: string) => request(h.app).post("/v1/scripts").set({ Authorization: `Bearer ${alice.key}` })
        .send({ slug, visibility, description: "A zigzag oscillator of my own", files: [{ path: "main.pine", content: "//@version=6\nindicator(\"Zigzag oscillator\")\nplot(close - open, \"Body\")\n" }] });
      expect((await create("zig-public", "public")).status).toBe(201);
      expect((await create("zig-private", "private")).status).toBe(201);
      const found = (await get(alice.readKey, "/library?q=zigzag")).body.data as LibraryRow[];
      expect(found.map((r) => `${r.owner}/${r.slug}`)).toEqual(["alice/zig-public"]);
      await request(h.app).patch("/v1/scripts/zig-public").set({ Authorization: `Bearer ${alice.key}` }).send({ visibility: "private" });
      expect((await get(alice.readKey, "/library?q=zigzag")).body.data).toEqual([]);
    });

    it("needs the read scope", async () => {
      expect((await get(alice.writeKey, "/library")).body.error.code).toBe("forbidden_scope");
    });
  });

  describe("GET /v1/library/{owner}/{slug} (#25)", () => {
    it("answers the script with its files, and version=N", async () => {
      const res = await get(alice.readKey, "/library/core/macd");
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ owner: "core", slug: "macd", kind: "indicator", latest_version: 1 });
      expect(res.body.files[0].path).toBe("main.pine");
      expect(res.body.files[0].content).toContain("ta.ema(source, fastLength)");
      expect((await get(alice.readKey, "/library/core/macd?version=1")).body.files).toEqual(res.body.files);
      expect((await get(alice.readKey, "/library/core/macd?version=2")).status).toBe(404);
      expect((await get(alice.readKey, "/library/core/macd?version=x")).status).toBe(400);
      expect((await get(alice.readKey, "/library/core/nosuch")).body.error.code).toBe("not_found");
      expect((await get(alice.readKey, "/library/nobody/macd")).status).toBe(404);
    });
  });

  describe("GET /v1/docs (#6, #7)", () => {
    it("lists topics on one page and serves each as markdown", async () => {
      const list = await get(alice.readKey, "/docs");
      expect(list.status).toBe(200);
      expect(list.body.next_cursor).toBeNull();
      const topics = list.body.data as Array<{ topic: string; title: string; summary: string }>;
      expect(topics.length).toBeGreaterThan(3);
      for (const t of topics) expect(Object.keys(t).sort()).toEqual(["summary", "title", "topic"]);
      const first = topics[0]?.topic ?? "";
      const topic = await get(alice.readKey, `/docs/${first}`);
      expect(topic.status).toBe(200);
      expect(topic.headers["content-type"]).toBe("text/markdown; charset=utf-8");
      expect(topic.text.length).toBeGreaterThan(50);
      const missing = await get(alice.readKey, "/docs/no-such-topic");
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe("not_found");
      expect((await request(h.app).get("/v1/docs")).status).toBe(401);
    });
  });

  describe("core indicators against independent computations", () => {
    // Real daily bars (AAPL, shipped with packages/marketdata), oldest first.
    const csv = readFileSync(join(__dirname, "../../../packages/marketdata/demo/AAPL.csv"), "utf8").trim().split("\n").slice(1);
    const rows = csv.map((line) => line.split(",")).map(([date, o, hi, lo, c, v]) => ({ t: Date.parse(`${date}T00:00:00Z`) / 1000, o: Number(o), h: Number(hi), l: Number(lo), c: Number(c), v: Number(v) })).sort((a, b) => a.t - b.t);
    const n = rows.length;
    const col = (f: (r: (typeof rows)[number]) => number): Float64Array => Float64Array.from(rows, f);
    const bars: Bars = { length: n, time: col((r) => r.t), open: col((r) => r.o), high: col((r) => r.h), low: col((r) => r.l), close: col((r) => r.c), volume: col((r) => r.v) };
    const close = Array.from(bars.close);
    const high = Array.from(bars.high);
    const low = Array.from(bars.low);

    // Plain reference implementations (Pine's definitions: EMA and RMA seeded with the SMA of
    // the first `length` values, population standard deviation, first true range high - low).
    function sma(src: number[], len: number): number[] {
      return src.map((_, i) => {
        if (i < len - 1) return NaN;
        let sum = 0;
        for (let j = i - len + 1; j <= i; j++) sum += src[j] as number;
        return sum / len;
      });
    }
    function recursive(src: number[], len: number, alpha: number): number[] {
      const out: number[] = [];
      let prev = NaN;
      let run = 0;
      let sum = 0;
      const window: number[] = [];
      for (const value of src) {
        if (Number.isNaN(prev)) {
          if (Number.isNaN(value)) { run = 0; sum = 0; window.length = 0; out.push(NaN); continue; }
          window.push(value); sum += value; run++;
          if (window.length > len) sum -= window.shift() as number;
          prev = run >= len ? sum / len : NaN;
          out.push(prev);
          continue;
        }
        prev = alpha * value + (1 - alpha) * prev;
        out.push(prev);
      }
      return out;
    }
    const ema = (src: number[], len: number): number[] => recursive(src, len, 2 / (len + 1));
    const rma = (src: number[], len: number): number[] => recursive(src, len, 1 / len);
    function stdev(src: number[], len: number): number[] {
      const mean = sma(src, len);
      return src.map((_, i) => {
        if (i < len - 1) return NaN;
        let ss = 0;
        for (let j = i - len + 1; j <= i; j++) ss += ((src[j] as number) - (mean[i] as number)) ** 2;
        return Math.sqrt(ss / len);
      });
    }

    async function run(slug: string, inputs: Record<string, unknown> = {}): Promise<Map<string, Float64Array>> {
      const res = await get(alice.readKey, `/library/core/${slug}`);
      expect(res.status).toBe(200);
      const files = res.body.files as SourceFile[];
      const core = await h.db.account.findUniqueOrThrow({ where: { handle: "core" } });
      const validation = await validate(files, { resolver: createScriptResolver(h.db, { accountId: core.id, handle: "core" }) });
      expect(validation.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      if (!validation.checked || !validation.interface) throw new Error(`${slug} did not check`);
      const program = compile(validation.checked, validation.interface);
      const result = evaluate(program, bars, inputs, { symbol: { ticker: "AAPL", timezone: "UTC", mintick: 0.01, timeframe: "1d" }, windowStart: 0 });
      expect(result.runtimeErrors).toEqual([]);
      return new Map(result.outputs.map((o) => [o.name, o.values]));
    }

    function expectSeries(actual: Float64Array | undefined, expected: number[], name: string): void {
      if (!actual) throw new Error(`no output ${name}`);
      expect(actual.length).toBe(expected.length);
      let compared = 0;
      for (let i = 0; i < expected.length; i++) {
        const e = expected[i] as number;
        const a = actual[i] as number;
        if (Number.isNaN(e) || Number.isNaN(a)) {
          if (Number.isNaN(e) !== Number.isNaN(a)) throw new Error(`${name}[${i}]: expected ${e}, got ${a}`);
          continue;
        }
        if (Math.abs(a - e) > 1e-9 * Math.max(1, Math.abs(e))) throw new Error(`${name}[${i}]: expected ${e}, got ${a}`);
        compared++;
      }
      expect(compared).toBeGreaterThan(expected.length - 60);
    }

    it("every core indicator and definition compiles and evaluates over real bars without runtime errors", async () => {
      const core = await h.db.account.findUniqueOrThrow({ where: { handle: "core" } });
      const scripts = await h.db.script.findMany({ where: { ownerId: core.id, kind: { in: ["indicator", "definition"] } }, orderBy: { slug: "asc" } });
      expect(scripts.length).toBeGreaterThanOrEqual(30);
      const failures: string[] = [];
      for (const script of scripts) {
        try {
          const out = await run(script.slug);
          if (script.kind === "indicator") {
            const defined = [...out.values()].some((values) => values.some((v) => !Number.isNaN(v)));
            if (!defined) failures.push(`${script.slug}: every output is na`);
          }
        } catch (error) {
          failures.push(`${script.slug}: ${(error as Error).message}`);
        }
      }
      expect(failures).toEqual([]);
    });

    it("RSI(14) equals Wilder's formula", async () => {
      const change = close.map((c, i) => (i === 0 ? NaN : c - (close[i - 1] as number)));
      const gain = rma(change.map((d) => (Number.isNaN(d) ? NaN : Math.max(d, 0))), 14);
      const loss = rma(change.map((d) => (Number.isNaN(d) ? NaN : -Math.min(d, 0))), 14);
      const expected = gain.map((g, i) => {
        const l = loss[i] as number;
        if (Number.isNaN(g) || Number.isNaN(l)) return NaN;
        if (l === 0) return 100;
        if (g === 0) return 0;
        return 100 - 100 / (1 + g / l);
      });
      expectSeries((await run("rsi")).get("rsi"), expected, "rsi");
    });

    it("MACD(12, 26, 9) equals EMA differences", async () => {
      const fast = ema(close, 12);
      const slow = ema(close, 26);
      const line = fast.map((f, i) => f - (slow[i] as number));
      const signal = ema(line, 9);
      const out = await run("macd");
      expectSeries(out.get("macd"), line, "macd");
      expectSeries(out.get("signal"), signal, "signal");
      expectSeries(out.get("histogram"), line.map((m, i) => m - (signal[i] as number)), "histogram");
    });

    it("Bollinger(20, 2) equals SMA plus and minus two population deviations", async () => {
      const basis = sma(close, 20);
      const sd = stdev(close, 20);
      const out = await run("bollinger");
      expectSeries(out.get("basis"), basis, "basis");
      expectSeries(out.get("upper"), basis.map((b, i) => b + 2 * (sd[i] as number)), "upper");
      expectSeries(out.get("lower"), basis.map((b, i) => b - 2 * (sd[i] as number)), "lower");
      expectSeries(out.get("percent_b"), close.map((c, i) => (c - ((basis[i] as number) - 2 * (sd[i] as number))) / (4 * (sd[i] as number))), "percent_b");
    });

    it("ATR(14) equals the RMA of the true range (first bar high - low)", async () => {
      const tr = high.map((hi, i) => {
        const lo = low[i] as number;
        if (i === 0) return hi - lo;
        const pc = close[i - 1] as number;
        return Math.max(hi - lo, Math.abs(hi - pc), Math.abs(lo - pc));
      });
      expectSeries((await run("atr")).get("atr"), rma(tr, 14), "atr");
      // The SMA smoothing option is an input the run can override.
      expectSeries((await run("atr", { smoothing: "SMA" })).get("atr"), sma(tr, 14), "atr-sma");
    });

    it("Stochastic(14, 1, 3) equals the close's place in the 14-bar range", async () => {
      const k = close.map((c, i) => {
        if (i < 13) return NaN;
        let hh = -Infinity;
        let ll = Infinity;
        for (let j = i - 13; j <= i; j++) { hh = Math.max(hh, high[j] as number); ll = Math.min(ll, low[j] as number); }
        return (100 * (c - ll)) / (hh - ll);
      });
      const d = k.map((_, i) => (i < 15 ? NaN : ((k[i] as number) + (k[i - 1] as number) + (k[i - 2] as number)) / 3));
      const out = await run("stochastic");
      expectSeries(out.get("k"), k, "k");
      expectSeries(out.get("d"), d, "d");
    });
  });
});
