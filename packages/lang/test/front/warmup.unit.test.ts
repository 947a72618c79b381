// Warmup of representative scripts against hand-computed values, per-call-site history
// lengths for the back end, and the annotations codegen reads.

import { BUILTIN_FUNCTIONS } from "../../src/builtins";
import { analyzeWarmup } from "../../src/derive/warmup";
import type * as A from "../../src/language/ast";
import { forEachNode } from "../../src/derive/walk";
import { check } from "./harness";

const ind = (body: string): string => `//@version=6\nindicator("t")\n${body}`;

async function program(src: string) {
  const r = await check(src);
  if (!r.checked) throw new Error(JSON.stringify(r.diagnostics));
  return r.checked;
}

function calls(p: Awaited<ReturnType<typeof program>>): A.Call[] {
  const out: A.Call[] = [];
  forEachNode(p.entry.script.body, (n) => {
    if (n.kind === "Call") out.push(n);
  });
  return out;
}

describe("warmup_bars", () => {
  const cases: Array<[string, string, number]> = [
    ["sma", "plot(ta.sma(close, 50))\n", 50],
    ["ema is 12 x length", "plot(ta.ema(close, 20))\n", 240],
    ["rma is 23 x length", "plot(ta.rma(close, 10))\n", 230],
    ["rsi is 23 x length + 1", "plot(ta.rsi(close, 14))\n", 323],
    ["chain: ema of rsi", "plot(ta.ema(ta.rsi(close, 14), 9))\n", 431],
    ["max of two plots", "plot(ta.sma(close, 200))\nplot(ta.ema(close, 10))\n", 200],
    ["[n] adds n", "plot(close[3] + ta.sma(close, 10)[2])\n", 12],
    ["through a variable", "a = ta.sma(close, 10)\nb = a[4]\nplot(b)\n", 14],
    ["through a user function's parameter", "f(src, n) => ta.wma(src, n)\nplot(f(ta.sma(close, 5), 7))\n", 12],
    ["input default sets the length", 'n = input.int(33, "N")\nplot(ta.highest(high, n))\n', 33],
    ["finite requirement over the cap", "plot(ta.ema(close, 500))\n", 5000],
    // the condition reads close[k] after the body raised k: as deep as `k < 200` lets it, 199
    ["a while counter bounded in its condition", "int k = 1\nwhile k < 200 and close[k] < close\n    k += 1\nplot(k)\n", 199],
    ["the bound written the other way, inclusive", "int k = 1\nwhile 50 >= k and close[k] < close\n    k += 1\nplot(k)\n", 50],
    ["a counter with no bound: history from the start", "int k = 1\nwhile close[k] < close\n    k += 1\nplot(k)\n", 5000],
  ];
  test.each(cases)("%s", async (_name, body, expected) => {
    const r = await check(ind(body));
    expect(r.interface?.warmup_bars).toBe(expected);
  });

  test("a finite requirement over 5,000 is capped with a warning", async () => {
    const r = await check(ind("plot(ta.ema(close, 500))\n"));
    expect(r.diagnostics.map((d) => [d.code, d.severity, d.message])).toEqual([
      ["unbounded_lookback", "warning", "The script's warmup is capped at 5000 bars: it needs 6000 bars of history."],
    ]);
  });

  test("input overrides change the requirement", async () => {
    const p = await program(ind('n = input.int(10, "N")\nplot(ta.ema(close, n))\n'));
    expect(analyzeWarmup(p).required).toBe(120);
    expect(analyzeWarmup(p, { n: 30 }).required).toBe(360);
  });
});

