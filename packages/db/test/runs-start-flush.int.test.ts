// A start whose caller waits commits without waiting for its WAL flush, for its own transaction
// only, and a run is confirmed on disk by a synchronous commit of a row lock
// (docs/adr/0266-waiting-starts-commit-without-the-flush.md).
import { confirmRunDurable, createAccount, newRunId, poolOf, startRunRow, type NewRun } from "@barscript/db";
import { createTestEnv, type TestEnv } from "../../../test/support/env";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

async function newRun(): Promise<NewRun> {
  const n = Math.random().toString(36).slice(2, 10);
  const account = await createAccount(env.db, { email: `flush-${n}@example.com`, password: "a long enough password", handle: `flush-${n}`, plan: "pro", admit: true });
  return {
    id: newRunId(), accountId: account.id, kind: "indicator", scriptId: null, scriptOwnerId: account.id, scriptSlug: "s", scriptVersion: 1,
    instrument: "AAPL", timeframe: "1d", windowFrom: null, windowTo: null, requestedFrom: null, requestedTo: null, windowBars: 0,
    inputs: {}, source: "api", idempotencyKey: `k-${n}`,
  };
}

const LIMITS = { queueCap: 10, computeUnitsPerMonth: 1_000, period: new Date(Date.UTC(2026, 11, 1)) };

test("a start asked not to wait for its flush sets synchronous_commit off in its own statement's transaction only, and inserts the run as a start that waits", async () => {
  const pool = poolOf(env.db);
  if (!pool) throw new Error("no pool");
  const texts: string[] = [];
  const original = pool.query.bind(pool) as (...a: unknown[]) => unknown;
  const spy = jest.spyOn(pool, "query").mockImplementation(((...args: unknown[]) => {
    const config = args[0] as { text?: string } | string;
    texts.push(typeof config === "string" ? config : config.text ?? "");
    return original(...args);
  }) as typeof pool.query);
  try {
    const waiting = await newRun();
    const plain = await newRun();
    const a = await startRunRow(env.db, waiting, LIMITS, { noFlushWait: true });
    const b = await startRunRow(env.db, plain, LIMITS);
    expect([a.outcome, b.outcome]).toEqual(["created", "created"]);
    expect(a.outcome === "created" && [a.run.id, a.run.status, a.run.idempotencyKey]).toEqual([waiting.id, "queued", waiting.idempotencyKey]);
    const starts = texts.filter((t) => t.includes("runs_start("));
    expect(starts).toHaveLength(2);
    expect(starts[0]).toContain("set_config('synchronous_commit', 'off', true)");
    expect(starts[1]).not.toContain("synchronous_commit");
    // the same key again answers the run that holds it, whichever statement
    const again = await startRunRow(env.db, { ...waiting, id: newRunId() }, LIMITS, { noFlushWait: true });
    expect(again.outcome === "existing" && again.run.id).toBe(waiting.id);
  } finally {
    spy.mockRestore();
  }
  // transaction-local: the connections keep the server's default
  const rows = await Promise.all(Array.from({ length: 4 }, () => pool.query<{ s: string }>("SELECT current_setting('synchronous_commit') AS s")));
  expect(rows.map((r) => r.rows[0]?.s)).toEqual(["on", "on", "on", "on"]);
});

test("confirmRunDurable: true for a stored run, false for a run Postgres does not have", async () => {
  const run = await newRun();
  await startRunRow(env.db, run, LIMITS, { noFlushWait: true });
  expect(await confirmRunDurable(env.db, run.id)).toBe(true);
  expect(await confirmRunDurable(env.db, newRunId())).toBe(false);
});
