// A v6 bool is never na (docs/adr/0262). TradingView's v6 migration guide ("Boolean values cannot be
// na"): a v6 bool is true or false, and an `if` or `switch` giving a bool on a bar where no branch
// runs (no `else`, no default) gives false, where v5 gives na (docs/adr/0260). Expected values are
// worked by hand from that rule: on the bars no branch takes the value is false, so `v == false` is
// true there and `v != false` false; a number beside it in a tuple stays na.
import { evaluateValid, lib, outputsByName, resolverOf } from "../front/harness";
import { closeBars, valuesByTitle } from "./harness";

/** closeBars: close 10, 12, 11, 13; `close > 11` is false, true, false, true. */
const BARS = closeBars([10, 12, 11, 13]);

const values = (source: string): Record<string, number[]> => valuesByTitle(source, BARS);

describe("v6: a bool a structure gives on a bar where no branch runs is false", () => {
  test("user functions and methods ending in an if without else, a switch without default, a loop that does not run", () => {
    const out = values(`//@version=6
indicator("v6 bool never na")
f() =>
    if close > 11
        true
g() =>
    switch
        close > 11 => true
nested() =>
    if close > 10
        if close > 11
            true
    else
        false
type P
    float x
method up(P p) =>
    if p.x > 11
        true
noLoop() =>
    k = 0
    while k < 0
        k += 1
        true
noItems() =>
    for x in array.new<float>()
        x > 0
pass(x) =>
    if close > 11
        x
caller() => f()
plot(f() == false ? 1 : 0, "if")
plot(f() != false ? 1 : 0, "if ne")
plot(f() ? 1 : 0, "if cond")
plot(g() == false ? 1 : 0, "switch")
plot(nested() == false ? 1 : 0, "nested")
plot(P.new(close).up() == false ? 1 : 0, "method")
plot(noLoop() == false ? 1 : 0, "while")
plot(noItems() == false ? 1 : 0, "for in")
plot(pass(true) == false ? 1 : 0, "bool instance")
plot(pass(1.5), "float instance")
plot(caller() == false ? 1 : 0, "caller")
plot(str.tostring(f()) == "false" ? 1 : 0, "tostring")
flags = array.new<bool>()
flags.push(f())
plot(flags.last() == false ? 1 : 0, "array")`);
    expect(out).toEqual({
      // false on bars 0 and 2 (close <= 11), true on 1 and 3
      if: [1, 0, 1, 0],
      "if ne": [0, 1, 0, 1],
      "if cond": [0, 1, 0, 1],
      switch: [1, 0, 1, 0],
      // bar 2: close > 10 but not > 11, the inner if takes no branch
      nested: [1, 0, 1, 0],
      method: [1, 0, 1, 0],
      // the loops never iterate: false on every bar
      while: [1, 1, 1, 1],
      "for in": [1, 1, 1, 1],
      // the same function called with a bool and with a float: only the bool's na is false
      "bool instance": [1, 0, 1, 0],
      "float instance": [NaN, 1.5, NaN, 1.5],
      caller: [1, 0, 1, 0],
      tostring: [1, 0, 1, 0],
      array: [1, 0, 1, 0],
    });
  });

  test("tuples with a bool member: the bool is false, the number na", () => {
    const out = values(`//@version=6
indicator("v6 tuple bool")
[a, b] = if close > 11
    [true, 1]
plot(a == false ? 1 : 0, "if a")
plot(b, "if b")
[c, d] = switch
    close > 11 => [true, 2]
plot(c == false ? 1 : 0, "switch c")
plot(d, "switch d")
t() =>
    if close > 11
        [true, 3]
[e, h] = t()
plot(e == false ? 1 : 0, "fn e")
plot(h, "fn h")`);
    expect(out).toEqual({
      "if a": [1, 0, 1, 0],
      "if b": [NaN, 1, NaN, 1],
      "switch c": [1, 0, 1, 0],
      "switch d": [NaN, 2, NaN, 2],
      "fn e": [1, 0, 1, 0],
      "fn h": [NaN, 3, NaN, 3],
    });
  });

  test("a bare na where a bool is expected is false", () => {
    const out = values(`//@version=6
indicator("v6 na as bool")
x = close > 11 ? true : na
plot(x == false ? 1 : 0, "ternary")
isUp(bool b) => b == false ? 1 : 0
plot(isUp(na), "argument")
isDown(bool b = na) => b == false ? 1 : 0
plot(isDown(), "default")`);
    expect(out).toEqual({ ternary: [1, 0, 1, 0], argument: [1, 1, 1, 1], default: [1, 1, 1, 1] });
  });

  test("v5 keeps its na (docs/adr/0260), also in a tuple", () => {
    const out = values(`//@version=5
indicator("v5 bool na")
// 2 for na, 1 for true, 0 for false
code(bool b) => na(b) ? 2 : b ? 1 : 0
f() =>
    if close > 11
        true
plot(code(f()), "fn")
plot(f() == false ? 1 : 0, "fn eq")
[a, b] = if close > 11
    [true, 1]
plot(code(a), "tuple a")
plot(b, "tuple b")`);
    expect(out).toEqual({
      fn: [2, 1, 2, 1],
      // na is not equal to false
      "fn eq": [0, 0, 0, 0],
      "tuple a": [2, 1, 2, 1],
      "tuple b": [NaN, 1, NaN, 1],
    });
  });

  test("across a library: a v5 library's na bool is false in a v6 script, a v6 library's false stays false in a v5 one", async () => {
    const library = (version: number): string => [`//@version=${version}`, 'library("flags")', "export up(float x) =>", "    if x > 11", "        true", ""].join("\n");
    const libs = resolverOf([lib("acme", "flags5", 1, library(5)), lib("acme", "flags6", 1, library(6))]);
    const script = (version: number, slug: string): string =>
      [`//@version=${version}`, 'indicator("t")', `import acme/${slug}/1 as fl`, 'plot(fl.up(close) == false ? 1 : 0, "eq")', ""].join("\n");
    const closes = [10, 12, 11, 13];
    // v6 script, v5 library: false on bars 0 and 2
    expect(outputsByName(await evaluateValid(script(6, "flags5"), closes, { resolver: libs }))).toEqual({ eq: [1, 0, 1, 0] });
    // v5 script, v6 library: the library's code is v6, its bool false there
    expect(outputsByName(await evaluateValid(script(5, "flags6"), closes, { resolver: libs }))).toEqual({ eq: [1, 0, 1, 0] });
  });
});
