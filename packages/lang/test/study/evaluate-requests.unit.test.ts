// evaluateStudy() with requests whose symbol is computed as the scripts run: the first evaluation
// names every context the definitions and the body reached (the worker reads them and evaluates
// again); with them supplied the events are those of a plain loop over the demo CSVs
// (packages/marketdata/demo, AAPL and MSFT daily, see its SOURCES.md).
import { validate } from "../../src/validate";
import { evaluateStudy } from "../../src/study/evaluate";
import type { ContextBars } from "../../src/stdlib/request";
import type { ResolvedScript } from "../../src/types";
import { dailyBars, SYMBOL } from "../back/harness";

const DEFINITION = `//@version=6
definition("Other up day")
other = input.symbol("NASDAQ:MSFT", "Other")
alertcondition(request.security(other, "D", close) > request.security(other, "D", close[1]), "other_up", "up")
`;
const STUDY = `//@version=6
study("After the other's up days", horizons = [1])
use("other-up")
sym = input.string("MSFT", "Compare")
group("above_30", request.security(sym, "D", close) > 30 ? "yes" : "no")
`;

const AAPL = dailyBars("AAPL");
const MSFT = dailyBars("MSFT");
const WS = 300;
const msft = (symbol: string): ContextBars => ({ symbol, timeframe: "1d", bars: MSFT, info: { ...SYMBOL, ticker: "MSFT" } });

async function study() {
  const resolver = {
    resolve: (ref: { owner: string | null; slug: string; version: number | null }) =>
      Promise.resolve<ResolvedScript | null>(ref.slug === "other-up" ? { owner: "me", slug: ref.slug, kind: "definition", version: 1, files: [{ path: "main.pine", content: DEFINITION }] } : null),
  };
  const v = await validate([{ path: "main.pine", content: STUDY }], { resolver });
  if (!v.valid || !v.checked || !v.interface) throw new Error(JSON.stringify(v.diagnostics));
  return { checked: v.checked, iface: v.interface };
}

test("without the contexts: data_not_ready, naming the definition's and the body's contexts both", async () => {
  const { checked, iface } = await study();
  const r = evaluateStudy(checked, iface, AAPL, { symbol: SYMBOL, windowStart: WS });
  expect(r.ok).toBe(false);
  expect(r.missingContexts).toEqual([{ symbol: "NASDAQ:MSFT", timeframe: "1d" }, { symbol: "MSFT", timeframe: "1d" }]);
});

test("with them: the events and groups of a plain loop, nothing missing", async () => {
  const { checked, iface } = await study();
  const r = evaluateStudy(checked, iface, AAPL, { symbol: SYMBOL, windowStart: WS, contexts: [msft("NASDAQ:MSFT"), msft("MSFT")] });
  if (!r.ok) throw new Error(r.message);
  expect(r.missingContexts).toBeUndefined();
  const want = new Map<string, number>();
  for (let i = WS; i < AAPL.length; i++) {
    let k = -1;
    while (k + 1 < MSFT.length && MSFT.time[k + 1]! <= AAPL.time[i]!) k++;
    if (k >= 1 && MSFT.close[k]! > MSFT.close[k - 1]!) {
      const g = MSFT.close[k]! > 30 ? "yes" : "no";
      want.set(g, (want.get(g) ?? 0) + 1);
    }
  }
  expect(r.definitions[0]!.events).toBe([...want.values()].reduce((a, b) => a + b, 0));
  expect(r.study.groups.map((g) => [g.group.above_30, g.count]).sort()).toEqual([...want.entries()].sort());
});
