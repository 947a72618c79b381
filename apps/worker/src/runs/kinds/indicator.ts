// Indicator runs: the script's plot() columns over the window, stored as output chunks with the
// succeeded state and the compute units (large outputs by pipelined bound INSERTs, the largest partly stored
// during the evaluation, packages/db/src/runs/succeed*.ts); the final row goes out with the status message, so a
// long poll answers from it without a read.
import { RESULTS_TTL_MS, writeSucceeded, type Run } from "@barscript/db";
import { keepArtifacts } from "./artifacts";
import { scriptKind } from "./script";

export const indicatorKind = scriptKind("indicator", async (ctx, { run, sp }, result, summary, stream) => {
  summary.outputs = result.times.length;
  await keepArtifacts(ctx, run.id, result, summary, true);
  sp.mark("usage");
  if (stream) sp.note({ streamed: stream.count });
  const finishedAt = ctx.now();
  const columns = { names: result.outputs.map((o) => o.name), time: result.times, values: result.outputs.map((o) => o.values) };
  const ok = await writeSucceeded(ctx.db, run, summary, summary.compute_units, columns, finishedAt, stream ?? undefined);
  sp.mark("write");
  if (stream) sp.note(stream.timings());
  if (!ok) return null;
  const row: Run = { ...run, status: "succeeded", failureKind: null, failureMessage: null, failureRetryable: null, summary: summary as unknown as Run["summary"], finishedAt, expiresAt: new Date(finishedAt.getTime() + RESULTS_TTL_MS) };
  const done = ctx.lifecycle.succeeded(run, summary, finishedAt, row);
  sp.mark("publish");
  return done;
}, { keeps: "plots", streams: true });
