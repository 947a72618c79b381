// The 17 named colors of Pine v6 (each "Is a named constant for #RRGGBB color" in TradingView's v6
// reference, copied here by hand), checked where a user meets them: a script's values, the docs
// reference and the Interface's folded output colors (docs/adr/0072-color-palette.md).
import { run } from "./harness";
import { getTopic } from "../../src/docs";
import { check } from "../front/harness";
import type { Bars } from "../../src/types";

const REFERENCE: ReadonlyArray<[string, string]> = [
  ["aqua", "#00BCD4"], ["black", "#363A45"], ["blue", "#2962FF"], ["fuchsia", "#E040FB"], ["gray", "#787B86"],
  ["green", "#4CAF50"], ["lime", "#00E676"], ["maroon", "#880E4F"], ["navy", "#311B92"], ["olive", "#808000"],
  ["orange", "#FF9800"], ["purple", "#9C27B0"], ["red", "#F23645"], ["silver", "#B2B5BE"], ["teal", "#089981"],
  ["white", "#FFFFFF"], ["yellow", "#FDD835"],
];

const bars: Bars = {
  length: 1, time: Float64Array.of(1.6e9), open: Float64Array.of(1), high: Float64Array.of(1),
  low: Float64Array.of(1), close: Float64Array.of(1), volume: Float64Array.of(1),
};

describe("color.* named constants", () => {
  test("a script reads each constant's red, green, blue and transparency", () => {
    // one plot per color: its channels as r * 65536 + g * 256 + b, times 1000, plus its transparency
    const body = REFERENCE.map(([n]) => `plot((color.r(color.${n}) * 65536 + color.g(color.${n}) * 256 + color.b(color.${n})) * 1000 + color.t(color.${n}))`).join("\n");
    const r = run(`//@version=6\nindicator("c")\n${body}`, bars);
    expect(r.runtimeErrors).toEqual([]);
    const got = r.outputs.map((o) => o.values[0]);
    expect(got).toEqual(REFERENCE.map(([, h]) => parseInt(h.slice(1), 16) * 1000));
  });

  test("the docs reference names each constant's hex", () => {
    const text = getTopic("reference-color") ?? "";
    for (const [n, h] of REFERENCE) expect(text).toContain(`\`color.${n}\`: The color ${n} (${h}).`);
  });

  test("an output's constant color in the Interface is the same hex", async () => {
    const body = REFERENCE.map(([n]) => `plot(close, "${n}", color = color.${n})`).join("\n");
    const r = await check(`//@version=6\nindicator("c")\n${body}`);
    expect(r.interface?.outputs.map((o) => [o.name, o.color])).toEqual(REFERENCE.map(([n, h]) => [n, `${h}FF`]));
  });
});
