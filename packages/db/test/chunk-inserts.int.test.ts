// Output chunk rows stored by bound INSERTs pipelined on one connection (packages/db/src/runs/
// chunk-inserts.ts, docs/adr/0265-output-chunks-by-bound-inserts.md) against real Postgres: the
// rows and bytes read back as the views gave them, committed only by the Sync that ends the
// pipeline, together with the statement run at its end; a pipeline abandoned before its Sync (a
// discarded stream, a process that died) or one whose INSERT fails keeps none of its rows and
// none of what its statements did; a connection given back reuses its prepared INSERT.
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { createAccount, newRunId, poolOf } from "@barscript/db";
import { ChunkInserts, type PackedChunk } from "../src/runs/chunk-inserts";
import type { Pool } from "pg";

let env: TestEnv;
let pool: Pool;
let accountId: string;

beforeAll(async () => {
  env = await createTestEnv();
  const p = poolOf(env.db);
  if (!p) throw new Error("no pool");
  pool = p;
  accountId = (await createAccount(env.db, { email: "inserts@example.com", password: "a long enough password", handle: "inserts", plan: "pro", admit: true })).id;
});
afterAll(async () => env.close());

async function runningRun(): Promise<string> {
  const id = newRunId();
  await env.db.run.create({
    data: { id, accountId, kind: "indicator", scriptId: null, scriptOwnerId: accountId, scriptSlug: "s", scriptVersion: 1, instrument: "SYN", timeframe: "1m", windowBars: 1, inputs: {}, status: "running", startedAt: new Date() },
  });
  return id;
}

const rowsOf = (id: string): Promise<Array<{ seq: number; firstIndex: number; pointCount: number; columns: string[]; hex: string }>> =>
  pool.query(`SELECT seq, "firstIndex", "pointCount", columns, encode(data, 'hex') AS hex FROM run_output_chunks WHERE "runId" = $1 ORDER BY seq`, [id]).then((r) => r.rows);

const statusOf = async (id: string): Promise<string> => (await pool.query<{ status: string }>(`SELECT status FROM runs WHERE id = $1`, [id])).rows[0]?.status ?? "";

/** `count` points: times 1000 + 60 i, column a = i + 0.5, column b = -i; chunk `seq` of `per` points as views of them. */
function columns(count: number): Float64Array[] {
  return [new Float64Array(count).map((_, i) => 1000 + 60 * i), new Float64Array(count).map((_, i) => i + 0.5), new Float64Array(count).map((_, i) => -i)];
}
function chunk(cols: Float64Array[], seq: number, per: number, names: string[] = ["a", "b é"]): PackedChunk {
  const from = seq * per;
  const to = Math.min(cols[0]!.length, from + per);
  return { seq, firstIndex: from, pointCount: to - from, names, data: cols.map((c) => c.subarray(from, to)) };
}

/** The little-endian doubles of `values` as hex: worked here, not by the code under test. */
function hexOf(values: number[]): string {
  const b = Buffer.alloc(values.length * 8);
  values.forEach((v, k) => b.writeDoubleLE(v, k * 8));
  return b.toString("hex");
}

