// The final write of a succeeded indicator run by pipelined bound INSERTs (packages/db/src/runs/succeed-inserts.ts)
// against real Postgres: the chunk rows read back through chunks.ts equal the columns written
// (values made by a plain loop here, na included), chunk boundaries at every 10,000 points; a run
// that is no longer running keeps no chunks and stays as it was, while its units are counted; the
// small path (chunks.ts's statement) gives the same rows.
import { createAccount, readOutputChunks, writeSucceeded, PIPELINED_MIN_BYTES, OUTPUT_CHUNK_POINTS, type RunSummary } from "@barscript/db";
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { columnsOf as columnsMade, runIn as runInState, unitsOf, type Columns } from "./support/output-writes";

jest.setTimeout(60_000);

let env: TestEnv;
let accountId: string;

beforeAll(async () => {
  env = await createTestEnv();
  const account = await createAccount(env.db, { email: "copy@example.com", password: "a long enough password", handle: "copy", plan: "pro", admit: true });
  accountId = account.id;
});

afterAll(async () => {
  await env.close();
});

const runIn = (status: "running" | "cancelled"): Promise<string> => runInState(env, accountId, status);
const columnsOf = (points: number, outputs: number): Columns => columnsMade(points, outputs, (k) => `out ${k} é`);

const summary = (units: number): RunSummary => ({ bars: 1, warmup_bars: 0, bars_evaluated: units * 1000, compute_units: units, runtime_errors: [], duration: 0.5, outputs: 0 });

const units = (): Promise<number> => unitsOf(env, accountId);

it("writes chunks of 10,000 points by COPY that read back as the columns, and moves the run to succeeded", async () => {
  const id = await runIn("running");
  const columns = columnsOf(25_003, 4);
  expect(columns.time.byteLength * 5).toBeGreaterThanOrEqual(PIPELINED_MIN_BYTES);
  const before = await units();
  const now = new Date();
  expect(await writeSucceeded(env.db, { id, accountId }, summary(26), 26, columns, now)).toBe(true);

  const row = await env.db.run.findUniqueOrThrow({ where: { id } });
  expect(row.status).toBe("succeeded");
  expect(row.finishedAt?.toISOString()).toBe(now.toISOString());
  expect((row.summary as unknown as RunSummary).compute_units).toBe(26);
  expect(await units()).toBe(before + 26);

  const meta = await env.db.runOutputChunk.findMany({ where: { runId: id }, orderBy: { seq: "asc" }, select: { seq: true, firstIndex: true, pointCount: true } });
  expect(meta).toEqual([
    { seq: 0, firstIndex: 0, pointCount: OUTPUT_CHUNK_POINTS },
    { seq: 1, firstIndex: 10_000, pointCount: 10_000 },
    { seq: 2, firstIndex: 20_000, pointCount: 5_003 },
  ]);
  const chunks = await readOutputChunks(env.db, id, 0, 25_003);
  // Every value compared in a plain loop (one expect per column, not per value).
  const wrong: string[] = [];
  let seen = 0;
  for (const c of chunks) {
    expect(c.names).toEqual(["out 0 é", "out 1 é", "out 2 é", "out 3 é"]);
    for (let j = 0; j < c.pointCount; j++, seen++) {
      const i = c.firstIndex + j;
      if (c.time[j] !== 1000 + 60 * i) wrong.push(`time ${i}`);
      for (let k = 0; k < 4; k++) {
        const v = (c.values[k] as Float64Array)[j] as number;
        if (i % 13 === 0 ? !Number.isNaN(v) : v !== k * 1e6 + i / 7) wrong.push(`out ${k} at ${i}: ${v}`);
      }
    }
  }
  expect(seen).toBe(25_003);
  expect(wrong.slice(0, 5)).toEqual([]);
});

it("keeps no chunks of a run another party finished, leaves it as it was, and counts its units", async () => {
  const id = await runIn("cancelled");
  const before = await units();
  expect(await writeSucceeded(env.db, { id, accountId }, summary(7), 7, columnsOf(20_000, 3), new Date())).toBe(false);
  expect((await env.db.run.findUniqueOrThrow({ where: { id } })).status).toBe("cancelled");
  expect(await env.db.runOutputChunk.count({ where: { runId: id } })).toBe(0);
  expect(await units()).toBe(before + 7);
});

it("writes a small output through the prepared statement with the same rows", async () => {
  const id = await runIn("running");
  const columns = columnsOf(300, 2);
  expect(columns.time.byteLength * 3).toBeLessThan(PIPELINED_MIN_BYTES);
  expect(await writeSucceeded(env.db, { id, accountId }, summary(1), 1, columns, new Date())).toBe(true);
  const [chunk] = await readOutputChunks(env.db, id, 0, 300);
  expect(chunk?.pointCount).toBe(300);
  expect(chunk?.time[299]).toBe(1000 + 60 * 299);
  expect(chunk?.values[1]?.[298]).toBe(1e6 + 298 / 7);
  expect(chunk?.values[0]?.[297]).toBe(297 / 7);
  expect(chunk?.values[0]?.[299]).toBeNaN();
});
