// Every function of the built-in table compiles: one tiny script per built-in (and per overload),
// with arguments generated from its signature, goes through validate() and compile() of the
// package's public surface. The table and the back end cannot drift apart: a built-in the checker
// accepts and codegen cannot compile fails here. Built-ins the back end does not compile yet are
// in PENDING_BUILTINS and must be refused by the checker instead.

import { BUILTIN_FUNCTIONS, compile, type ParamSpec, type Signature, type TypeSpec } from "../../src/index";
import { PENDING_BUILTINS } from "../../src/builtins";
import { isTradingViewLibraryFunction } from "../../src/check/tradingview-libraries";
import { check } from "./harness";

/** Values the generated arguments refer to; a script declares only those it uses. */
const PRELUDE: Array<[string, string]> = [
  ["af", "af = array.from(1.0, 2.0, 3.0)"],
  ["ai", "ai = array.from(1, 2, 3)"],
  ["ab", "ab = array.from(true, false)"],
  ["as", "as = array.from(\"a\", \"b\")"],
  ["m", "m = map.new<string, float>()"],
  ["mx", "mx = matrix.new<float>(2, 2, 0.0)"],
  ["md", "enum md\n    a = \"A\"\n    b"],
  ["lb", "lb = label.new(bar_index, close)"],
  ["ln", "ln = line.new(bar_index, close, bar_index, open)"],
  ["bx", "bx = box.new(bar_index, high, bar_index, low)"],
  ["tb", "tb = table.new(position.top_right, 2, 2)"],
  ["lf", "lf = linefill.new(ln, ln, color.red)"],
  ["pt", "pt = chart.point.now(close)"],
  ["ap", "ap = array.from(chart.point.now(close))"],
  ["pl", "pl = polyline.new(ap)"],
  ["p1", "p1 = plot(close, \"p1\")"],
  ["p2", "p2 = plot(open, \"p2\")"],
  ["h1", "h1 = hline(1)"],
  ["h2", "h2 = hline(2)"],
];

function preludeFor(call: string): string {
  const used = new Set(call.match(/\b[a-z]\w*\b/g) ?? []);
  if (used.has("lf")) used.add("ln");
  if (used.has("pl")) used.add("ap");
  return PRELUDE.filter(([n]) => used.has(n)).map(([, line]) => line + "\n").join("");
}

/** Declarations, study-only and output/event calls are exercised by other tests. */
const SKIP = new Set(["indicator", "library", "definition", "study", "use", "group"]);

/** Arguments that the generic rule cannot guess (a string that must parse, a numeric array, ...). */
const ARG: Record<string, Record<string, string>> = {
  "str.tonumber": { string: '"1.5"' },
  "input.source": { defval: "close" },
  "input.timeframe": { defval: '"D"' },
  "input.string": { defval: '"a"' },
  "input.enum": { defval: "md.a" },
  input: { defval: "1" },
  "color.from_gradient": { value: "close" },
  alert: { message: '"hello"' },
};

const HANDLES: Record<string, string> = { label: "lb", line: "ln", box: "bx", table: "tb", linefill: "lf", "chart.point": "pt", polyline: "pl", plot: "p1", hline: "h1" };

function argFor(fn: string, p: ParamSpec): string {
  const special = ARG[fn]?.[p.name];
  if (special !== undefined) return special;
  return valueOf(p.type, p.qual, fn);
}