test("rows and bytes read back as the views gave them, committed with the statement at the end by the Sync, and the connection's INSERT reused", async () => {
  const id = await runningRun();
  const cols = columns(250);
  const pipe = await ChunkInserts.open(pool);
  // chunks of 100 points: views at offsets 0, 800 and 1,600 bytes into each column
  pipe.insert(id, [chunk(cols, 0, 100), chunk(cols, 1, 100)]);
  pipe.insert(id, [chunk(cols, 2, 100)]);
  pipe.run(`UPDATE runs SET status = 'succeeded' WHERE id = '${id}' AND status = 'running' RETURNING 7`);
  // nothing visible before the Sync
  expect(await rowsOf(id)).toEqual([]);
  expect(await pipe.commit()).toBe(7);
  // abandoning a committed pipeline changes nothing and does not wait (its connection went back)
  await pipe.abandon();
  expect(await statusOf(id)).toBe("succeeded");
  const rows = await rowsOf(id);
  expect(rows.map((r) => [r.seq, r.firstIndex, r.pointCount, r.columns])).toEqual([[0, 0, 100, ["a", "b é"]], [1, 100, 100, ["a", "b é"]], [2, 200, 50, ["a", "b é"]]]);
  // chunk 2: points 200..249, its times, then a, then b
  const pts = Array.from({ length: 50 }, (_, j) => 200 + j);
  expect(rows[2]?.hex).toBe(hexOf([...pts.map((i) => 1000 + 60 * i), ...pts.map((i) => i + 0.5), ...pts.map((i) => -i)]));
  expect(rows[0]?.hex.length).toBe(100 * 3 * 8 * 2);

  // a pool of one connection: the second pipeline finds the INSERT already prepared there (a second Parse of its name would fail)
  const one = (await import("@barscript/db")).createDb(env.databaseUrl, { max: 1 });
  try {
    const onePool = poolOf(one)!;
    for (let round = 0; round < 3; round++) {
      const rid = await runningRun();
      const p = await ChunkInserts.open(onePool);
      p.insert(rid, [chunk(cols, 0, 250, ["x"])]);
      expect(await p.commit()).toBe(0);
      expect((await rowsOf(rid)).map((r) => r.pointCount)).toEqual([250]);
    }
    expect(onePool.totalCount).toBe(1);
  } finally {
    await one.$disconnect();
  }
});

test("a pipeline abandoned before its Sync keeps none of the rows the server had stored, and its connection is closed", async () => {
  const id = await runningRun();
  const cols = columns(300);
  const pipe = await ChunkInserts.open(pool);
  const held = pool.totalCount;
  pipe.insert(id, [chunk(cols, 0, 100), chunk(cols, 1, 100)]);
  pipe.run(`UPDATE runs SET status = 'succeeded' WHERE id = '${id}'`);
  const deadline = Date.now() + 10_000;
  while (pipe.stored < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  // both rows stored by the server, in a transaction no one else sees
  expect(pipe.stored).toBe(2);
  await pipe.abandon();
  expect(pool.totalCount).toBe(held - 1);
  expect(await rowsOf(id)).toEqual([]);
  expect(await statusOf(id)).toBe("running");
});

test("an INSERT that fails fails the whole pipeline: none of its rows kept, the statement after it not run", async () => {
  const id = await runningRun();
  const cols = columns(300);
  const pipe = await ChunkInserts.open(pool);
  const failed = pipe.failed();
  // seq 1 twice: the primary key refuses the third INSERT
  pipe.insert(id, [chunk(cols, 0, 100), chunk(cols, 1, 100), chunk(cols, 1, 100)]);
  pipe.run(`UPDATE runs SET status = 'succeeded' WHERE id = '${id}' RETURNING 1`);
  expect((await failed).message).toMatch(/duplicate key/);
  await expect(pipe.commit()).rejects.toThrow(/duplicate key/);
  expect(await rowsOf(id)).toEqual([]);
  expect(await statusOf(id)).toBe("running");
});

test("a connection given back keeps no listener of the pipelines that used it", async () => {
  // a pool of one connection used by 12 pipelines in turn: each listens for its socket's close
  // while it holds the connection, and no longer once it gave it back (Node warns past 10)
  const one = (await import("@barscript/db")).createDb(env.databaseUrl, { max: 1 });
  try {
    const onePool = poolOf(one)!;
    const socketOf = async (): Promise<{ listenerCount(event: string): number }> => {
      const client = (await onePool.connect()) as unknown as { connection: { stream: { listenerCount(event: string): number } }; release(): void };
      client.release();
      return client.connection.stream;
    };
    const cols = columns(10);
    await onePool.query("SELECT 1");
    const before = (await socketOf()).listenerCount("close");
    for (let round = 0; round < 12; round++) {
      const rid = await runningRun();
      const p = await ChunkInserts.open(onePool);
      p.insert(rid, [chunk(cols, 0, 10, ["x"])]);
      await p.commit();
    }
    expect((await socketOf()).listenerCount("close")).toBe(before);
    expect(onePool.totalCount).toBe(1);
  } finally {
    await one.$disconnect();
  }
});
