// input.enum: the Interface lists the enum's member titles as the input's options with the default
// member's title; a run given an option title (or a member name) sees that member. input.time's
// default written as timestamp("...") is the time itself in the Interface.
import { check } from "./harness";
import { build, SYMBOL } from "../back/harness";
import { evaluate } from "../../src/evaluate";
import type { Bars } from "../../src/types";

const SRC = `//@version=6
indicator("t")
enum MaType
    sma = "Simple"
    ema = "Exponential"
    wma
t = input.enum(MaType.ema, "MA type")
plot(t == MaType.sma ? 1 : t == MaType.ema ? 2 : t == MaType.wma ? 3 : 0)
`;
const C = [1, 2];
const bars: Bars = { length: 2, time: Float64Array.from(C, (_, i) => 1.6e9 + i * 86400), open: Float64Array.from(C), high: Float64Array.from(C), low: Float64Array.from(C), close: Float64Array.from(C), volume: Float64Array.from(C) };
const runWith = (inputs: Record<string, unknown>): number => evaluate(build(SRC), bars, inputs, { symbol: SYMBOL, windowStart: 0 }).outputs[0]!.values[1]!;

test("the Interface lists the members' titles (a member without one by its name)", async () => {
  const r = await check(SRC);
  expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const input = r.interface!.inputs.find((i) => i.name === "t");
  expect(input).toMatchObject({ type: "string", title: "MA type", default: "Exponential", options: ["Simple", "Exponential", "wma"] });
});

test("options = [...] restricts the list; the default member's title is the default", async () => {
  const r = await check(SRC.replace('input.enum(MaType.ema, "MA type")', 'input.enum(MaType.sma, "MA type", options = [MaType.sma, MaType.wma])'));
  expect(r.interface!.inputs.find((i) => i.name === "t")).toMatchObject({ default: "Simple", options: ["Simple", "wma"] });
});

test("a run takes an option title or a member name; the default when none is given", () => {
  expect(runWith({})).toBe(2);
  expect(runWith({ t: "Simple" })).toBe(1);
  expect(runWith({ t: "wma" })).toBe(3);
  expect(runWith({ t: "ema" })).toBe(2);
});

test("input.time's default given as timestamp(\"...\") is that time in the Interface", async () => {
  const r = await check(`//@version=6\nindicator("t")\nstart = input.time(timestamp("2024-01-02T00:00:00Z"), "Start")\nplot(time >= start ? 1 : 0)\n`);
  // 2024-01-02T00:00:00Z = 19724 days after 1970-01-01 = 1,704,153,600 s
  expect(r.interface!.inputs.find((i) => i.name === "start")!.default).toBe(1_704_153_600_000);
});
