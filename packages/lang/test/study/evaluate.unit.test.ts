// evaluateStudy(): real scripts through validate() (use() resolved by an in-memory resolver),
// definitions' events and group() values checked against values computed here by hand-written
// loops over AAPL daily bars; then the numbers against a plain re-computation.
import { validate } from "../../src/validate";
import { evaluateStudy } from "../../src/study/evaluate";
import type { Resolver, ResolvedScript } from "../../src/types";
import { dailyBars, SYMBOL } from "../back/harness";

const DEFS: Record<string, string> = {
  "up-day": `//@version=6
definition("Up day")
alertcondition(close > open * 1.02, "big_up", "up {{close}}")
alertcondition(close < open * 0.98, "big_down", "down")
`,
  broken: `//@version=6
definition("Broken")
x = array.get(array.new_float(0), 3)
alertcondition(x > 0, "never", "never")
`,
};

function resolverFor(defs: Record<string, string>, version = 3): Resolver & { asked: Array<{ owner: string | null; slug: string; version: number | null }> } {
  const asked: Array<{ owner: string | null; slug: string; version: number | null }> = [];
  return {
    asked,
    resolve(ref) {
      asked.push(ref);
      const src = defs[ref.slug];
      if (src === undefined) return Promise.resolve(null);
      const s: ResolvedScript = { owner: ref.owner ?? "me", slug: ref.slug, kind: "definition", version: ref.version ?? version, files: [{ path: "main.pine", content: src }] };
      return Promise.resolve(s);
    },
  };
}

async function checkedStudy(source: string, defs = DEFS) {
  const v = await validate([{ path: "main.pine", content: source }], { resolver: resolverFor(defs) });
  if (!v.valid || !v.checked || !v.interface) throw new Error(JSON.stringify(v.diagnostics));
  return { checked: v.checked, iface: v.interface, dependencies: v.dependencies };
}

const bars = dailyBars("AAPL");
const WS = 300;

describe("evaluateStudy", () => {
  test("two group() values, event filter, pinned dependency, numbers vs a plain loop", async () => {
    const { checked, iface, dependencies } = await checkedStudy(`//@version=6
study("Big days", horizons = [1, 5])
use("up-day", events = ["big_up"])
trend = close > ta.sma(close, 50) ? "up" : "down"
group("trend", trend)
group("vol", volume > ta.sma(volume, 20))
`);
    expect(dependencies).toEqual([{ owner: "me", slug: "up-day", kind: "definition", version: 3 }]);
    expect(iface.horizons).toEqual([1, 5]);
    const r = evaluateStudy(checked, iface, bars, { symbol: SYMBOL, windowStart: WS });
    if (!r.ok) throw new Error(r.message);

    // Independent: events, SMA-50 trend and SMA-20 volume regime by plain loops.
    const sma = (col: Float64Array, i: number, len: number): number => {
      let s = 0;
      for (let k = i - len + 1; k <= i; k++) s += col[k]!;
      return s / len;
    };
    const c = bars.close;
    const n = bars.length;
    const w = n - WS;
    type G = { trend: string; vol: boolean };
    const byKey = new Map<string, { g: G; bars: number[] }>();
    for (let i = WS; i < n; i++) {
      if (!(c[i]! > bars.open[i]! * 1.02)) continue;
      const g: G = { trend: c[i]! > sma(c, i, 50) ? "up" : "down", vol: bars.volume[i]! > sma(bars.volume, i, 20) };
      const k = JSON.stringify(g);
      if (!byKey.has(k)) byKey.set(k, { g, bars: [] });
      byKey.get(k)!.bars.push(i - WS);
    }
    expect(r.definitions).toEqual([{ definition: "me/up-day", version: 3, events: [...byKey.values()].reduce((a, b) => a + b.bars.length, 0), eventsDropped: 0 }]);
    expect(r.study.groups.map((g) => JSON.stringify(g.group)).sort()).toEqual([...byKey.values()].map((b) => JSON.stringify(b.g)).sort());
    expect(r.study.groups.length).toBeGreaterThanOrEqual(3);
    expect(r.study.groups.every((g) => g.definition === "me/up-day" && g.event === "big_up")).toBe(true);
    for (const g of r.study.groups) {
      const want = byKey.get(JSON.stringify(g.group))!;
      expect(g.count).toBe(want.bars.length);
      for (const hs of g.horizons) {
        const rs = want.bars.filter((t) => t + hs.h < w).map((t) => c[WS + t + hs.h]! / c[WS + t]! - 1);
        expect(hs.count).toBe(rs.length);
        expect(hs.mean!).toBeCloseTo(rs.reduce((a, b) => a + b, 0) / rs.length, 12);
      }
    }
    expect(r.study.baseline.count).toBe(w);
    expect(r.barsEvaluated).toBe(2 * n);
  });

  test("no group(): one group {} per event name; all events without a filter", async () => {
    const { checked, iface } = await checkedStudy(`//@version=6
study("Plain")
use("up-day")
`);
    const r = evaluateStudy(checked, iface, bars, { symbol: SYMBOL, windowStart: WS });
    if (!r.ok) throw new Error(r.message);
    expect(r.study.horizons).toEqual([1, 5, 20]);
    expect(r.study.groups.map((g) => [g.event, g.group])).toEqual([["big_up", {}], ["big_down", {}]]);
  });

  test("a definition that raises an error on every bar: kind data_not_ready, not retryable, its error and first bar (docs/adr/0285)", async () => {
    const { checked, iface } = await checkedStudy(`//@version=6
study("Broken")
use("broken")
`);
    const r = evaluateStudy(checked, iface, bars, { symbol: SYMBOL, windowStart: WS });
    expect(r).toMatchObject({ ok: false, kind: "data_not_ready", retryable: false });
    if (!r.ok) expect(r.message).toContain("me/broken");
    if (!r.ok) expect(r.message).toContain(`first on the bar of ${new Date(bars.time[0]! * 1000).toISOString()}`);
  });
});
