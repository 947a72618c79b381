// A library's members as an importing script uses them: its constants read inside its own
// functions, its enums named through the import alias, its exported methods called on its types.
// Expected values are worked by hand from the closes below.
import { compile, evaluate } from "../../src/index";
import { validate } from "../../src/validate";
import { barsOf, evaluateValid, lib, outputsByName, PLAIN_SYMBOL, resolverOf } from "../front/harness";

const LIBRARY = [
  "//@version=6",
  'library("sig")',
  "export const float K = 2.0",
  "const float HALF = K / 4",
  "export enum Kind",
  '    up = "Up"',
  '    down = "Down"',
  "export type Counter",
  "    int ups = 0",
  "    float last = na",
  "export scaled(float x) => x * K + HALF",
  "export kindOf(float change) => change > 0 ? Kind.up : Kind.down",
  "export method record(Counter c, Kind k, float price) =>",
  "    if k == Kind.up",
  "        c.ups += 1",
  "    c.last := price",
  "    c",
  "export method spread(array<float> a) => a.max() - a.min()",
  "",
].join("\n");
const LIBS = resolverOf([lib("acme", "sig", 1, LIBRARY)]);

async function outputs(body: string, closes: number[]): Promise<Record<string, Array<number | null>>> {
  const res = await evaluateValid(`//@version=6\nindicator("t")\nimport acme/sig/1 as sg\n${body}`, closes, { resolver: LIBS });
  expect(res.runtimeErrors).toEqual([]);
  return outputsByName(res);
}

const CLOSES = [10, 12, 11, 15];

describe("library members used by an importing script", () => {
  test("a library constant inside the library's function (and a private constant naming it)", async () => {
    // close * 2 + 0.5
    expect(await outputs('plot(sg.scaled(close), "s")', CLOSES)).toEqual({ s: [20.5, 24.5, 22.5, 30.5] });
  });

  test("an enum member named through the import alias, compared and switched on", async () => {
    const body = ['k = sg.kindOf(ta.change(close))', 'plot(k == sg.Kind.up ? 1 : 0, "up")', "v = switch k", "    sg.Kind.up => 1", "    sg.Kind.down => -1", "    => 0", 'plot(v, "v")'].join("\n");
    // changes: na, +2, -1, +4 (na > 0 is false: down)
    expect(await outputs(body, CLOSES)).toEqual({ up: [0, 1, 0, 1], v: [-1, 1, -1, 1] });
  });

  test("an exported method called on a value of the library's type", async () => {
    const body = ["var c = sg.Counter.new()", "c.record(sg.kindOf(ta.change(close)), close)", 'plot(c.ups, "ups")', 'plot(c.last, "last")'].join("\n");
    expect(await outputs(body, CLOSES)).toEqual({ ups: [0, 1, 1, 2], last: [10, 12, 11, 15] });
  });

  test("an exported method called in function form through the alias (the object first, named arguments too)", async () => {
    const body = ["var c = sg.Counter.new()", "sg.record(c, sg.kindOf(ta.change(close)), close)", 'plot(c.ups, "ups")', 'plot(sg.record(c = c, price = close * 2, k = sg.Kind.down).last, "twice")'].join("\n");
    // ups as above; the second call records a down at twice the close, so last = 2 * close
    expect(await outputs(body, CLOSES)).toEqual({ ups: [0, 1, 1, 2], twice: [20, 24, 22, 30] });
  });

  test("function form picks the method whose first parameter takes the object", async () => {
    const body = ["var a = array.new<float>()", "a.push(close)", 'plot(sg.spread(a), "spread")'].join("\n");
    // running max - min of 10, 12, 11, 15
    expect(await outputs(body, CLOSES)).toEqual({ spread: [0, 2, 2, 5] });
  });

  test("function form with an object of another type is refused at validation", async () => {
    const r = await validate([{ path: "main.pine", content: "//@version=6\nindicator(\"t\")\nimport acme/sig/1 as sg\nplot(sg.spread(close))" }], { resolver: LIBS });
    expect(r.diagnostics.filter((d) => d.severity === "error").map((d) => d.code)).toEqual(["type_mismatch"]);
  });

  test("a script's own method called in function form", async () => {
    const r = await validate([{ path: "main.pine", content: ["//@version=6", 'indicator("t")', "method twice(float x) => x * 2", 'plot(twice(close) + close.twice(), "v")'].join("\n") }], { resolver: LIBS });
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const res = evaluate(compile(r.checked!, r.interface ?? undefined), barsOf(CLOSES), {}, { symbol: PLAIN_SYMBOL, windowStart: 0 });
    expect(Array.from(res.outputs[0]!.values)).toEqual([40, 48, 44, 60]);
  });

  test("str.tostring of an enum member is its title (TradingView's user manual, Enums), its name when it has none", async () => {
    const body = ['k = sg.kindOf(ta.change(close))', 'plot(str.length(str.tostring(k)), "len")', 'plot(str.tostring(sg.Kind.down) == "Down" ? 1 : 0, "down")'].join("\n");
    // titles "Up" (2 characters) and "Down" (4): changes na (down), +2, -1, +4
    expect(await outputs(body, CLOSES)).toEqual({ len: [4, 2, 4, 2], down: [1, 1, 1, 1] });
    const own = ["enum Side", "    long", '    short = "Short side"', 'plot(str.length(str.tostring(close > 11 ? Side.long : Side.short)), "n")'].join("\n");
    // untitled "long" is 4 characters, "Short side" 10
    expect(await outputs(own, CLOSES)).toEqual({ n: [10, 4, 10, 4] });
  });
});
