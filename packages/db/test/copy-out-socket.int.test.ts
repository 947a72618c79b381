// Issue 22: a COPY out read from the connection's socket (packages/db/src/copy-out.ts,
// docs/adr/0123-copy-out-from-the-socket.md) against a real Postgres: the bytes of a binary COPY
// worked out by hand from PostgreSQL's COPY docs ("Binary Format"), the server's error, a
// COPY FROM refused, a silent server, a connection cut under it; the client stays usable after
// the statement's own error.
import { DatabaseError, Pool, type PoolClient } from "pg";
import { copyOutFromSocket } from "@barscript/db";
import { createTestEnv, type TestEnv } from "../../../test/support/env";

jest.setTimeout(60_000);

/** "PGCOPY\n\377\r\n\0", flags 0, header extension 0. */
const HEADER = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00, 0, 0, 0, 0, 0, 0, 0, 0];

async function copied(client: PoolClient, sql: string, timeoutMs = 0): Promise<number[]> {
  const bytes: number[] = [];
  await copyOutFromSocket(client, sql, (b) => bytes.push(...b), timeoutMs);
  return bytes;
}

describe("COPY out read from the socket", () => {
  let env: TestEnv;
  let pool: Pool;
  beforeAll(async () => {
    env = await createTestEnv();
    pool = new Pool({ connectionString: env.databaseUrl, max: 3 });
    pool.on("error", () => undefined);
  });
  afterAll(async () => {
    await pool.end();
    await env.close();
  });

  it("when two rows are copied in binary, then the bytes are the header, each tuple and the trailer", async () => {
    const client = await pool.connect();
    try {
      const bytes = await copied(client, "COPY (SELECT * FROM (VALUES (7, 'ab'::bytea), (-1, NULL)) v(i, b)) TO STDOUT (FORMAT binary)");
      expect(bytes).toEqual([
        ...HEADER,
        0, 2, 0, 0, 0, 4, 0, 0, 0, 7, 0, 0, 0, 2, 0x61, 0x62, // (7, 'ab'): int4 7, bytea of 2
        0, 2, 0, 0, 0, 4, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // (-1, NULL)
        0xff, 0xff, // trailer: -1
      ]);
      // the driver has its socket back: a query of its own works on the same client
      expect((await client.query("SELECT 41 + 1 AS n")).rows).toEqual([{ n: 42 }]);
    } finally {
      client.release();
    }
  });

  it("when a COPY is larger than a socket read, then every byte comes through in order", async () => {
    const client = await pool.connect();
    try {
      // 300,000 int4 fields of i % 251 in 3 columns of 100,000 rows: each tuple 2 + 3 * 8 bytes
      const bytes = await copied(client, "COPY (SELECT i % 251, i % 251, i % 251 FROM generate_series(1, 100000) i) TO STDOUT (FORMAT binary)");
      expect(bytes.length).toBe(HEADER.length + 100000 * 26 + 2);
      let ok = true;
      for (let r = 0; r < 100000 && ok; r++) {
        const at = HEADER.length + r * 26;
        const v = (r + 1) % 251;
        ok = bytes[at] === 0 && bytes[at + 1] === 3 && bytes[at + 5] === 4 && bytes[at + 9] === v && bytes[at + 25] === v;
      }
      expect(ok).toBe(true);
      expect(bytes.slice(-2)).toEqual([0xff, 0xff]);
    } finally {
      client.release();
    }
  });

  it("when the statement fails, then the server's error comes as a DatabaseError and the client is usable", async () => {
    const client = await pool.connect();
    try {
      const error = await copied(client, "COPY (SELECT * FROM no_such_table) TO STDOUT (FORMAT binary)").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DatabaseError);
      expect((error as DatabaseError).code).toBe("42P01"); // undefined_table
      expect((await client.query("SELECT 1 AS n")).rows).toEqual([{ n: 1 }]);
    } finally {
      client.release();
    }
  });

  it("when the statement is a COPY FROM, then it is refused and the client is usable", async () => {
    const client = await pool.connect();
    try {
      await client.query("CREATE TEMP TABLE copy_in_target (i int)");
      const error = await copied(client, "COPY copy_in_target FROM STDIN").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DatabaseError);
      expect((error as DatabaseError).code).toBe("57014"); // query_canceled: COPY from stdin failed
      expect((await client.query("SELECT count(*)::int AS n FROM copy_in_target")).rows).toEqual([{ n: 0 }]);
    } finally {
      client.release();
    }
  });

  it("when the server says nothing for longer than the timeout, then it fails and the connection is dropped", async () => {
    const client = await pool.connect();
    const started = Date.now();
    const error = await copied(client, "COPY (SELECT pg_sleep(5)) TO STDOUT (FORMAT binary)", 200).catch((e: unknown) => e);
    expect((error as Error).message).toBe("Query read timeout");
    expect(Date.now() - started).toBeLessThan(3000);
    client.release(true);
    expect((await pool.query("SELECT 2 AS n")).rows).toEqual([{ n: 2 }]);
  });

  it("when the connection is cut during the COPY, then it fails with a plain error and the process goes on", async () => {
    const client = await pool.connect();
    const pid = ((await client.query("SELECT pg_backend_pid() AS pid")).rows[0] as { pid: number }).pid;
    const copy = copied(client, "COPY (SELECT pg_sleep(2)) TO STDOUT (FORMAT binary)").catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 300));
    await pool.query("SELECT pg_terminate_backend($1)", [pid]);
    const error = await copy;
    expect(error).toBeInstanceOf(Error);
    client.release(true);
    expect((await pool.query("SELECT 3 AS n")).rows).toEqual([{ n: 3 }]);
  });
});
