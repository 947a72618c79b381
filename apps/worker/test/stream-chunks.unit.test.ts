// The thread side of storing chunks during the evaluation (apps/worker/src/runs/stream-chunks.ts):
// which runs stream, and that every chunk posted holds the window's final points in
// run_output_chunks' layout. Bars are synthetic (close = 10 + i), so `close * 2` and `bar_index`
// are worked here by hand; the last chunk is never posted (it comes with the result).
import { runInNewContext } from "node:vm";
import { evaluate, type Bars, type Resolver } from "@barscript/lang";
import { compileScript } from "../src/runs/compile";
import { chunkStreamer, releaseChunkMemory, streamedChunkPoints } from "../src/runs/stream-chunks";

const noImports: Resolver = { resolve: () => Promise.resolve(null) };
const N = 2_500;
const WS = 100;

function bars(): Bars {
  const b = { time: new Float64Array(N), open: new Float64Array(N), high: new Float64Array(N), low: new Float64Array(N), close: new Float64Array(N), volume: new Float64Array(N), length: N };
  for (let i = 0; i < N; i++) {
    b.time[i] = 1_600_000_000 + 60 * i;
    b.open[i] = b.high[i] = b.low[i] = b.close[i] = 10 + i;
    b.volume[i] = 1;
  }
  return b;
}

