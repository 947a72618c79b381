// Issue 22: the pg pool's sockets read into one buffer of their own
// (packages/db/src/own-buffer-socket.ts, docs/adr/0148-pool-sockets-read-into-their-own-buffer.md).
// A local TCP server sending more than the buffer holds: the `data` listeners get copies that
// stay intact after later reads, a view reader gets views of one buffer. Against a real Postgres
// through createDb's pool: an answer spanning many reads parsed by the driver, and a results-page
// COPY (copyOutFromSocket) taken as views with the client usable after it. Expected bytes are
// built from the formulas the server is asked to send.
import { createServer, type AddressInfo, type Server } from "node:net";
import { copyOutFromSocket, createDb, ownBufferSocket, poolOf, poolSocket, type Db } from "@barscript/db";
import { createTestEnv, type TestEnv } from "../../../test/support/env";

jest.setTimeout(60_000);

/** 300,000 bytes: byte i is (7 * i) % 251 (no period dividing the socket's 64 KB buffer). */
const SENT = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (7 * i) % 251));

/** A server that writes SENT in pieces of 10,000 bytes to each connection, then ends it. */
async function sender(): Promise<{ server: Server; port: number }> {
  const server = createServer((c) => {
    for (let at = 0; at < SENT.length; at += 10_000) c.write(SENT.subarray(at, at + 10_000));
    c.end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, port: (server.address() as AddressInfo).port };
}

describe("sockets that read into a buffer of their own", () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    ({ server, port } = await sender());
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
  });

  it("when more arrives than the buffer holds, then the data chunks kept are each their own bytes, in order", async () => {
    const socket = ownBufferSocket();
    const chunks: Buffer[] = [];
    socket.on("data", (c: Buffer) => chunks.push(c));
    await new Promise<void>((r) => {
      socket.on("end", r);
      socket.connect(port, "127.0.0.1");
    });
    socket.destroy();
    // kept without copying: had a chunk been a view of the socket's buffer, later reads would have overwritten it
    expect(Buffer.concat(chunks).equals(SENT)).toBe(true);
    expect(chunks.length).toBeGreaterThan(1);
  });

  it("when a view reader is set, then it gets every byte as views of one buffer and no data events, and data resumes after", async () => {
    const socket = ownBufferSocket();
    const viewed: Buffer[] = [];
    const backings = new Set<ArrayBufferLike>();
    let dataEvents = 0;
    let copiedAfter = 0;
    let reading = true;
    socket.on("data", (c: Buffer) => {
      if (reading) dataEvents++;
      else copiedAfter += c.length;
    });
    socket.readViews((view) => {
      backings.add(view.buffer);
      viewed.push(Buffer.from(view));
      // the first 100,000 bytes as views, the rest as data events
      if (viewed.reduce((n, v) => n + v.length, 0) >= 100_000) {
        reading = false;
        socket.readViews(null);
      }
    });
    await new Promise<void>((r) => {
      socket.on("end", r);
      socket.connect(port, "127.0.0.1");
    });
    socket.destroy();
    const viewedBytes = Buffer.concat(viewed);
    expect(dataEvents).toBe(0);
    expect(backings.size).toBe(1);
    expect(viewedBytes.length + copiedAfter).toBe(SENT.length);
    expect(viewedBytes.equals(SENT.subarray(0, viewedBytes.length))).toBe(true);
  });

  it("when the pool's connection uses TLS, then its socket is Node's own (the TLS layer reads the handle)", () => {
    const plain = poolSocket({ ssl: false });
    const tls = poolSocket({ ssl: { rejectUnauthorized: false } });
    expect(typeof (plain as unknown as { readViews?: unknown }).readViews).toBe("function");
    expect((tls as unknown as { readViews?: unknown }).readViews).toBeUndefined();
    plain.destroy();
    tls.destroy();
  });
});

describe("createDb's pool on own-buffer sockets, against Postgres", () => {
  let env: TestEnv;
  let db: Db;
  beforeAll(async () => {
    env = await createTestEnv();
    db = createDb(env.databaseUrl, { max: 2 });
  });
  afterAll(async () => {
    await db.$disconnect();
    await env.close();
  });

  it("when an answer spans many reads, then the driver parses it whole", async () => {
    const pool = poolOf(db);
    if (!pool) throw new Error("createDb has no pool");
    const { rows } = await pool.query<{ s: string }>("SELECT string_agg(i::text, ',' ORDER BY i) AS s FROM generate_series(1, 100000) i");
    expect(rows[0]?.s).toBe(Array.from({ length: 100_000 }, (_, i) => String(i + 1)).join(","));
  });

  it("when a COPY is read from the socket, then it comes as views of the socket's buffer, and the client answers a query after it", async () => {
    const pool = poolOf(db);
    if (!pool) throw new Error("createDb has no pool");
    const client = await pool.connect();
    try {
      const stream = (client as unknown as { connection: { stream: { readViews?: unknown } } }).connection.stream;
      expect(typeof stream.readViews).toBe("function");
      const pieces: Buffer[] = [];
      const backings = new Set<ArrayBufferLike>();
      await copyOutFromSocket(client, "COPY (SELECT i FROM generate_series(1, 200000) i) TO STDOUT", (bytes) => {
        backings.add(bytes.buffer);
        pieces.push(Buffer.from(bytes));
      });
      const text = Array.from({ length: 200_000 }, (_, i) => `${i + 1}\n`).join("");
      expect(Buffer.concat(pieces).toString("latin1")).toBe(text);
      expect(backings.size).toBe(1);
      expect((await client.query("SELECT 41 + 1 AS n")).rows).toEqual([{ n: 42 }]);
    } finally {
      client.release();
    }
  });

  it("when a COPY fails on the server, then its error comes back and the client answers a query after it", async () => {
    const pool = poolOf(db);
    if (!pool) throw new Error("createDb has no pool");
    const client = await pool.connect();
    try {
      await expect(copyOutFromSocket(client, "COPY (SELECT 1 / 0) TO STDOUT", () => undefined)).rejects.toMatchObject({ code: "22012" });
      expect((await client.query("SELECT 6 * 7 AS n")).rows).toEqual([{ n: 42 }]);
    } finally {
      client.release();
    }
  });
});