function valueOf(t: TypeSpec, qual: ParamSpec["qual"], fn: string): string {
  const series = qual === "series";
  switch (t.kind) {
    case "primitive":
      if (t.name === "int") return series && !fn.startsWith("array.") && !fn.startsWith("matrix.") && !fn.startsWith("table.") ? "bar_index % 5 + 1" : "2";
      if (t.name === "float") return series ? "close" : "2.0";
      if (t.name === "bool") return series ? "close > open" : "true";
      if (t.name === "string") return '"a"';
      return "color.red";
    case "var":
      if (fn.startsWith("map.")) return t.name === "K" ? '"k"' : "1.0";
      return series ? "close" : "1.0";
    case "array": {
      const e = t.element;
      if (e.kind === "primitive" && e.name === "int") return "ai";
      if (e.kind === "primitive" && e.name === "bool") return "ab";
      if (e.kind === "primitive" && e.name === "string") return "as";
      if (e.kind === "handle" && e.name === "chart.point") return "ap";
      return "af";
    }
    case "map":
      return "m";
    case "matrix":
      return "mx";
    case "handle":
      return HANDLES[t.name] ?? "na";
    case "list":
      return t.element.kind === "primitive" && t.element.name === "string" ? '["a", "b"]' : "[1, 2]";
    case "union":
      return valueOf(t.options[0] ?? { kind: "void" }, qual, fn);
    default:
      return "na";
  }
}

/** The second handle of a pair (`fill(p1, p2)`, `linefill.new(ln, ln)`). */
function secondHandle(arg: string): string {
  return arg === "p1" ? "p2" : arg === "h1" ? "h2" : arg;
}

function callText(name: string, sig: Signature): string {
  const args: string[] = [];
  let prevHandle: string | null = null;
  // a required argument after an omitted optional one is named (`ta.vwap(close, stdev_mult = 1)`)
  let skipped = false;
  for (const p of sig.params) {
    if (p.default !== null) {
      skipped = true;
      continue;
    }
    if (p.variadic) {
      args.push(argFor(name, p), argFor(name, p));
      continue;
    }
    let a = argFor(name, p);
    if (p.type.kind === "handle" && a === prevHandle) a = secondHandle(a);
    if (p.type.kind === "handle") prevHandle = a;
    args.push(skipped ? `${p.name} = ${a}` : a);
  }
  const typeArgs = name === "array.new" || name === "matrix.new" ? "<float>" : name === "map.new" ? "<string, float>" : "";
  return `${name}${typeArgs}(${args.join(", ")})`;
}

function scriptFor(name: string, sig: Signature): string {
  const call = callText(name, sig);
  const r = sig.returns;
  const stmt = r.kind === "void" ? call : r.kind === "tuple" ? `[${r.elements.map((_, i) => `t${i}`).join(", ")}] = ${call}` : `x = ${call}`;
  // TradingView's ta library's functions are called through its import (docs/adr/0137)
  const library = isTradingViewLibraryFunction(name) ? "import TradingView/ta/12 as ta\n" : "";
  return `//@version=6\nindicator("t")\n${library}${preludeFor(call)}${stmt}\nplot(close)\n`;
}

const cases: Array<[string, number, string]> = [];
for (const [name, f] of BUILTIN_FUNCTIONS) {
  if (SKIP.has(name) || PENDING_BUILTINS.has(name)) continue;
  f.signatures.forEach((sig, k) => cases.push([name, k, scriptFor(name, sig)]));
}

describe("every built-in of the table validates and compiles", () => {
  test.each(cases)("%s (signature %i)", async (_name, _k, src) => {
    const r = await check(src);
    expect(r.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code} ${d.line}:${d.column} ${d.message}`)).toEqual([]);
    expect(r.checked).not.toBeNull();
    expect(() => compile(r.checked!, r.interface ?? undefined)).not.toThrow();
  });
});

describe("pending built-ins are refused, never compiled", () => {
  test.each([...PENDING_BUILTINS.keys()])("%s", async (name) => {
    const f = BUILTIN_FUNCTIONS.get(name);
    const use = f ? callText(name, f.signatures[f.signatures.length - 1]!) : name;
    const r = await check(`//@version=6\nindicator("t")\nx = ${use}\nplot(close)\n`);
    expect(r.valid).toBe(false);
    expect(r.diagnostics.map((d) => d.code)).toContain("unsupported_feature");
  });
});
