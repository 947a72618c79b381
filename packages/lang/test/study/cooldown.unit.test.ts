// `study(..., cooldown = N)` through validate() and evaluateStudy() on AAPL daily bars: the
// declaration's value reaches the Interface, and the group counts the events a plain loop keeps
// (an up day fewer than N bars after the last kept one is left out).
import { validate } from "../../src/validate";
import { evaluateStudy } from "../../src/study/evaluate";
import type { ResolvedScript } from "../../src/types";
import { dailyBars, SYMBOL } from "../back/harness";

const UP_DAY = `//@version=6
definition("Up day")
alertcondition(close > open * 1.02, "big_up", "up")
`;

async function study(source: string) {
  const resolver = {
    resolve: (ref: { owner: string | null; slug: string; version: number | null }): Promise<ResolvedScript | null> =>
      Promise.resolve(ref.slug === "up-day" ? { owner: "me", slug: "up-day", kind: "definition", version: 1, files: [{ path: "main.pine", content: UP_DAY }] } : null),
  };
  const v = await validate([{ path: "main.pine", content: source }], { resolver });
  if (!v.valid || !v.checked || !v.interface) throw new Error(JSON.stringify(v.diagnostics));
  return { checked: v.checked, iface: v.interface };
}

test("cooldown = 10 keeps the up days a plain loop keeps", async () => {
  const bars = dailyBars("AAPL");
  const ws = 200;
  const { checked, iface } = await study(`//@version=6\nstudy("Cooled", horizons = [5], cooldown = 10)\nuse("up-day")\n`);
  expect(iface.cooldown).toBe(10);
  const r = evaluateStudy(checked, iface, bars, { symbol: SYMBOL, windowStart: ws });
  if (!r.ok) throw new Error(r.message);
  let all = 0;
  let kept = 0;
  let last = -Infinity;
  for (let i = ws; i < bars.length; i++) {
    if (!(bars.close[i]! > bars.open[i]! * 1.02)) continue;
    all++;
    if (i - last >= 10) {
      kept++;
      last = i;
    }
  }
  expect(kept).toBeLessThan(all);
  expect(r.study.groups[0]!.count).toBe(kept);
  const plain = await study(`//@version=6\nstudy("Plain", horizons = [5])\nuse("up-day")\n`);
  expect(plain.iface.cooldown).toBeUndefined();
  const r2 = evaluateStudy(plain.checked, plain.iface, bars, { symbol: SYMBOL, windowStart: ws });
  if (!r2.ok) throw new Error(r2.message);
  expect(r2.study.groups[0]!.count).toBe(all);
});