/** A posted chunk's parts (times, then each column) joined: run_output_chunks.data's layout. */
function joined(parts: readonly Float64Array[]): Float64Array {
  const out = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

async function program() {
  const files = [{ path: "main.pine", content: `//@version=6\nindicator("two")\nplot(close * 2, "d")\nplot(bar_index, "b")\n` }];
  return compileScript(files, "indicator", { inputs: [], plots: [] } as never, noImports);
}

it("posts each 900-point chunk of the window at the first checkpoint past it, except the last, as times then each column", async () => {
  const p = await program();
  const b = bars();
  const posted: Array<{ seq: number; names: string[]; data: Float64Array }> = [];
  const s = chunkStreamer(p, { bars: b, windowStart: WS, stream: { chunkPoints: 900, minBytes: 0 } }, (seq, names, parts) => {
    // views of shared memory: posted to the main thread without a copy
    expect(parts.every((part) => part.buffer instanceof SharedArrayBuffer)).toBe(true);
    posted.push({ seq, names, data: joined(parts) });
  });
  expect(s).not.toBeNull();
  const r = evaluate(s!.program, b, {}, { symbol: { ticker: "T", timezone: "UTC", mintick: 0.01, timeframe: "1m" }, windowStart: WS, chunkBars: 512, onChunk: s!.onChunk });
  expect(r.outputs.map((o) => o.name)).toEqual(["d", "b"]);
  // 2,400 window points, checkpoints every 512 bars: the chunk ending at bar 1,000 goes at 1,024,
  // the one ending at 1,900 at 2,048; the one at 1,800 ends with the last bar (it comes with the result)
  expect(posted.map((c) => c.seq)).toEqual([0, 1]);
  for (const c of posted) {
    expect(c.names).toEqual(["d", "b"]);
    expect(c.data.length).toBe(2_700);
    const wrong: string[] = [];
    for (let j = 0; j < 900; j++) {
      const bar = WS + c.seq * 900 + j;
      if (c.data[j] !== 1_600_000_000 + 60 * bar) wrong.push(`time ${bar}`);
      if (c.data[900 + j] !== 2 * (10 + bar)) wrong.push(`d ${bar}`);
      if (c.data[1_800 + j] !== bar) wrong.push(`b ${bar}`);
    }
    expect(wrong.slice(0, 3)).toEqual([]);
  }
});

it("does not stream small outputs, runs with requested contexts, or tasks that do not ask", async () => {
  const p = await program();
  const b = bars();
  const post = (): void => undefined;
  // (2 outputs + times) x 2,400 window points x 8 bytes = 57,600 bytes
  expect(chunkStreamer(p, { bars: b, windowStart: WS, stream: { chunkPoints: 1_000, minBytes: 57_601 } }, post)).toBeNull();
  expect(chunkStreamer(p, { bars: b, windowStart: WS, stream: { chunkPoints: 1_000, minBytes: 57_600 } }, post)).not.toBeNull();
  expect(chunkStreamer(p, { bars: b, windowStart: WS, stream: { chunkPoints: 1_000, minBytes: 0 }, contexts: [{}] }, post)).toBeNull();
  expect(chunkStreamer(p, { bars: b, windowStart: WS }, post)).toBeNull();
});

it("cuts a wide output into chunks of about chunkBytes, never more points than chunkPoints", () => {
  // 30 outputs and the times: 31 x 8 = 248 bytes a point; 524,288 / 248 = 2,114.06
  expect(streamedChunkPoints(30, { chunkPoints: 10_000, chunkBytes: 524_288, minBytes: 0 })).toBe(2_114);
  // 2 outputs: 24 bytes a point, 21,845 points would fit; capped at 10,000
  expect(streamedChunkPoints(2, { chunkPoints: 10_000, chunkBytes: 524_288, minBytes: 0 })).toBe(10_000);
  // wider than chunkBytes per point: one point a chunk
  expect(streamedChunkPoints(100_000, { chunkPoints: 10_000, chunkBytes: 524_288, minBytes: 0 })).toBe(1);
  expect(streamedChunkPoints(30, { chunkPoints: 900, minBytes: 0 })).toBe(900);
});

it("posts chunks of the points chunkBytes gives, the window's points in order", async () => {
  const p = await program();
  const b = bars();
  const posted: Array<{ seq: number; data: Float64Array }> = [];
  // (2 outputs + times) x 8 = 24 bytes a point: 7,200 bytes are 300 points
  const s = chunkStreamer(p, { bars: b, windowStart: WS, stream: { chunkPoints: 10_000, chunkBytes: 7_200, minBytes: 0 } }, (seq, _names, parts) => posted.push({ seq, data: joined(parts) }));
  evaluate(s!.program, b, {}, { symbol: { ticker: "T", timezone: "UTC", mintick: 0.01, timeframe: "1m" }, windowStart: WS, chunkBars: 512, onChunk: s!.onChunk });
  // 2,400 window points = 8 chunks of 300 ending at bars 400, 700, ..., 2,500; the last checkpoint
  // before the last bar is 2,048, past the end of chunk 5 (1,900) but not of chunk 6 (2,200):
  // chunks 6 and 7 come with the result
  expect(posted.map((c) => c.seq)).toEqual([0, 1, 2, 3, 4, 5]);
  const wrong: string[] = [];
  for (const c of posted) {
    expect(c.data.length).toBe(900);
    for (let j = 0; j < 300; j++) {
      const bar = WS + c.seq * 300 + j;
      if (c.data[j] !== 1_600_000_000 + 60 * bar) wrong.push(`time ${bar}`);
      if (c.data[300 + j] !== 2 * (10 + bar)) wrong.push(`d ${bar}`);
      if (c.data[600 + j] !== bar) wrong.push(`b ${bar}`);
    }
  }
  expect(wrong.slice(0, 3)).toEqual([]);
});

it("posts views of the very columns the result holds, a bar's error reset included", async () => {
  // bar 700 raises a runtime error (an element of an empty array): its outputs become na
  const files = [{ path: "main.pine", content: `//@version=6\nindicator("err")\nx = bar_index == 700 ? array.get(array.new_float(0), 0) : close * 2\nplot(x, "d")\nplot(bar_index, "b")\n` }];
  const p = await compileScript(files, "indicator", { inputs: [], plots: [] } as never, noImports);
  const b = bars();
  const posted: Array<{ seq: number; parts: Float64Array[] }> = [];
  // window from bar 0: the result's columns are the runtime's own (not sliced)
  const s = chunkStreamer(p, { bars: b, windowStart: 0, stream: { chunkPoints: 900, minBytes: 0 } }, (seq, _names, parts) => posted.push({ seq, parts }));
  const r = evaluate(s!.program, b, {}, { symbol: { ticker: "T", timezone: "UTC", mintick: 0.01, timeframe: "1m" }, windowStart: 0, chunkBars: 512, onChunk: s!.onChunk });
  // 2,500 points: chunks end at 900, 1,800 (posted at 1,024 and 2,048) and 2,500 (the result's)
  expect(posted.map((c) => c.seq)).toEqual([0, 1]);
  const [time, d, bi] = posted[0]!.parts;
  expect(r.runtimeErrors.map((e) => e.count)).toEqual([1]);
  expect(Number.isNaN(d![700])).toBe(true);
  expect(Number.isNaN(bi![700])).toBe(true);
  expect([d![699], d![701], bi![701], time![701]]).toEqual([2 * (10 + 699), 2 * (10 + 701), 701, 1_600_000_000 + 60 * 701]);
  // the same memory as the result's columns: no copy between the evaluation and the chunk
  const values = r.outputs.map((o) => o.values);
  expect(values.every((v) => v.buffer instanceof SharedArrayBuffer && v.buffer === d!.buffer)).toBe(true);
  expect(posted[1]!.parts[1]!.byteOffset).toBe(values[0]!.byteOffset + 900 * 8);
});

it("reuses a run's shared memory for the next run of its size only once the main thread released it, zeroed, with the new run's values", async () => {
  const p = await program();
  const other = await compileScript([{ path: "main.pine", content: `//@version=6\nindicator("two")\nplot(close * 3, "d")\nplot(-bar_index, "b")\n` }], "indicator", { inputs: [], plots: [] } as never, noImports);
  const b = bars();
  const streamOnce = (prog: typeof p): Float64Array[][] => {
    const posted: Float64Array[][] = [];
    const s = chunkStreamer(prog, { bars: b, windowStart: WS, stream: { chunkPoints: 900, minBytes: 0 } }, (_seq, _names, parts) => posted.push(parts));
    evaluate(s!.program, b, {}, { symbol: { ticker: "T", timezone: "UTC", mintick: 0.01, timeframe: "1m" }, windowStart: WS, chunkBars: 512, onChunk: s!.onChunk });
    return posted;
  };
  const first = streamOnce(p);
  // not released: the main thread may still be writing it, so the next run gets other memory
  const second = streamOnce(p);
  expect(second[0]![0]!.buffer).not.toBe(first[0]![0]!.buffer);
  releaseChunkMemory(second[0]!);
  const third = streamOnce(other);
  expect(third[0]![0]!.buffer).toBe(second[0]![0]!.buffer);
  // the third run's own values (close * 3, -bar_index), worked by hand, none of the second's
  const wrong: string[] = [];
  third.forEach((parts, seq) => {
    const [time, d, bi] = parts;
    for (let j = 0; j < 900; j++) {
      const bar = WS + seq * 900 + j;
      if (time![j] !== 1_600_000_000 + 60 * bar || d![j] !== 3 * (10 + bar) || bi![j] !== -bar) wrong.push(`bar ${bar}`);
    }
  });
  expect(third.length).toBe(2);
  expect(wrong.slice(0, 3)).toEqual([]);
  // arrays outside shared memory (a run that did not stream) are left alone
  expect(() => releaseChunkMemory([new Float64Array(4)])).not.toThrow();
});

it("moves columns the runtime allocated before the stream gave its memory into it, so the chunks still hold what the evaluation wrote", async () => {
  const p = await program();
  const b = bars();
  const posted: Float64Array[][] = [];
  const s = chunkStreamer(p, { bars: b, windowStart: WS, stream: { chunkPoints: 900, minBytes: 0 } }, (_seq, _names, parts) => posted.push(parts));
  // a factory that reads `out` before the stream's own (columns already allocated, marked 7)
  const early = { ...s!.program, factory: (rt: Parameters<typeof p.factory>[0]) => {
    for (const c of rt.out) c.fill(7);
    return s!.program.factory(rt);
  } };
  const r = evaluate(early, b, {}, { symbol: { ticker: "T", timezone: "UTC", mintick: 0.01, timeframe: "1m" }, windowStart: WS, chunkBars: 512, onChunk: s!.onChunk });
  expect(posted.length).toBe(2);
  expect(posted[0]![1]!.buffer).toBe(posted[0]![0]!.buffer);
  // the evaluation wrote its values into the shared columns: bar 150's d is 2 * (10 + 150)
  expect([posted[0]![1]![50], posted[0]![2]![50], r.outputs[0]!.values[50]]).toEqual([320, 150, 320]);
});

it("marks a shared buffer free whatever realm its object belongs to (one that came in a message)", () => {
  // a SharedArrayBuffer made in another vm context: not an instance of this realm's constructor
  const foreign = runInNewContext("new SharedArrayBuffer(64)") as SharedArrayBuffer;
  expect(foreign instanceof SharedArrayBuffer).toBe(false);
  const state = new Int32Array(foreign, 0, 1);
  state[0] = 1;
  releaseChunkMemory([new Float64Array(foreign, 8, 7)]);
  expect(state[0]).toBe(0);
});
