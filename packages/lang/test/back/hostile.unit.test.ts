// Hostile scripts end in a diagnostic (refused before codegen) or a clean runtime error of the
// bar; nothing reaches JavaScript globals and evaluation never crashes.
import { parse } from "../../src/language/parser";
import { checkFile, DiagnosticSink, IdCounters, makeContext } from "../../src/check";
import { compile, evaluate } from "../../src/evaluate";
import type { Bars } from "../../src/types";
import { SYMBOL } from "./harness";

const n = 30;
const mk = (f: (i: number) => number) => Float64Array.from({ length: n }, (_, i) => f(i));
const bars: Bars = { length: n, time: mk((i) => 1.6e9 + i * 86400), open: mk((i) => 100 + i), high: mk((i) => 101 + i), low: mk((i) => 99 + i), close: mk((i) => 100 + i), volume: mk(() => 10) };

/** "diagnostic" when the front end refuses it, else the evaluation. */
function attempt(src: string): "diagnostic" | ReturnType<typeof evaluate> {
  const p = parse("main.pine", src);
  if (p.diagnostics.some((d) => d.severity === "error")) return "diagnostic";
  const sink = new DiagnosticSink();
  checkFile(p.script, makeContext("main.pine", p.script.version, sink, new IdCounters()), { key: "file:main.pine", isEntry: true, imports: new Map(), importKeys: new Map() });
  if (sink.list.some((d) => d.severity === "error")) return "diagnostic";
  return evaluate(compile({ script: p.script }), bars, {}, { symbol: SYMBOL, windowStart: 0 });
}

const header = `//@version=6\nindicator("h")\n`;

describe("hostile scripts", () => {
  test("an endless loop is a counted 'loop takes too long' error on every bar, outputs na", () => {
    const r = attempt(header + "x = 0\nwhile true\n    x += 1\nplot(x, \"x\")");
    expect(r).not.toBe("diagnostic");
    if (r === "diagnostic") return;
    expect(r.runtimeErrors).toEqual([{ message: "loop takes too long", count: n, first_time: bars.time[0], last_time: bars.time[n - 1] }]);
    expect(Array.from(r.outputs[0]!.values).every((v) => Number.isNaN(v))).toBe(true);
    expect(r.errorBarsInWindow).toBe(n);
  }, 60000);

  test("nested for loops are counted across all loops of the bar", () => {
    const r = attempt(header + "s = 0.0\nfor i = 0 to 10000\n    for j = 0 to 10000\n        s += 1\nplot(s, \"s\")");
    if (r === "diagnostic") throw new Error("refused");
    expect(r.runtimeErrors[0]?.message).toBe("loop takes too long");
  }, 60000);

  test("runtime.error makes the bar na and is counted, other bars are kept", () => {
    const r = attempt(header + "if bar_index % 2 == 0\n    runtime.error(\"even bar\")\nplot(close, \"c\")");
    if (r === "diagnostic") throw new Error("refused");
    expect(r.runtimeErrors).toEqual([{ message: "even bar", count: 15, first_time: bars.time[0], last_time: bars.time[28] }]);
    expect(r.outputs[0]!.values[0]).toBeNaN();
    expect(r.outputs[0]!.values[1]).toBe(101);
  });

  test("huge arrays and strings are runtime errors, not crashes", () => {
    const a = attempt(header + "a = array.new_float(50000000, 0.0)\nplot(array.size(a), \"n\")");
    if (a === "diagnostic") throw new Error("refused");
    expect(a.runtimeErrors[0]?.message).toMatch(/Array is too large/);
    const s = attempt(header + "var s = \"x\"\ns := s + s\nplot(str.length(s), \"n\")");
    if (s === "diagnostic") throw new Error("refused");
    expect(s.runtimeErrors[0]?.message).toMatch(/string longer/);
  });

  test("names of JavaScript globals and prototypes are plain script variables", () => {
    const src =
      header +
      "constructor = 1.0\n__proto__ = 2.0\nglobalThis = 3.0\nprocess = 4.0\nrequire = 5.0\nFunction = 6.0\neval = 7.0\nthis_ = 8.0\nprototype = 9.0\n" +
      "plot(constructor + __proto__ + globalThis + process + require + Function + eval + this_ + prototype, \"sum\")";
    const r = attempt(src);
    if (r === "diagnostic") return;
    expect(r.outputs[0]!.values[0]).toBe(45);
    expect(r.runtimeErrors).toEqual([]);
  });

  test("strings that look like code stay strings", () => {
    const code = '"); process.exit(1); ("';
    const src = header + `s = ${JSON.stringify(code)} + "'; require('fs')//"\nplot(str.length(s), "n")`;
    const r = attempt(src);
    if (r === "diagnostic") return;
    expect(r.outputs[0]!.values[0]).toBe(code.length + "'; require('fs')//".length);
  });

  test("unknown members and calls are refused before code exists", () => {
    for (const src of [header + "x = close.constructor\nplot(x)", header + "x = process.exit(1)\nplot(x)", header + "x = globalThis.process\nplot(close)"]) {
      expect(attempt(src)).toBe("diagnostic");
    }
  });

  test("the generated code names nothing but its own locals and the runtime", () => {
    const p = parse("main.pine", header + "constructor = ta.sma(close, 3)\nplot(constructor, \"x\")");
    const prog = compile({ script: p.script });
    const idents = prog.source.replace(/"(?:[^"\\]|\\.)*"/g, '""').match(/[A-Za-z_$][\w$]*/g) ?? [];
    const allowed = new Set(["use", "strict", "const", "let", "var", "function", "return", "try", "catch", "throw", "finally", "if", "else", "for", "while", "break", "continue", "true", "false", "new", "undefined", "NaN", "Math", "Infinity"]);
    for (const id of idents) {
      const ok = allowed.has(id) || id.startsWith("$") || /^[vf]\d+_/.test(id) || /^(update|push|r[0-2]|offset|next|[A-Z]\w*|ta|math|str|array|color|abs|max|min|floor|ceil|round|pow|sqrt|log|log10|exp|sin|cos|tan|asin|acos|atan|PI|E|open|high|low|close|volume|time|plot|event|input|ago|hx|at|isNa|nz|ne|bool|concat|obj|items|fail|tooLong|loops|loopBudget|n|ticker|mintick|timezone|tf|period|multiplier|isintraday|isdaily|isweekly|ismonthly|sourceColumn|namedColor|hexColor|shown|timeClose|barAgo|length|out|pending|flush|run|endBar|bar|release|get|agoV|hxV|at|e|r|ensure|buf|cap|top|pos|count|last)$/.test(id);
      if (!ok) throw new Error(`unexpected identifier in generated code: ${id}`);
    }
  });
});
