// Evaluation control and code-generation semantics: AbortSignal and time budget (checked between
// chunks), errors at chunk boundaries, na of if-expressions without a taken branch, history of
// block-local variables, strings and objects, and hostile depth (recursion, deep nesting).
import { build, run, SYMBOL } from "./harness";
import { evaluate, EvaluationAborted, EvaluationTimeout, type Program } from "../../src/evaluate";
import type { Bars } from "../../src/types";
import { parse } from "../../src/language/parser";
import { checkFile, DiagnosticSink, IdCounters, makeContext } from "../../src/check";

function series(n: number, f: (i: number) => number): Bars {
  const col = (g: (i: number) => number) => Float64Array.from({ length: n }, (_, i) => g(i));
  return { length: n, time: col((i) => 1.6e9 + i * 60), open: col(f), high: col((i) => f(i) + 1), low: col((i) => f(i) - 1), close: col(f), volume: col(() => 10) };
}
const header = '//@version=6\nindicator("c")\n';
const many = series(10_000, (i) => 100 + Math.sin(i / 7) * 5);

describe("abort and time budget", () => {
  test("an aborted signal stops before the first chunk", () => {
    const ac = new AbortController();
    ac.abort();
    const prog = build(header + "plot(ta.sma(close, 5))");
    expect(() => evaluate(prog, many, {}, { symbol: SYMBOL, windowStart: 0, signal: ac.signal })).toThrow(EvaluationAborted);
  });

  test("a signal aborted during evaluation stops at the next chunk boundary", () => {
    const ac = new AbortController();
    const seen: number[] = [];
    const prog = build(header + "plot(ta.sma(close, 5))");
    expect(() =>
      evaluate(prog, many, {}, {
        symbol: SYMBOL,
        windowStart: 0,
        signal: ac.signal,
        chunkBars: 1000,
        onChunk: (k) => {
          seen.push(k);
          if (k === 3000) ac.abort();
        },
      }),
    ).toThrow(EvaluationAborted);
    expect(seen).toEqual([1000, 2000, 3000]);
  });

  test("the time budget ends a slow evaluation with EvaluationTimeout", () => {
    // about 20,000 loop steps per bar: far beyond 30 ms for 10,000 bars
    const prog = build(header + "s = 0.0\nfor i = 0 to 20000\n    s += i\nplot(s)");
    const t = Date.now();
    let error: unknown = null;
    try {
      evaluate(prog, many, {}, { symbol: SYMBOL, windowStart: 0, timeBudgetMs: 30, chunkBars: 16 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EvaluationTimeout);
    expect((error as EvaluationTimeout).elapsedMs).toBeGreaterThan(30);
    expect(Date.now() - t).toBeLessThan(5000);
  });

  test("within budget the result is complete and every chunk is reported", () => {
    const chunks: number[] = [];
    const r = evaluate(build(header + "plot(close)"), many, {}, { symbol: SYMBOL, windowStart: 9000, timeBudgetMs: 60_000, chunkBars: 4096, onChunk: (k) => chunks.push(k) });
    expect(chunks).toEqual([4096, 8192, 10_000]);
    expect(r.barsEvaluated).toBe(10_000);
    expect(r.windowBars).toBe(1000);
    expect(r.outputs[0]!.values[0]).toBe(many.close[9000]);
  });
});

describe("errors inside the compiled loop", () => {
  test("a failing bar is skipped, the next bars (also across chunk boundaries) continue, history advances", () => {
    const bars = series(40, (i) => i);
    // every 5th bar fails after x was assigned: x's history must still hold that bar's value
    const src = header + "x = close * 2\nif bar_index % 5 == 0\n    runtime.error(\"five\")\nplot(x[1], \"prev\")\nplot(x, \"now\")";
    for (const chunkBars of [1, 3, 7, 2048]) {
      const r = evaluate(build(src), bars, {}, { symbol: SYMBOL, windowStart: 0, chunkBars });
      expect(r.runtimeErrors).toEqual([{ message: "five", count: 8, first_time: bars.time[0], last_time: bars.time[35] }]);
      expect(r.errorBarsInWindow).toBe(8);
      const prev = r.outputs[0]!.values;
      const now = r.outputs[1]!.values;
      for (let i = 0; i < 40; i++) {
        if (i % 5 === 0) {
          expect(prev[i]).toBeNaN();
          expect(now[i]).toBeNaN();
        } else {
          expect(now[i]).toBe(2 * i);
          expect(prev[i]).toBe(2 * (i - 1)); // bar i-1's x, also when bar i-1 failed
        }
      }
    }
  });

  test("events of a failing bar are dropped", () => {
    const bars = series(10, (i) => i);
    const r = evaluate(build(header + 'alert("tick")\nif bar_index == 3\n    runtime.error("x")\nplot(close)'), bars, {}, { symbol: SYMBOL, windowStart: 0 });
    expect(r.events.map((e) => e.time)).toEqual(Array.from(bars.time).filter((_, i) => i !== 3));
  });
});

describe("values of if-expressions and history", () => {
  const bars = series(12, (i) => [10, 12, 11, 14, 13, 15, 17, 16, 18, 15, 14, 16][i]!);
  const c = Array.from(bars.close);

  test("an if-expression with no taken branch is na, and its history holds that na", () => {
    const r = run(header + "x = if close > close[1]\n    close\nplot(x, \"x\")\nplot(x[1], \"x1\")\nplot(nz(x[1], -1), \"nz\")", bars);
    const [x, x1, z] = r.outputs.map((o) => Array.from(o.values));
    for (let i = 0; i < c.length; i++) {
      const up = i > 0 && c[i]! > c[i - 1]!;
      const prevUp = i > 1 && c[i - 1]! > c[i - 2]!;
      if (up) expect(x![i]).toBe(c[i]);
      else expect(x![i]).toBeNaN();
      if (prevUp) expect(x1![i]).toBe(c[i - 1]);
      else expect(x1![i]).toBeNaN();
      expect(z![i]).toBe(prevUp ? c[i - 1] : -1);
    }
  });

  test("a switch-expression without a default is na when nothing matches", () => {
    const r = run(header + "y = switch\n    close > 15 => 1\n    close < 11 => -1\nplot(y)", bars);
    expect(Array.from(r.outputs[0]!.values)).toEqual(c.map((v) => (v > 15 ? 1 : v < 11 ? -1 : NaN)));
  });

  test("a block-local variable's history is the value it had the last time its block ran", () => {
    // Pine: series of a local block advance when the block executes
    const r = run(header + "out = 0.0\nif close > 13\n    y = close\n    out := nz(y[1], -1)\nplot(out)", bars);
    const ran = c.map((v, i) => (v > 13 ? i : -1)).filter((i) => i >= 0);
    const expected = c.map(() => 0);
    ran.forEach((i, k) => (expected[i] = k === 0 ? -1 : c[ran[k - 1]!]!));
    expect(Array.from(r.outputs[0]!.values)).toEqual(expected);
  });

  test("history of strings and of arrays", () => {
    const r = run(
      header +
        's = close > close[1] ? "up" : "down"\nplot(s[1] == "up" ? 1 : s[1] == "down" ? 0 : -1, "s1")\n' +
        "a = array.from(close)\nplot(na(a[1]) ? -1 : array.get(a[1], 0), \"a1\")\nplot(str.length(s[2]), \"len2\")",
      bars,
    );
    const [s1, a1, len2] = r.outputs.map((o) => Array.from(o.values));
    const word = (i: number) => (i > 0 && c[i]! > c[i - 1]! ? "up" : "down");
    for (let i = 0; i < c.length; i++) {
      expect(s1![i]).toBe(i === 0 ? -1 : word(i - 1) === "up" ? 1 : 0);
      expect(a1![i]).toBe(i === 0 ? -1 : c[i - 1]);
      if (i < 2) expect(len2![i]).toBeNaN();
      else expect(len2![i]).toBe(word(i - 2).length);
    }
  });

  test("a history offset beyond the ring's initial size and a computed offset both read the right bar", () => {
    const long = series(300, (i) => i * 3);
    const r = run(header + "x = close + 1\nk = bar_index % 50\nplot(x[120], \"lit\")\nplot(x[k], \"dyn\")", long);
    const [lit, dyn] = r.outputs.map((o) => Array.from(o.values));
    for (let i = 0; i < 300; i++) {
      if (i < 120) expect(lit![i]).toBeNaN();
      else expect(lit![i]).toBe((i - 120) * 3 + 1);
      expect(dyn![i]).toBe((i - (i % 50)) * 3 + 1);
    }
  });
});

describe("hostile depth", () => {
  function attempt(src: string): "diagnostic" | Program {
    const p = parse("main.pine", src);
    if (p.diagnostics.some((d) => d.severity === "error")) return "diagnostic";
    const sink = new DiagnosticSink();
    checkFile(p.script, makeContext("main.pine", p.script.version, sink, new IdCounters()), { key: "file:main.pine", isEntry: true, imports: new Map(), importKeys: new Map() });
    if (sink.list.some((d) => d.severity === "error")) return "diagnostic";
    return build(src);
  }
  const bars = series(20, (i) => i);

  test("a function calling itself is refused before code exists", () => {
    expect(attempt(header + "f(x) =>\n    f(x - 1) + 1\nplot(f(close))")).toBe("diagnostic");
  });

  test("a 300-deep chain of user functions compiles and evaluates", () => {
    let src = header + "f0(x) => x + 1\n";
    for (let k = 1; k < 300; k++) src += `f${k}(x) => f${k - 1}(x) + 1\n`;
    const prog = attempt(src + "plot(f299(close))");
    if (prog === "diagnostic") throw new Error("refused");
    const r = evaluate(prog, bars, {}, { symbol: SYMBOL, windowStart: 0 });
    expect(Array.from(r.outputs[0]!.values)).toEqual(Array.from(bars.close, (c) => c + 300));
  });

  test("600 nested parentheses compile and evaluate", () => {
    const prog = attempt(header + "x = " + "(".repeat(600) + "close + 1" + ")".repeat(600) + "\nplot(x)");
    if (prog === "diagnostic") throw new Error("refused");
    expect(evaluate(prog, bars, {}, { symbol: SYMBOL, windowStart: 0 }).outputs[0]!.values[5]).toBe(6);
  });

  test("a stack overflow inside a bar is a counted 'recursion too deep' error of that bar, not a crash", () => {
    // No checked script can recurse; this program's step does, to exercise the evaluator's net.
    const base = build(header + "plot(close)");
    const deep = (k: number): number => (k <= 0 ? 0 : 1 + deep(k - 1));
    const prog: Program = {
      ...base,
      factory: (rt) => {
        let at = 0;
        return {
          run(from: number, to: number) {
            for (at = from; at < to; at++) rt.out[0]![at] = at === 7 ? deep(Infinity) : at;
          },
          endBar() {},
          bar: () => at,
        };
      },
    };
    const r = evaluate(prog, bars, {}, { symbol: SYMBOL, windowStart: 0 });
    expect(r.runtimeErrors).toEqual([{ message: "recursion too deep", count: 1, first_time: bars.time[7], last_time: bars.time[7] }]);
    expect(r.outputs[0]!.values[7]).toBeNaN();
    expect(r.outputs[0]!.values[8]).toBe(8);
  });
});

describe("buffers sized from the derived lookback", () => {
  test("validate() -> compile(): state and history rings get the call site's window and the deepest read", async () => {
    const { validate } = await import("../../src/validate");
    const { compile } = await import("../../src/evaluate");
    const len = 300;
    const src = `${header}n = input.int(${len}, "n")\nx = close * 2\ns = ta.sma(close, n)\nplot(s, "s")\nplot(x[150], "x150")\nplot(x[2], "x2")`;
    const v = await validate([{ path: "main.pine", content: src }], { resolver: { resolve: async () => null } });
    if (!v.checked) throw new Error(JSON.stringify(v.diagnostics));
    const prog = compile(v.checked, v.interface ?? undefined);
    // the sma's window comes from the input's default (a constant for the analysis), x's ring from x[150]
    expect(prog.source).toContain(`new $rt.ta.Sma(${len})`);
    expect(prog.source).toContain("new $rt.Ring(151)");
    const bars = series(400, (i) => i);
    const r = evaluate(prog, bars, {}, { symbol: SYMBOL, windowStart: 0 });
    const [s, x150, x2] = r.outputs.map((o) => Array.from(o.values));
    expect(s![len - 2]).toBeNaN();
    expect(s![399]).toBeCloseTo((399 + 100) / 2, 9); // mean of 100..399
    expect(x150![399]).toBe(2 * 249);
    expect(x2![399]).toBe(2 * 397);
  });
});

describe("inlined ema/rma state across chunks and errors", () => {
  test("ema, rma and rsi written into the loop keep their state across chunk boundaries, failing bars and na inputs", () => {
    const bars = series(200, (i) => 100 + Math.sin(i / 3) * 10 + i / 10);
    const c = Array.from(bars.close);
    // na on every 7th bar; bars 50 and 51 fail after the averages were updated
    const src = header + 'x = bar_index % 7 == 3 ? na : close\ne = ta.ema(x, 10)\nr = ta.rma(x, 5)\nt = close > 105 ? ta.ema(close, 4) : -1.0\nq = ta.rsi(x, 6)\nif bar_index == 50 or bar_index == 51\n    runtime.error("x")\nplot(e, "e")\nplot(r, "r")\nplot(t, "t")\nplot(q, "rsi")';
    const xs = c.map((v, i) => (i % 7 === 3 ? NaN : v));
    const smooth = (alpha: (n: number) => number, n: number, v: number[]) => {
      const out: number[] = [];
      let seen = 0;
      let sum = 0;
      let prev = NaN;
      for (const x of v) {
        if (!Number.isNaN(x)) {
          if (seen < n) {
            sum += x;
            if (++seen === n) prev = sum / n;
          } else prev = alpha(n) * x + (1 - alpha(n)) * prev;
        }
        out.push(prev);
      }
      return out;
    };
    const e = smooth((n) => 2 / (n + 1), 10, xs);
    const r = smooth((n) => 1 / n, 5, xs);
    // inside a ternary branch the call runs only on the bars that take it (not inlined)
    const taken = c.map((v) => v > 105);
    const t4 = smooth((n) => 2 / (n + 1), 4, c.filter((_, i) => taken[i]));
    let k = 0;
    const t = c.map((_, i) => (taken[i] ? t4[k++]! : -1));
    // rsi: Wilder averages of the up and down moves of x (na when x or x[1] is na)
    const ch = xs.map((v, i) => (i === 0 ? NaN : v - xs[i - 1]!));
    const up = smooth((n) => 1 / n, 6, ch.map((d) => (Number.isNaN(d) ? NaN : Math.max(d, 0))));
    const dn = smooth((n) => 1 / n, 6, ch.map((d) => (Number.isNaN(d) ? NaN : Math.max(-d, 0))));
    const rsi = up.map((u, i) => 100 - 100 / (1 + u / dn[i]!));
    for (const chunkBars of [1, 13, 2048]) {
      const out = evaluate(build(src), bars, {}, { symbol: SYMBOL, windowStart: 0, chunkBars });
      expect(out.runtimeErrors[0]?.count).toBe(2);
      const [oe, or, ot, orsi] = out.outputs.map((o) => Array.from(o.values));
      for (let i = 0; i < 200; i++) {
        if (i === 50 || i === 51) {
          expect(oe![i]).toBeNaN();
          continue;
        }
        for (const [a, b] of [[oe![i]!, e[i]!], [or![i]!, r[i]!], [ot![i]!, t[i]!], [orsi![i]!, rsi[i]!]]) {
          if (Number.isNaN(b!)) expect(a).toBeNaN();
          else expect(Math.abs(a! - b!)).toBeLessThanOrEqual(1e-12 * Math.abs(b!));
        }
      }
    }
  });
});
