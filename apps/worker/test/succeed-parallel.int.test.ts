// The final write of the largest indicator outputs on several connections
// (packages/db/src/runs/succeed-parallel.ts, docs/adr/0094-parallel-output-writes.md) against
// real Postgres: the composite shape of the runs bench (31,757 points, 30 outputs) reads back
// as written (values made by a plain loop here, na included) and moves the run to succeeded with
// its units; a run another party finished keeps no chunks; a group that fails leaves no chunk
// behind and throws; chunks left by a process that died before the final move are deleted when
// the run is failed (finishRun).
import { chunkGroups, createAccount, finishRun, OUTPUT_CHUNK_POINTS, PARALLEL_MIN_BYTES, readOutputChunks, writeSucceeded, failure, type RunSummary } from "@barscript/db";
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { columnsOf as columnsMade, runIn as runInState, unitsOf, type Columns } from "./support/output-writes";

jest.setTimeout(60_000);

let env: TestEnv;
let accountId: string;

beforeAll(async () => {
  env = await createTestEnv();
  const account = await createAccount(env.db, { email: "parallel@example.com", password: "a long enough password", handle: "parallel", plan: "pro", admit: true });
  accountId = account.id;
});

afterAll(async () => {
  await env.close();
});

const runIn = (status: "running" | "cancelled"): Promise<string> => runInState(env, accountId, status);
const columnsOf = (points: number, outputs: number): Columns => columnsMade(points, outputs, (k) => `out${k}`);

const POINTS = 31_757;
const OUTPUTS = 30;

const summary = (units: number): RunSummary => ({ bars: POINTS, warmup_bars: 0, bars_evaluated: units * 1000, compute_units: units, runtime_errors: [], duration: 0.5, outputs: POINTS });

const units = (): Promise<number> => unitsOf(env, accountId);

const chunkCount = (runId: string): Promise<number> => env.db.runOutputChunk.count({ where: { runId } });

describe("chunkGroups", () => {
  it("deals 4 chunks (the composite's 31,757 points) over 3 connections, the short last chunk with the one before", () => {
    expect(chunkGroups(POINTS, PARALLEL_MIN_BYTES)).toEqual([{ from: 0, to: 1 }, { from: 1, to: 2 }, { from: 2, to: 4 }]);
  });
  it("keeps one group below the threshold, and never more groups than chunks", () => {
    expect(chunkGroups(50_000, PARALLEL_MIN_BYTES - 1)).toEqual([{ from: 0, to: 5 }]);
    expect(chunkGroups(15_000, PARALLEL_MIN_BYTES)).toEqual([{ from: 0, to: 1 }, { from: 1, to: 2 }]);
    expect(chunkGroups(7 * OUTPUT_CHUNK_POINTS, PARALLEL_MIN_BYTES)).toEqual([{ from: 0, to: 2 }, { from: 2, to: 4 }, { from: 4, to: 7 }]);
  });
});

it("writes the composite's 30 outputs of 31,757 points that read back as written, moves the run to succeeded and counts its units once", async () => {
  const id = await runIn("running");
  const columns = columnsOf(POINTS, OUTPUTS);
  expect(columns.time.byteLength * (1 + OUTPUTS)).toBeGreaterThanOrEqual(PARALLEL_MIN_BYTES);
  const before = await units();
  const now = new Date();
  expect(await writeSucceeded(env.db, { id, accountId }, summary(32), 32, columns, now)).toBe(true);

  const row = await env.db.run.findUniqueOrThrow({ where: { id } });
  expect(row.status).toBe("succeeded");
  expect(row.expiresAt?.toISOString()).toBe(new Date(now.getTime() + 7 * 86_400_000).toISOString());
  expect(await units()).toBe(before + 32);
  const meta = await env.db.runOutputChunk.findMany({ where: { runId: id }, orderBy: { seq: "asc" }, select: { seq: true, firstIndex: true, pointCount: true } });
  expect(meta).toEqual([
    { seq: 0, firstIndex: 0, pointCount: 10_000 },
    { seq: 1, firstIndex: 10_000, pointCount: 10_000 },
    { seq: 2, firstIndex: 20_000, pointCount: 10_000 },
    { seq: 3, firstIndex: 30_000, pointCount: 1_757 },
  ]);
  const wrong: string[] = [];
  let seen = 0;
  for (const c of await readOutputChunks(env.db, id, 0, POINTS)) {
    if (c.names.join() !== columns.names.join()) wrong.push(`names of chunk at ${c.firstIndex}`);
    for (let j = 0; j < c.pointCount; j++, seen++) {
      const i = c.firstIndex + j;
      if (c.time[j] !== 1000 + 60 * i) wrong.push(`time ${i}`);
      for (let k = 0; k < OUTPUTS; k++) {
        const v = (c.values[k] as Float64Array)[j] as number;
        if (i % 13 === 0 ? !Number.isNaN(v) : v !== k * 1e6 + i / 7) wrong.push(`out${k} at ${i}: ${v}`);
      }
    }
  }
  expect(seen).toBe(POINTS);
  expect(wrong.slice(0, 5)).toEqual([]);
});

it("keeps no chunks of a run another party finished, leaves it as it was, and counts its units", async () => {
  const id = await runIn("cancelled");
  const before = await units();
  expect(await writeSucceeded(env.db, { id, accountId }, summary(32), 32, columnsOf(POINTS, OUTPUTS), new Date())).toBe(false);
  expect((await env.db.run.findUniqueOrThrow({ where: { id } })).status).toBe("cancelled");
  expect(await chunkCount(id)).toBe(0);
  expect(await units()).toBe(before + 32);
});

it("throws when one group fails, leaving no chunk of the run and the run running", async () => {
  const id = await runIn("running");
  // A row already at seq 1: the COPY of the group holding chunk 1 fails on the primary key.
  await env.db.runOutputChunk.create({ data: { runId: id, seq: 1, firstIndex: 0, pointCount: 0, columns: [], data: new Uint8Array(0) } });
  const before = await units();
  await expect(writeSucceeded(env.db, { id, accountId }, summary(32), 32, columnsOf(POINTS, OUTPUTS), new Date())).rejects.toThrow(/duplicate key/);
  expect(await chunkCount(id)).toBe(0);
  expect((await env.db.run.findUniqueOrThrow({ where: { id } })).status).toBe("running");
  expect(await units()).toBe(before);
});

it("deletes the chunks a dead process left behind when its running run is failed, and keeps those of a succeeded run", async () => {
  const dead = await runIn("running");
  const kept = await runIn("running");
  expect(await writeSucceeded(env.db, { id: kept, accountId }, summary(32), 32, columnsOf(POINTS, OUTPUTS), new Date())).toBe(true);
  // What the groups of a process that died before the final move leave: committed chunks of a running run.
  for (const seq of [0, 1, 2]) await env.db.runOutputChunk.create({ data: { runId: dead, seq, firstIndex: seq * 10_000, pointCount: 10_000, columns: ["a"], data: new Uint8Array(16) } });
  const outcome = { status: "failed" as const, failure: failure("internal", "The run was interrupted.", true) };
  expect(await finishRun(env.db, dead, ["queued", "running"], outcome, new Date())).toBe(true);
  expect(await chunkCount(dead)).toBe(0);
  const row = await env.db.run.findUniqueOrThrow({ where: { id: dead } });
  expect([row.status, row.failureKind, row.failureRetryable]).toEqual(["failed", "internal", true]);
  // A run that already ended is not moved, and its chunks stay.
  expect(await finishRun(env.db, kept, ["queued", "running"], outcome, new Date())).toBe(false);
  expect(await chunkCount(kept)).toBe(4);
});
