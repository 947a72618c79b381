// Pine compares floats with an absolute 1e-10 tolerance in some built-ins: ta.rising, ta.falling,
// ta.percentrank, ta.cmo and ta.mfi treat a step below it as none, while ta.highest, ta.highestbars
// and ta.crossover stay exact. The expected lines are TradingView's log on bars 12-17 of this script,
// as recorded in a public test of an independent implementation (docs/adr/0304 gives the address).
// Its series depend on bar_index only; mfi's volume does not matter here (both buckets are empty).
import { risingBars, run } from "./harness";

const TV_LOG = [
  "rise false/false fall false/true prank 100/60 cmo NaN mfi 100 hi 0.995 hib -2 xover false",
  "rise false/true fall false/false prank 100/100 cmo NaN mfi 100 hi 0.995 hib 0 xover true",
  "rise false/false fall false/true prank 100/60 cmo NaN mfi 100 hi 0.995 hib -1 xover false",
  "rise false/true fall false/false prank 100/60 cmo NaN mfi 100 hi 0.995 hib -2 xover false",
  "rise false/false fall false/true prank 100/100 cmo NaN mfi 100 hi 0.995 hib 0 xover true",
  "rise false/true fall false/false prank 100/60 cmo NaN mfi 100 hi 0.995 hib -1 xover false",
];

const SOURCE = `//@version=6
indicator("tolerant compare")
base = 100.0
dsub = 1e-12
dsup = 1e-8
r = bar_index % 2 == 0 ? base : base + dsub
rc = bar_index % 2 == 0 ? base : base + dsup
u = bar_index % 3 == 1 ? base + dsub : base
uc = bar_index % 3 == 1 ? base + dsup : base
rise_sub = ta.rising(r, 1)
fall_sub = ta.falling(r, 1)
rise_sup = ta.rising(rc, 1)
fall_sup = ta.falling(rc, 1)
prank_sub = ta.percentrank(u, 5)
prank_sup = ta.percentrank(uc, 5)
cmo_sub = ta.cmo(r, 4)
mfi_sub = ta.mfi(r, 4)
hi_sub = (ta.highest(u, 3) - base) * 1e12
hib_sub = ta.highestbars(u, 3)
xover_sub = ta.crossover(u, base)
if 12 <= bar_index and bar_index <= 17
    log.info("rise {0}/{1} fall {2}/{3} prank {4}/{5} cmo {6} mfi {7} hi {8} hib {9} xover {10}", rise_sub, rise_sup, fall_sub, fall_sup, prank_sub, prank_sup, cmo_sub, mfi_sub, hi_sub, hib_sub, xover_sub)
plot(close)
`;

describe("the built-ins that compare within 1e-10 log what TradingView logs (docs/adr/0304)", () => {
  const logs = run(SOURCE, risingBars(20)).logs?.map((l) => l.message) ?? [];
  it.each(TV_LOG.map((line, k) => [12 + k, line] as const))("bar %i", (bar, line) => {
    expect(logs[bar - 12]).toBe(line);
  });
});
