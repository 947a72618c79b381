// Patterns of the community classics of issue 16's twelfth survey (range filters, envelope
// oscillators, fractal flags, multi-line v6 calls), written here in their style and run over a few
// bars whose values are worked by hand. TradingView's reference manual: nz(x, y) gives y for an na x
// and a `var` declaration runs on the first bar only; its user manual (Operators) makes `[1]` of the
// first bar na.
import { barsOfRows } from "../support/demo-bars";
import { run } from "./harness";

/** Rows [time, open, high, low, close, volume], one day apart. */
const day = (i: number): number => Date.UTC(2024, 0, 1 + i) / 1000;
const bars = (oc: ReadonlyArray<readonly [number, number]>) => barsOfRows(oc.map(([o, c], i) => [day(i), o, Math.max(o, c) + 1, Math.min(o, c) - 1, c, 100]));

const plots = (source: string, b = bars([[10, 11], [8, 7], [8, 10], [10, 10]])): number[][] =>
  run(source, b).outputs.map((o) => Array.from(o.values));

describe("survey S12 classics", () => {
  test("an exponential envelope seeded by nz() of an na first bar (Andean-oscillator style)", () => {
    // alpha = 2 / (3 + 1) = 0.5. Bar 0: up1[1] is na, the envelopes start at C or O (C = 11, O = 10)
    // and both components are 0 (sqrt(121 - 11 * 11), or sqrt(100 - 10 * 10) for the lower one).
    // Bar 1 (O 8, C 7): up1 = max(7, 8, 11 - (11 - 7) * .5 = 9) = 9, up2 = max(49, 64, 121 - 36 = 85) = 85,
    //   bear = sqrt(85 - 81) = 2; dn1 = min(7, 8, 9) = 7, dn2 = min(49, 64, 85) = 49, bull = 0.
    // Bar 2 (O 8, C 10): up1 = max(10, 8, 9.5) = 10, up2 = max(100, 64, 92.5) = 100, bear 0;
    //   dn1 = min(10, 8, 8.5) = 8, dn2 = min(100, 64, 74.5) = 64, bull 0.
    // Bar 3 (O 10, C 10): up1 = 10, up2 = 100, bear 0; dn1 = min(10, 10, 9) = 9,
    //   dn2 = min(100, 100, 64 + 18 = 82) = 82, bull = sqrt(82 - 81) = 1.
    const [bull, bear] = plots(`//@version=5
indicator("envelope")
length = input(3)
var alpha = 2/(length+1)
var up1 = 0.,var up2 = 0.
var dn1 = 0.,var dn2 = 0.
C = close
O = open
up1 := nz(math.max(C, O, up1[1] - (up1[1] - C) * alpha), C)
up2 := nz(math.max(C * C, O * O, up2[1] - (up2[1] - C * C) * alpha), C * C)
dn1 := nz(math.min(C, O, dn1[1] + (C - dn1[1]) * alpha), C)
dn2 := nz(math.min(C * C, O * O, dn2[1] + (C * C - dn2[1]) * alpha), C * C)
plot(math.sqrt(dn2 - dn1 * dn1), 'Bull')
plot(math.sqrt(up2 - up1 * up1), 'Bear')`);
    expect(bull).toEqual([0, 0, 0, 1]);
    expect(bear).toEqual([0, 2, 0, 0]);
  });

  test("a range filter written as a function whose local reads its own previous value", () => {
    // r = 1 on every bar; the local starts at x and nz(prev) is 0 on the first call.
    // Bar 0 (x 11): 11 > 0 and 11 - 1 = 10 >= 0, so 10. Bar 1 (x 7): 7 < 10 and 7 + 1 = 8 < 10, so 8.
    // Bar 2 (x 10): 10 > 8 and 10 - 1 = 9 >= 8, so 9. Bar 3 (x 10): 10 > 9 but 10 - 1 = 9 is not < 9, so 9.
    // A second call site keeps its own history: with r = 3, bar 0 gives 8, bar 1 (7 < 8, 7 + 3 = 10 > 8) keeps 8,
    // bar 2 (10 > 8, 10 - 3 = 7 < 8) keeps 8, bar 3 the same.
    const [one, three] = plots(`//@version=5
indicator("range filter")
rngfilt(x, r) =>
    rngfilt = x
    rngfilt := x > nz(rngfilt[1]) ? x - r < nz(rngfilt[1]) ? nz(rngfilt[1]) : x - r :
       x + r > nz(rngfilt[1]) ? nz(rngfilt[1]) : x + r
    rngfilt
plot(rngfilt(close, 1))
plot(rngfilt(close, 3))`);
    expect(one).toEqual([10, 8, 9, 9]);
    expect(three).toEqual([8, 8, 8, 8]);
  });

  test("v6 multi-line calls with named arguments and a fill between them keep every plot", () => {
    // basis = close; the bands are close +/- 1 and +/- 2, drawn through calls split over lines
    const out = plots(`//@version=6
indicator(
     title      = "clouds",
     overlay    = true
)
int lookback = input.int(
     defval  = 1,
     title   = "Lookback",
     minval  = 1
)
float basis = ta.sma(close, lookback)
pUpper1 = plot(
     series = basis + 1,
     title  = "Upper 1"
)
pUpper2 = plot(
     series = basis + 2,
     title  = "Upper 2"
)
fill(
     pUpper1,
     pUpper2,
     title = "Cloud",
     color = color.new(color.red, 88)
)`);
    expect(out).toEqual([
      [12, 8, 11, 11],
      [13, 9, 12, 12],
    ]);
  });

  test("a v5 float taken as a condition, as a pivot price is in 'pl and ...' (na and 0 are false)", () => {
    // closes 11, 7, 10, 10 over opens 10, 8, 8, 10: pv is 11, na, 10, then 0 on the flat bar
    const out = plots(`//@version=5
indicator("float as condition")
pv = close > open ? close : close < open ? na : 0.0
hit = pv and close > 5
plot(hit ? 1 : 0)
plot(pv ? 1 : 0)`);
    expect(out).toEqual([
      [1, 0, 1, 0],
      [1, 0, 1, 0],
    ]);
    // v6 has no implicit number-to-bool conversion (TradingView's v6 migration guide)
    expect(() => plots(`//@version=6\nindicator("x")\npv = close > open ? close : na\nplot(pv and close > 5 ? 1 : 0)`)).toThrow(/must be a bool/);
  });

  test("a function local reassigned then held through its own [1] keeps each call site's final value", () => {
    // Schaff-cycle style digital smoothing: above hi 100, below lo 0, otherwise the previous bar's final value.
    // First call (hi 10.5, lo 7.5) over closes 11, 7, 10, 10: 100, 0, then 0 held twice (s[1] is the
    // value s ended the bar with, not the close it started from). Second call (hi 10.5, lo 0): 100 held.
    const [first, second] = plots(`//@version=6
indicator("hold")
hold(float v, float hi, float lo) =>
    float s = v
    s := s > hi ? 100 : s < lo ? 0 : s[1]
    s
plot(hold(close, 10.5, 7.5))
plot(hold(close, 10.5, 0))`);
    expect(first).toEqual([100, 0, 0, 0]);
    expect(second).toEqual([100, 100, 100, 100]);
  });

  test("an if whose body follows '=>' on the same line is refused, as TradingView refuses it", () => {
    expect(() =>
      plots(`//@version=6
indicator("x")
var float hit = na
if close > open => hit := close
plot(hit)`),
    ).toThrow(/indented block/);
  });
});
