// Built-ins as records (src/builtins/record.ts): the table and every list of names are built from
// the records, a malformed record is refused when it is made, and the two code forms a record can
// have (its emitter and its inlined fast form) compute the same values.
import { builtinFunction, builtinVariable, constants, recordsOf, taFunction, update } from "../../src/builtins/record";
import { BUILTIN_FUNCTIONS, BUILTIN_VARIABLES, DECLARATION_FUNCTIONS, EVENT_FUNCTIONS, GLOBAL_ONLY_FUNCTIONS, PENDING_BUILTINS, PLOT_FUNCTIONS } from "../../src/builtins";
import { runtimePath } from "../../src/runtime/library";
import { Sma } from "../../src/stdlib/ta/ma";
import { build, SYMBOL } from "../back/harness";
import { evaluate } from "../../src/evaluate";
import type { Bars } from "../../src/types";

describe("record shape", () => {
  test("a record names one built-in across its overloads", () => {
    expect(() => builtinFunction({ sig: ["a.f(x: series float): float", "a.g(x: series float): float"], doc: "Two names.", emit: () => "0" })).toThrow(/one record names one built-in/);
  });

  test("a record without emitter, role or pending message is refused", () => {
    expect(() => builtinFunction({ sig: "a.f(x: series float): float", doc: "Nothing to compile." })).toThrow(/needs an emitter, a role or a pending message/);
  });

  test("taFunction prefixes ta. and keeps state per call site", () => {
    const r = taFunction({ sig: "twice(source: series float): series float", doc: "Twice.", emit: update(Sma, (b) => [b.a("source"), "2"]) });
    expect(r.name).toBe("ta.twice");
    expect(r.stateful).toBe(true);
    expect(r.signatures[0]?.params.map((p) => p.name)).toEqual(["source"]);
  });

  test("recordsOf collects exported records and arrays of records, nothing else", () => {
    const one = builtinFunction({ sig: "a.one(): float", doc: "One.", emit: () => "1" });
    const consts = constants("k", "string", ["x", "y"], "K.");
    const v = builtinVariable({ name: "a.v", type: "series float", doc: "V.", emit: "1" });
    const names = recordsOf({ one, consts, v, Sma, helper: (): number => 1, text: "a" }).map((r) => r.name);
    expect(names).toEqual(["a.one", "k.x", "k.y", "a.v"]);
  });

  test("a bad signature line is refused", () => {
    expect(() => builtinFunction({ sig: "a.f(x: weird): float", doc: "Bad.", emit: () => "0" })).toThrow(/bad type/);
  });
});

describe("the table and its lists come from the records", () => {
  // Pine v6's reference: the calls that make an output, raise an event, declare a script, and
  // those refused in a local scope ("Cannot use 'plot' in local scope").
  test("plot, event and declaration functions", () => {
    expect([...PLOT_FUNCTIONS].sort()).toEqual(["plot", "plotarrow", "plotbar", "plotcandle", "plotchar", "plotshape"]);
    expect([...EVENT_FUNCTIONS].sort()).toEqual(["alert", "alertcondition"]);
    expect([...DECLARATION_FUNCTIONS].sort()).toEqual(["definition", "indicator", "library", "study"]);
    expect([...GLOBAL_ONLY_FUNCTIONS].sort()).toEqual(
      ["alertcondition", "barcolor", "bgcolor", "definition", "fill", "hline", "indicator", "library", "plot", "plotarrow", "plotbar", "plotcandle", "plotchar", "plotshape", "study", "use"].sort(),
    );
  });

  test("every built-in function compiles somehow: an emitter, a role, or a pending message", () => {
    for (const f of BUILTIN_FUNCTIONS.values()) expect(f.emit !== null || f.role !== null || f.pending !== null).toBe(true);
  });

  test("pending built-ins are exactly the records with a pending message", () => {
    const pending = [...BUILTIN_FUNCTIONS.values(), ...BUILTIN_VARIABLES.values()].filter((f) => f.pending !== null).map((f) => f.name);
    expect([...PENDING_BUILTINS.keys()].sort()).toEqual(pending.sort());
  });

  test("every ta.* function has a lookback rule (warmup needs it) and state per call site", () => {
    for (const f of BUILTIN_FUNCTIONS.values()) {
      if (!f.name.startsWith("ta.")) continue;
      expect({ name: f.name, lookback: f.lookback !== null, stateful: f.stateful }).toEqual({ name: f.name, lookback: true, stateful: true });
    }
  });

  test("variables: bar columns read history from the column, constants carry their value", () => {
    const b = { state: () => "s", fn: () => "f" };
    expect(BUILTIN_VARIABLES.get("close")?.history?.("n", 2, b)).toBe("($i >= 2 ? $C[$i - 2] : NaN)");
    // a computed source: the formula at bar $i - 2, or its cached column for an offset known only at run time
    expect(BUILTIN_VARIABLES.get("hl2")?.history?.("n", 2, b)).toBe("($i >= 2 ? (($H[$i - 2] + $L[$i - 2]) / 2) : NaN)");
    expect(BUILTIN_VARIABLES.get("hl2")?.history?.("n", null, b)).toBe('$rt.at($rt.column("hl2"), $i - n)');
    expect(BUILTIN_VARIABLES.get("math.pi")?.value).toBe(Math.PI);
    expect(BUILTIN_VARIABLES.get("bar_index")?.lookback).toBe(Number.POSITIVE_INFINITY);
  });

  test("the runtime path of a stdlib implementation", () => {
    expect(runtimePath(Sma)).toBe("ta.Sma");
    expect(runtimePath(class NotExposed {})).toBeNull();
  });
});

describe("an inlined fast form computes what its emitter computes", () => {
  // closes with an na in the middle (both forms skip it)
  const closes = [44, 44.3, 44.1, 43.6, 44.3, 44.8, 45.1, NaN, 45.4, 45.8, 46.1, 45.9, 46.2, 46.6, 46.3, 46.5, 47, 46.8, 46.1, 45.6];
  const col = Float64Array.from(closes);
  const bars: Bars = { length: col.length, time: Float64Array.from(col, (_, i) => 1.7e9 + i * 86400), open: col, high: col, low: col, close: col, volume: col.map(() => 1) };

  test.each(["ta.ema(close, 5)", "ta.rma(close, 5)", "ta.rsi(close, 5)"])("%s", (call) => {
    // top level and unconditional: inlined; in a ternary branch: the stdlib class
    const src = `//@version=6\nindicator("t")\non = bar_index >= 0\nplot(${call}, "inline")\nplot(on ? ${call} : na, "class")`;
    const prog = build(src);
    expect(prog.source).toContain("$m");
    const r = evaluate(prog, bars, {}, { symbol: SYMBOL, windowStart: 0 });
    const [inline, viaClass] = r.outputs.map((o) => Array.from(o.values));
    expect(inline!.slice(6).every((x) => Number.isFinite(x))).toBe(true);
    expect(inline).toEqual(viaClass);
  });
});