describe("history requirements per call site", () => {
  test("each stateful call site has its own window", async () => {
    const p = await program(ind("a = ta.sma(close, 20)\nb = ta.ema(a, 5)\nplot(ta.highest(high, 7) + a + b)\n"));
    const h = analyzeWarmup(p).history;
    const byName = new Map(calls(p).filter((c) => c.callSiteId !== undefined && c.target?.kind === "builtin").map((c) => [(c.target as { name: string }).name, c.callSiteId as number]));
    expect(h.callSites.get(byName.get("ta.sma") as number)).toBe(20);
    expect(h.callSites.get(byName.get("ta.ema") as number)).toBe(60);
    expect(h.callSites.get(byName.get("ta.highest") as number)).toBe(7);
  });

  test("a call inside a function takes the largest length of its callers", async () => {
    const p = await program(ind("f(n) => ta.sma(close, n)\nplot(f(5) + f(9))\n"));
    const inner = (p.entry.script.body[1] as A.FunctionDecl).body.body[0] as A.ExprStmt;
    const id = (inner.expr as A.Call).callSiteId as number;
    expect(analyzeWarmup(p).history.callSites.get(id)).toBe(9);
  });

  test("history offsets per variable and built-in series", async () => {
    const p = await program(ind("x = close * 2\ny = x[3] + x[1] + close[7]\nz = x[bar_index]\nplot(y + z)\n"));
    const h = analyzeWarmup(p).history;
    const x = (p.entry.script.body[1] as A.VarDecl).symbol as A.LocalSymbol;
    // x[bar_index]: not known at compile time, so x keeps TradingView's deepest history, 5000 bars
    expect(h.symbols.get(x.id)).toBe(5000);
    expect(h.builtins.get("close")).toBe(7);
  });
});

describe("annotations for codegen", () => {
  test("symbols, types, qualifiers and call sites", async () => {
    const p = await program(ind('len = input.int(14, "Length")\nf(x) => ta.sma(x, len)\nv = f(close) + f(open)\nplot(v)\n'));
    const [, lenDecl, fnDecl, vDecl] = p.entry.script.body as [A.Stmt, A.VarDecl, A.FunctionDecl, A.VarDecl];
    expect(lenDecl.symbol).toMatchObject({ kind: "local", name: "len", type: { kind: "primitive", name: "int" }, qual: "input", input: "len", role: "variable" });
    expect(fnDecl.fn).toMatchObject({ kind: "function", name: "f", isMethod: false, exported: false });
    expect(vDecl.symbol).toMatchObject({ type: { kind: "primitive", name: "float" }, qual: "series" });
    const init = vDecl.init as A.Binary;
    const [c1, c2] = [init.left as A.Call, init.right as A.Call];
    expect(c1.target).toEqual({ kind: "user", fn: fnDecl.fn });
    expect(c1.callSiteId).not.toBe(c2.callSiteId);
    expect((c1.callee as A.Identifier).symbol).toBe(fnDecl.fn);
    const inner = (fnDecl.body.body[0] as A.ExprStmt).expr as A.Call;
    expect(inner.target).toEqual({ kind: "builtin", name: "ta.sma" });
    expect(typeof inner.callSiteId).toBe("number");
    expect((inner.args[1]?.value as A.Identifier).symbol).toBe(lenDecl.symbol);
    expect(((inner.callee as A.Member).symbol)).toEqual({ kind: "builtinFunction", name: "ta.sma" });
  });

  test("pure built-ins get no call site; plots and methods do", async () => {
    const p = await program(ind("a = array.new<float>()\na.push(math.abs(close))\nplot(a.size())\n"));
    const cs = calls(p).map((c) => [c.target?.kind === "builtin" || c.target?.kind === "builtinMethod" ? `${c.target.kind}:${c.target.name}` : "?", c.callSiteId !== undefined]);
    expect(cs).toEqual([
      ["builtin:indicator", false],
      ["builtin:array.new", false],
      ["builtinMethod:array.push", false],
      ["builtin:math.abs", false],
      ["builtin:plot", true],
      ["builtinMethod:array.size", false],
    ]);
  });
});

describe("built-in table", () => {
  const listed = "sma ema rma wma vwma hma alma swma atr tr highest lowest highestbars lowestbars pivothigh pivotlow crossover crossunder cross stdev variance dev rsi change mom roc cum percentrank barssince valuewhen dmi stoch cci mfi macd bb bbw kc kcw linreg correlation supertrend vwap sar median mode range rising falling".split(" ");
  test.each(listed)("ta.%s is in the table, stateful, documented", (n) => {
    const f = BUILTIN_FUNCTIONS.get(`ta.${n}`);
    expect(f).toBeDefined();
    expect(f?.stateful).toBe(true);
    expect(f?.doc.length).toBeGreaterThan(10);
  });

  test("every function has a documentation sentence and parsed parameters", () => {
    for (const f of BUILTIN_FUNCTIONS.values()) {
      expect(f.doc).toMatch(/\.$|\)$/);
      for (const s of f.signatures) for (const p of s.params) expect(p.name).toMatch(/^\w+$/);
    }
  });
});
