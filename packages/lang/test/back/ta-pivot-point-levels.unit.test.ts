// ta.pivot_point_levels against levels worked by hand from the formulas of TradingView's "Pivot
// Points Standard" help page (Traditional: PP = (H + L + C) / 3, R1 = 2 PP - L, ...; Woodie uses the
// next period's open; DM's X by close vs open; Camarilla R5 = H / L * C).
import { build, SYMBOL } from "./harness";
import { evaluate } from "../../src/evaluate";
import { validate } from "../../src/validate";
import { NO_SCRIPTS } from "../front/harness";
import type { Bars } from "../../src/types";

// bar:   0   1   2   3   4      a period is bars 0-2 (open 10, high 15, low 8, close 12), the next starts at bar 3
const O = [10, 11, 14, 13, 15];
const H = [12, 15, 14, 16, 17];
const L = [9, 10, 8, 12, 14];
const C = [11, 14, 12, 15, 16];
const BARS: Bars = { length: 5, time: Float64Array.from(O, (_, i) => 1.6e9 + i * 86400), open: Float64Array.from(O), high: Float64Array.from(H), low: Float64Array.from(L), close: Float64Array.from(C), volume: Float64Array.from(O, () => 1) };

function levels(type: string, developing = false): number[][] {
  const plots = Array.from({ length: 11 }, (_, k) => `plot(lv.get(${k}))`).join("\n");
  const src = `//@version=6\nindicator("p")\nlv = ta.pivot_point_levels("${type}", bar_index == 3, ${developing})\n${plots}`;
  const r = evaluate(build(src), BARS, {}, { symbol: SYMBOL, windowStart: 0 });
  expect(r.runtimeErrors).toEqual([]);
  // per bar, its 11 levels
  return Array.from({ length: BARS.length }, (_, i) => r.outputs.map((o) => o.values[i]!));
}

function expectLevels(actual: number[], expected: number[]): void {
  expected.forEach((e, k) => {
    if (Number.isNaN(e)) expect(actual[k]).toBeNaN();
    else expect(actual[k]).toBeCloseTo(e, 10);
  });
}

const N = NaN;

describe("ta.pivot_point_levels: the previous period's levels from the anchor on", () => {
  test("Traditional: na before the first anchor, then the levels of bars 0-2 (H 15, L 8, C 12, PP 35/3)", () => {
    const v = levels("Traditional");
    for (let i = 0; i < 3; i++) expectLevels(v[i]!, new Array<number>(11).fill(N));
    // R1 = 70/3 - 8; S1 = 70/3 - 15; R2/S2 = PP -+ 7; R3 = 70/3 + (15 - 16); S3 = 70/3 - (30 - 8); R4 = 35 + (15 - 24); S4 = 35 - (45 - 8); R5 = 140/3 + (15 - 32); S5 = 140/3 - (60 - 8)
    const want = [35 / 3, 46 / 3, 25 / 3, 56 / 3, 14 / 3, 67 / 3, 4 / 3, 26, -2, 89 / 3, -16 / 3];
    expectLevels(v[3]!, want);
    expectLevels(v[4]!, want);
  });

  test("Fibonacci: PP -+ 0.382, 0.618, 1 times the range 7", () => {
    expectLevels(levels("Fibonacci")[3]!, [35 / 3, 35 / 3 + 2.674, 35 / 3 - 2.674, 35 / 3 + 4.326, 35 / 3 - 4.326, 56 / 3, 14 / 3, N, N, N, N]);
  });

  test("Woodie: PP = (15 + 8 + 2 * 13) / 4 with the new period's open 13", () => {
    // R1 = 24.5 - 8; S1 = 24.5 - 15; R2/S2 = 12.25 -+ 7; R3 = 15 + 2 * 4.25; S3 = 8 - 2 * 2.75; R4/S4 = R3 + 7, S3 - 7
    expectLevels(levels("Woodie")[3]!, [12.25, 16.5, 9.5, 19.25, 5.25, 23.5, 2.5, 30.5, -4.5, N, N]);
  });

  test("Classic: PP -+ 1, 2, 3 ranges from R2 on", () => {
    expectLevels(levels("Classic")[3]!, [35 / 3, 46 / 3, 25 / 3, 56 / 3, 14 / 3, 77 / 3, -7 / 3, 98 / 3, -28 / 3, N, N]);
  });

  test("DM: close 12 > open 10, X = 2 * 15 + 8 + 12 = 50", () => {
    expectLevels(levels("DM")[3]!, [12.5, 17, 10, N, N, N, N, N, N, N, N]);
  });

  test("Camarilla: close -+ 1.1 * 7 / 12, / 6, / 4, / 2; R5 = 15 / 8 * 12 = 22.5, S5 = 12 - 10.5", () => {
    expectLevels(levels("Camarilla")[3]!, [35 / 3, 12 + 7.7 / 12, 12 - 7.7 / 12, 12 + 7.7 / 6, 12 - 7.7 / 6, 12 + 7.7 / 4, 12 - 7.7 / 4, 15.85, 8.15, 22.5, 1.5]);
  });

  test("developing: the levels of the period so far, restarting at the anchor", () => {
    const pp = levels("Traditional", true).map((l) => l[0]!);
    // bars 0: (12 + 9 + 11) / 3; 0-1: (15 + 9 + 14) / 3; 0-2: (15 + 8 + 12) / 3; 3: (16 + 12 + 15) / 3; 3-4: (17 + 12 + 16) / 3
    [32 / 3, 38 / 3, 35 / 3, 43 / 3, 15].forEach((e, i) => expect(pp[i]).toBeCloseTo(e, 10));
  });

  test("developing Woodie and an unknown type are runtime errors", () => {
    const run = (args: string) => evaluate(build(`//@version=6\nindicator("p")\nplot(ta.pivot_point_levels(${args}).get(0))`), BARS, {}, { symbol: SYMBOL, windowStart: 0 });
    expect(run('"Woodie", bar_index == 3, true').runtimeErrors[0]!.message).toMatch(/cannot be developing/);
    expect(run('"Floor", bar_index == 3').runtimeErrors[0]!.message).toMatch(/unknown type "Floor"/);
  });
});

describe("ta.pivot_point_levels: warmup", () => {
  test("the levels depend on the whole period since the last anchor: the warmup is the cap (5,000 bars) with the warning", async () => {
    const r = await validate([{ path: "main.pine", content: '//@version=6\nindicator("p")\nplot(ta.pivot_point_levels("Traditional", timeframe.change("W")).get(0))' }], { resolver: NO_SCRIPTS });
    expect(r.interface?.warmup_bars).toBe(5000);
    expect(r.diagnostics.map((d) => d.code)).toContain("unbounded_lookback");
  });
});
