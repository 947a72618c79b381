// A block's value is its last statement's (Pine): an `if` or `switch` ending a multi-line
// function body is the function's return value, also when it yields a tuple, when it is the
// one-line body of a function, and when such forms nest. Each row is validated, compiled and
// evaluated through the package's public surface over closes [1, 3, 6, 12]; the expected values
// are worked out by hand.

import { brief, check, evaluateScript } from "./harness";

const H = '//@version=6\nindicator("t")\n';
const H5 = '//@version=5\nindicator("t")\n';
const CLOSES = [1, 3, 6, 12];

type Row = [string, string, Record<string, Array<number | null>>];

const rows: Row[] = [
  [
    "switch without subject, after a local",
    `${H}f(float x) =>\n    y = x * 2\n    switch\n        y > 10 => 1.0\n        y > 5 => 0.5\n        => 0.0\nplot(f(close), "v")\n`,
    { v: [0, 0.5, 1, 1] }, // y = 2, 6, 12, 24
  ],
  [
    "switch on a string parameter, after a local",
    `${H}mode = input.string("double", "Mode", options = ["double", "half", "same"])\ng(string m, float x) =>\n    k = x + 0\n    switch m\n        "double" => k * 2\n        "half" => k / 2\n        => k\nplot(g(mode, close), "v")\n`,
    { v: [2, 6, 12, 24] },
  ],
  ["if/else, after a local", `${H}f(float x) =>\n    d = x - 5\n    if d > 0\n        d\n    else\n        -d\nplot(f(close), "v")\n`, { v: [4, 2, 1, 7] }],
  [
    "else-if chain of strings",
    `${H}f(float x) =>\n    c = x\n    if c > 10\n        "high"\n    else if c > 2\n        "mid"\n    else\n        "low"\ns = f(close)\nplot(s == "high" ? 2 : s == "mid" ? 1 : 0, "v")\n`,
    { v: [0, 1, 1, 2] },
  ],
  ["if without else is na when false", `${H}f(float x) =>\n    c = x\n    if c > 4\n        c\nplot(f(close), "v")\n`, { v: [null, null, 6, 12] }],
  ["one-line function: switch expression", `${H}f(float x) => switch\n    x > 5 => 1\n    => -1\nplot(f(close), "v")\n`, { v: [-1, -1, 1, 1] }],
  ["one-line function: if expression", `${H}f(float x) => if x > 5\n    x\nelse\n    0.0\nplot(f(close), "v")\n`, { v: [0, 0, 6, 12] }],
  [
    "nested: if > switch > if",
    `${H}f(float x) =>\n    y = x\n    if y > 2\n        switch\n            y > 10 => "big"\n            =>\n                if y > 5\n                    "mid"\n                else\n                    "small"\n    else\n        "tiny"\ns = f(close)\nplot(s == "big" ? 3 : s == "mid" ? 2 : s == "small" ? 1 : 0, "v")\n`,
    { v: [0, 1, 2, 3] },
  ],
  [
    "tuple from if/else (int and float elements unify)",
    `${H}f(float x) =>\n    y = x\n    if y > 4\n        [y, 1.0]\n    else\n        [0, 0]\n[a, b] = f(close)\nplot(a, "a")\nplot(b, "b")\n`,
    { a: [0, 0, 6, 12], b: [0, 0, 1, 1] },
  ],
  [
    "tuple from switch with an [na, na] default",
    `${H}f(float x) =>\n    y = x\n    switch\n        y > 4 => [y, y * 2]\n        => [na, na]\n[a, b] = f(close)\nplot(a, "a")\nplot(b, "b")\n`,
    { a: [null, null, 6, 12], b: [null, null, 12, 24] },
  ],
  [
    "switch on an int subject",
    `${H}f(int n) =>\n    k = n % 3\n    switch k\n        0 => "zero"\n        1 => "one"\n        => "two"\ns = f(bar_index)\nplot(s == "zero" ? 0 : s == "one" ? 1 : 2, "v")\n`,
    { v: [0, 1, 2, 0] },
  ],
  [
    "branches ending in reassignments",
    `${H}f(float x) =>\n    float r = na\n    if x > 4\n        r := x\n    else\n        r := -x\nplot(f(close), "v")\n`,
    { v: [-1, -3, 6, 12] },
  ],
  ["v5: switch after a local", `${H5}f(x) =>\n    y = x * 2\n    switch\n        y > 10 => 1.0\n        => 0.0\nplot(f(close), "v")\n`, { v: [0, 0, 1, 1] }],
  [
    "the value of a top-level switch assigned to a variable",
    `${H}v = switch\n    close > 5 => close\n    => 0.0\nplot(v, "v")\n`,
    { v: [0, 0, 6, 12] },
  ],
];

describe("if/switch as a block's value", () => {
  test.each(rows)("%s", async (_name, src, expected) => {
    const r = await check(src);
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(await evaluateScript(src, CLOSES)).toEqual(expected);
  });
});

const refused: Array<[string, string, string[], RegExp]> = [
  [
    "branches of different types, value used",
    `${H}f(float x) =>\n    y = x\n    if y > 1\n        "up"\n    else\n        y\na = f(close)\nplot(close)\n`,
    ["type_mismatch 9:5-9:13"],
    /branches return different types: string and float/,
  ],
  [
    "tuples of different sizes, destructured",
    `${H}f(float x) =>\n    y = x\n    if y > 1\n        [y, y]\n    else\n        [y, y, y]\n[a, b] = f(close)\nplot(close)\n`,
    ["type_mismatch 9:10-9:18"],
    /branches return different types/,
  ],
  ["branches of different types, value unused: fine", `${H}f(float x) =>\n    if x > 1\n        "up"\n    else\n        x\nf(close)\nplot(close)\n`, [], /^$/],
];

describe("if/switch values refused", () => {
  test.each(refused)("%s", async (_name, src, expected, message) => {
    const r = await check(src);
    expect(brief(r.diagnostics)).toEqual(expected);
    for (const d of r.diagnostics) expect(d.message).toMatch(message);
  });
});
