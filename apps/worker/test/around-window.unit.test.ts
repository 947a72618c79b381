// The bars every kind reads around its window (src/runs/around-window.ts,
// docs/adr/0150-bars-around-the-window-by-kind.md): before it, the warmup or as many as make an
// indicator's calc_bars_count with the window's (docs/adr/0140); after it, a negative plot offset's
// bars (docs/adr/0141) for a kind keeping plot columns only. Counts worked by hand from the sources.
import { randomUUID } from "node:crypto";
import { validate, type Resolver } from "@barscript/lang";
import { aroundWindow, type KindKeeps } from "../src/runs/around-window";
import { RunWarmup } from "../src/runs/warmup";

const noImports: Resolver = { resolve: () => Promise.resolve(null) };

async function versionOf(content: string): Promise<{ digest: string; files: unknown; interface: unknown }> {
  const files = [{ path: "main.pine", content }];
  const v = await validate(files, { resolver: noImports });
  if (!v.valid || !v.interface) throw new Error(`invalid test script: ${JSON.stringify(v.diagnostics)}`);
  return { digest: randomUUID(), files, interface: v.interface };
}

const around = async (content: string, keeps: KindKeeps, inputs: Record<string, unknown> = {}, warmup = 2) =>
  aroundWindow(new RunWarmup(), { version: await versionOf(content), inputs, scope: "owner", resolverOf: () => Promise.resolve(noImports), windowBars: 10, warmup, keeps });

const INDICATOR = `//@version=6
indicator("i", calc_bars_count = 15)
plot(close, "lag", offset = -4)
`;

const DEFINITION = `//@version=6
definition("d")
n = input.int(3, "Lag")
plot(close, "lag", offset = -n)
alertcondition(close > open, "up")
`;

test("an indicator keeping plots reads 15 - 10 = 5 bars before a 10-bar window (more than its warmup of 2) and the 4 its offset draws back after it", async () => {
  expect(await around(INDICATOR, "plots")).toEqual({ before: 5, after: 4 });
});

test("a kind keeping events reads no bar after the window, whatever the offset; before it, its warmup", async () => {
  expect(await around(INDICATOR, "events")).toEqual({ before: 5, after: 0 });
  expect(await around(DEFINITION, "events", { n: 6 })).toEqual({ before: 2, after: 0 });
  // the same offset where plots are kept: the run's input decides it
  expect(await around(DEFINITION, "plots", { n: 6 })).toEqual({ before: 2, after: 6 });
});
