// Output chunk rows stored by one prepared INSERT each, their `data` bound as views of the output
// columns (bind-parts.ts: no copy in this process), pipelined on one held connection: the
// extended protocol's messages go out as the chunks come, without waiting for answers, and
// everything up to the Sync that ends the pipeline is one implicit transaction, committed by that
// Sync or by nothing (docs/adr/0265-output-chunks-by-bound-inserts.md). It replaced binary COPY
// for the streamed and large runs: on the 2-core Firecracker machine a COPY cost the backend
// about one page fault (17 µs) for every 4 KiB stored, each row's tuple formed in fresh memory,
// while a bound INSERT reuses the backend's memory from its second row (docs/performance.md,
// issue 22 fourteenth and fifteenth sessions).
import type { Connection, Pool, PoolClient } from "pg";
import type { Socket } from "node:net";
import { DatabaseUnavailableError } from "../client";
import { bindMessage, ByteaParts } from "./bind-parts";

/** A chunk row whose `data` is given in parts that follow one another (its times, then each column; or one packed array). */
export interface PackedChunk {
  seq: number;
  firstIndex: number;
  pointCount: number;
  names: readonly string[];
  data: readonly Float64Array[];
}

/** The prepared INSERT of one chunk row (its name is this module's own on every connection). */
export const INSERT_CHUNK = {
  name: "bs_output_chunk_insert",
  text: `INSERT INTO run_output_chunks ("runId", seq, "firstIndex", "pointCount", columns, data) VALUES ($1, $2::int, $3::int, $4::int, $5::text[], $6::bytea)`,
};

const TEXT_OID = 25;
/** The longest delay a Node timer takes (a larger one fires at once). */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** The query timeout the client's pool gives its queries (0: none). */
function queryTimeoutOf(client: PoolClient): number {
  return (client as PoolClient & { connectionParameters?: { query_timeout?: number } }).connectionParameters?.query_timeout ?? 0;
}
const SYNC = Buffer.from([0x53, 0, 0, 0, 4]);
const FLUSH = Buffer.from([0x48, 0, 0, 0, 4]);
/** Execute of the unnamed portal, every row. */
const EXECUTE = Buffer.from([0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0]);

