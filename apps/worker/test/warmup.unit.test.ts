// The warmup of a run for its inputs (apps/worker/src/runs/warmup.ts): the Interface's value for
// default inputs (no validation), an analysis with the run's inputs otherwise, once per
// (scope, digest, inputs), capped at 5,000.
import { validate, type SourceFile } from "@barscript/lang";
import { hasDefaultInputs, RunWarmup } from "../src/runs/warmup";

const noImports = { resolve: () => Promise.resolve(null) };

async function version(source: string): Promise<{ digest: string; files: SourceFile[]; interface: unknown }> {
  const files = [{ path: "main.pine", content: source }];
  const r = await validate(files, { resolver: noImports });
  if (!r.interface) throw new Error(JSON.stringify(r.diagnostics));
  return { digest: source, files, interface: r.interface };
}

const EMA = `//@version=6
indicator("e")
len = input.int(10)
plot(ta.ema(close, len))
`;

describe("the warmup of a run for its inputs", () => {
  it("when the inputs are the defaults (or absent), then the Interface's warmup is used without validating", async () => {
    const v = await version(EMA);
    const w = new RunWarmup();
    const resolver = jest.fn(() => Promise.resolve(noImports));
    expect(await w.warmupFor(v, { len: 10 }, "o", resolver)).toBe(120);
    expect(await w.warmupFor(v, null, "o", resolver)).toBe(120);
    expect(await w.warmupFor(v, {}, "o", resolver)).toBe(120);
    expect(resolver).not.toHaveBeenCalled();
    expect(hasDefaultInputs({ inputs: [{ name: "len", type: "int", default: 10, title: null, min: null, max: null, options: null }], outputs: [], events: [], warmup_bars: 120 }, { len: 11 })).toBe(false);
  });

  it("when an input changes the lookback, then the warmup is analysed with it, once per inputs, and capped at 5,000", async () => {
    const v = await version(EMA);
    const w = new RunWarmup();
    const resolver = jest.fn(() => Promise.resolve(noImports));
    expect(await w.warmupFor(v, { len: 200 }, "o", resolver)).toBe(2400);
    expect(await w.warmupFor(v, { len: 200 }, "o", resolver)).toBe(2400);
    expect(resolver).toHaveBeenCalledTimes(1);
    expect(await w.warmupFor(v, { len: 1000 }, "o", resolver)).toBe(5000);
    expect(resolver).toHaveBeenCalledTimes(2);
  });

  it("when a switch on an input picks a branch the defaults prune, then that branch's warmup counts", async () => {
    const v = await version(`//@version=6
indicator("m")
t = input.string("SMA", options = ["SMA", "EMA"])
len = input.int(50)
ma = switch t
    "SMA" => ta.sma(close, len)
    "EMA" => ta.ema(close, len)
    => close
plot(ma)
`);
    const w = new RunWarmup();
    expect(await w.warmupFor(v, { t: "SMA", len: 50 }, "o", () => Promise.resolve(noImports))).toBe(50);
    expect(await w.warmupFor(v, { t: "EMA", len: 50 }, "o", () => Promise.resolve(noImports))).toBe(600);
  });
});