/** A Parse message of statement `name` (unnamed: "") with no parameter types given. */
function parseMessage(name: string, text: string): Buffer {
  const body = Buffer.from(`${name}\0${text}\0\0\0`, "utf8");
  const head = Buffer.allocUnsafe(5);
  head[0] = 0x50;
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

/**
 * The pipeline on one client of the pool: chunk INSERTs and statements written as they are
 * given, answered only when the server gets to them. A failure of any of them (or of the
 * connection) ends the transaction with nothing stored; the client is then closed, not given back.
 */
export class ChunkInserts {
  private socket: Socket | null = null;
  private connection: (Connection & { parsedStatements: Record<string, string> }) | null = null;
  /** Messages given before the client sent our query's first (a client still busy: never here, kept for safety). */
  private pending: Buffer[][] = [];
  private error: Error | null = null;
  private answer = 0;
  /** INSERTs the server has answered (CommandComplete) so far. */
  private answered = 0;
  private inserts = 0;
  /** When the server answered the first and the last INSERT so far (epoch ms; NaN: none yet), for the timing spans. */
  private firstAnsweredAt = NaN;
  private lastAnsweredAt = NaN;
  /** The INSERT's Parse went into this pipeline: recorded as prepared on the connection once it commits. */
  private parsing = false;
  private readonly over: Promise<number>;
  private released = false;
  /** Released by closing the connection (not given back). */
  private closing = false;
  private synced = false;
  private readonly closed: Promise<void>;
  /** Listens for the socket's close while the pipeline holds the connection (removed when the client goes back to the pool). */
  private readonly onClose: () => void;

  private constructor(
    private readonly client: PoolClient,
    private readonly onRelease: () => void,
  ) {
    let ended!: (n: number) => void;
    let failed!: (e: Error) => void;
    this.over = new Promise<number>((resolve, reject) => {
      ended = resolve;
      failed = reject;
    });
    this.over.catch(() => undefined);
    let closedNow!: () => void;
    this.closed = new Promise<void>((resolve) => (closedNow = resolve));
    this.onClose = () => closedNow();
    const silence = queryTimeoutOf(client);
    this.silenceMs = silence;
    client.query({
      // This query lasts from the run's first chunk to its commit (up to the run's time limit), so
      // the pool's query_timeout would cut a long run: it gets the longest timer instead, and
      // commit() bounds the server's silence itself.
      ...(silence > 0 ? { query_timeout: LONGEST_TIMER_MS } : {}),
      submit: (connection: Connection & { stream: Socket; parsedStatements: Record<string, string> }) => {
        this.connection = connection;
        this.socket = connection.stream;
        this.socket.once("close", this.onClose);
        if (this.socket.destroyed) closedNow();
        for (const messages of this.pending.splice(0)) this.send(messages);
      },
      handleDataRow: (message: { fields: Array<string | null> }) => {
        this.answer = Number(message.fields[0] ?? 0);
      },
      handleCommandComplete: (message: { text?: string; command?: string }) => {
        if (!(message.command ?? message.text ?? "").startsWith("INSERT")) return;
        this.answered++;
        this.heardAt = Date.now();
        this.lastAnsweredAt = performance.timeOrigin + performance.now();
        if (this.answered === 1) this.firstAnsweredAt = this.lastAnsweredAt;
      },
      handleRowDescription() {},
      handleEmptyQuery() {},
      handlePortalSuspended() {},
      handleCopyInResponse() {},
      handleCopyData() {},
      handleError: (e: unknown) => {
        // The client drops its active query on an error: no ReadyForQuery reaches us after it.
        this.error ??= e instanceof Error ? e : new Error(String(e));
        failed(this.error);
      },
      handleReadyForQuery: () => {
        if (this.error !== null) return;
        if (this.parsing && this.connection) this.connection.parsedStatements[INSERT_CHUNK.name] = INSERT_CHUNK.text;
        ended(this.answer);
      },
    } as never);
  }

  /** The pool's query timeout (0: none): past it without an answer, commit() fails. */
  private readonly silenceMs: number;
  /** When the server last answered (or the commit was written), for commit()'s silence bound. */
  private heardAt = 0;

  /** A pipeline on a client of `pool`; `release` is told once when the client goes back (or is closed). */
  static async open(pool: Pool, release: () => void = () => undefined): Promise<ChunkInserts> {
    return new ChunkInserts(await pool.connect(), release);
  }

  /** INSERTs the server has answered so far (each answered as soon as it is stored). */
  get stored(): number {
    return this.answered;
  }

  /** When the server answered the first and the last INSERT so far (epoch ms; NaN: none yet). */
  get answeredAt(): { first: number; last: number } {
    return { first: this.firstAnsweredAt, last: this.lastAnsweredAt };
  }

  /** INSERTs written so far. */
  get written(): number {
    return this.inserts;
  }

  /** Writes the INSERTs of `chunks` of run `runId` (their data as views), then a Flush so the server answers them as it goes. */
  insert(runId: string, chunks: readonly PackedChunk[]): void {
    if (chunks.length === 0) return;
    const messages: Buffer[] = [];
    const parsed = this.connection?.parsedStatements[INSERT_CHUNK.name] === INSERT_CHUNK.text;
    if (!parsed && !this.parsing) {
      this.parsing = true;
      messages.push(parseMessage(INSERT_CHUNK.name, INSERT_CHUNK.text));
    }
    let names: Buffer | null = null;
    let namesOf: readonly string[] | null = null;
    for (const chunk of chunks) {
      if (namesOf !== chunk.names) {
        names = textArray(chunk.names);
        namesOf = chunk.names;
      }
      messages.push(...bindMessage(INSERT_CHUNK.name, [runId, chunk.seq, chunk.firstIndex, chunk.pointCount, names, new ByteaParts(chunk.data)]), EXECUTE);
      this.inserts++;
    }
    messages.push(FLUSH);
    this.write(messages);
  }

  /** Writes a statement without parameters (the unnamed one); the pipeline answers the first field of the last row it returns. */
  run(sql: string): void {
    this.write([parseMessage("", sql), ...bindMessage("", []), EXECUTE]);
  }

  /** Ends the pipeline (Sync): commits it all; resolves to the answer of run's statements, or throws (nothing stored). */
  async commit(): Promise<number> {
    this.synced = true;
    this.write([SYNC]);
    this.heardAt = Date.now();
    try {
      const answer = this.silenceMs > 0 ? await this.answeredWithin(this.silenceMs) : await this.over;
      this.release(false);
      return answer;
    } catch (error) {
      await this.abandon();
      throw error;
    }
  }

  /**
   * The pipeline's answer, or an outage once the server has said nothing for `ms` (a silent or
   * frozen Postgres): each stored chunk is an answer, so a large final write is not cut.
   */
  private answeredWithin(ms: number): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      const check = (): void => {
        const quiet = Date.now() - this.heardAt;
        if (quiet < ms) return void (timer = setTimeout(check, ms - quiet));
        reject(new DatabaseUnavailableError(new Error(`no answer from Postgres for ${ms} ms`)));
      };
      let timer = setTimeout(check, ms);
      this.over.then((n) => { clearTimeout(timer); resolve(n); }, (e: unknown) => { clearTimeout(timer); reject(e as Error); });
    });
  }

  /** Settles once the pipeline has failed (an error of the server or the connection), never otherwise. */
  failed(): Promise<Error> {
    return this.over.then(() => new Promise<Error>(() => undefined), (e: unknown) => (e instanceof Error ? e : new Error(String(e))));
  }

  /**
   * Ends the pipeline without a Sync: the connection is closed, so its transaction stores
   * nothing. Resolves once the socket is closed (no write of the chunks' views is left).
   */
  async abandon(): Promise<void> {
    if (this.released) {
      // closed before (its socket's close awaited), or committed and given back: nothing to wait for
      if (this.closing && this.socket) await this.closed;
      return;
    }
    this.release(true);
    // a client that never sent our query still has its socket: closing it is the pool's
    if (this.socket) await this.closed;
  }

  private write(messages: Buffer[]): void {
    if (this.released) return;
    if (this.socket === null) this.pending.push(messages);
    else this.send(messages);
  }

  private send(messages: Buffer[]): void {
    const socket = this.socket as Socket;
    // corked: the messages' heads and views leave in a few writev calls, not one write each
    socket.cork();
    for (const m of messages) socket.write(m);
    socket.uncork();
  }

  private release(broken: boolean): void {
    if (this.released) return;
    this.released = true;
    this.onRelease();
    if (broken || !this.synced) {
      // unanswered messages stay on the wire: the connection is closed, never reused
      this.closing = true;
      this.client.release(true);
      this.socket?.destroy();
    } else {
      // the connection outlives this pipeline: its later users must not find our listener on it
      this.socket?.off("close", this.onClose);
      this.client.release();
    }
  }
}

/** A one-dimensional text[] in PostgreSQL's binary array format (ndim, has-null, element oid, dims, items). */
export function textArray(items: readonly string[]): Buffer {
  if (items.length === 0) return Buffer.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, TEXT_OID]);
  const parts = items.map((s) => Buffer.from(s, "utf8"));
  const out = Buffer.allocUnsafe(20 + parts.reduce((sum, p) => sum + 4 + p.length, 0));
  let at = out.writeInt32BE(1, 0);
  at = out.writeInt32BE(0, at);
  at = out.writeInt32BE(TEXT_OID, at);
  at = out.writeInt32BE(items.length, at);
  at = out.writeInt32BE(1, at);
  for (const p of parts) {
    at = out.writeInt32BE(p.length, at);
    at += p.copy(out, at);
  }
  return out;
}
