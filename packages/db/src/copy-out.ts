// One `COPY ... TO STDOUT` on a pg client, its CopyData messages handed to the caller as they
// arrive. node-postgres has no public API for a COPY out without the pg-copy-streams package;
// its client accepts any object with the Submittable shape, which is what `copyOut` is. It serves
// the bar store's reads (@barscript/marketdata copy.ts) and CSV exports; the API's results pages
// read theirs from the socket (`copyOutFromSocket` below, page-copy.ts).
import { DatabaseError, type Connection } from "pg";
import type { ViewReadable } from "./own-buffer-socket";

/** PostgreSQL's binary COPY signature (its COPY docs, "Binary Format"). */
export const BINARY_COPY_SIGNATURE: Buffer = Buffer.from("PGCOPY\n\xff\r\n\0", "latin1");

interface CopyDataMessage {
  chunk: Buffer;
}

/** What a pool's client offers that a COPY needs. */
export interface CopyClient {
  query(submittable: unknown): unknown;
}

/**
 * Sends `sql` (a complete `COPY (...) TO STDOUT ...` statement) and calls `onData` with each
 * CopyData message; resolves once the server is ready again, rejects on its error. The driver
 * reuses the bytes under a message for later socket data: `onData` must copy what it keeps.
 */
export function copyOut(client: CopyClient, sql: string, onData: (bytes: Buffer) => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let error: unknown = null;
    client.query({
      submit(connection: Connection) {
        connection.query(sql);
      },
      handleCopyData(message: CopyDataMessage) {
        onData(message.chunk);
      },
      handleRowDescription() {},
      handleDataRow() {},
      handleCommandComplete() {},
      handleEmptyQuery() {},
      handlePortalSuspended() {},
      handleCopyInResponse(connection: Connection & { sendCopyFail(message: string): void }) {
        connection.sendCopyFail("a COPY out takes no data in");
      },
      handleError(e: unknown) {
        // the client drops its active query on an error: no ReadyForQuery reaches us after it
        error = e;
        reject(e instanceof Error ? e : new Error(String(e)));
      },
      handleReadyForQuery() {
        if (error === null) resolve();
      },
    });
  });
}

// A COPY out read straight from the connection's socket bytes (docs/adr/0123-copy-out-from-the-socket.md).
// The driver's parser merges every message that spans socket reads into a fresh buffer of its
// own (a binary COPY of a results page sends one CopyData message of up to 240 KB per chunk row:
// about 1.2 MB of fresh external memory per 50,000-point page, which is what makes V8 scavenge
// and promote), then builds a message object per message. Here the socket's bytes are framed by
// the protocol's message layout (PostgreSQL docs, "Message Flow" and "Message Formats": a byte
// type, an Int32 length counting itself, the body) and CopyData bodies handed on as views of the
// socket's own reads, never merged.

/** Backend message types read here ('d' CopyData, 'E' ErrorResponse, 'G' CopyInResponse, 'Z' ReadyForQuery). */
const COPY_DATA = 0x64;
const ERROR_RESPONSE = 0x45;
const COPY_IN_RESPONSE = 0x47;
const READY_FOR_QUERY = 0x5a;
/** A message other than CopyData is collected whole; none of a COPY's answer is near this. */
const MAX_OTHER_MESSAGE = 16 * 1024 * 1024;

/** ErrorResponse fields by their type byte (PostgreSQL docs, "Error and Notice Message Fields"). */
const ERROR_FIELDS: Record<string, keyof DatabaseError> = {
  S: "severity", C: "code", D: "detail", H: "hint", P: "position", p: "internalPosition", q: "internalQuery",
  W: "where", s: "schema", t: "table", c: "column", d: "dataType", n: "constraint", F: "file", L: "line", R: "routine",
};

/** An ErrorResponse body as the driver's DatabaseError (what the driver's own parser gives). */
export function errorResponse(body: Buffer): DatabaseError {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < body.length && body[at] !== 0) {
    const type = String.fromCharCode(body[at] as number);
    const end = body.indexOf(0, at + 1);
    if (end < 0) break;
    fields.set(type, body.toString("utf8", at + 1, end));
    at = end + 1;
  }
  const error = new DatabaseError(fields.get("M") ?? "unknown error", body.length + 4, "error");
  for (const [type, value] of fields) {
    const name = ERROR_FIELDS[type];
    if (name) (error as unknown as Record<string, string>)[name] = value;
  }
  return error;
}

/**
 * The backend's messages for one simple query, framed from socket reads of any size: CopyData
 * bodies go to `onData` as views of the reads (in order; a body may come in several pieces), any
 * other message is collected, and an ErrorResponse kept. Reading stops after ReadyForQuery.
 */
export class CopyOutFrames {
  /** The first error the server answered with, if any. */
  error: DatabaseError | null = null;
  /** The server asked for data in (the statement was a COPY FROM). */
  copyIn = false;
  /** ReadyForQuery has been read. */
  done = false;
  private readonly head = Buffer.alloc(5);
  private headLength = 0;
  private type = 0;
  private remaining = 0;
  private body: Buffer | null = null;
  private bodyLength = 0;

  constructor(private readonly onData: (bytes: Buffer) => void) {}

  /** Reads `bytes`; returns how many were this query's (all of them until ReadyForQuery). */
  push(bytes: Buffer): number {
    let at = 0;
    while (at < bytes.length && !this.done) {
      if (this.headLength < 5) {
        const take = Math.min(5 - this.headLength, bytes.length - at);
        bytes.copy(this.head, this.headLength, at, at + take);
        this.headLength += take;
        at += take;
        if (this.headLength < 5) break;
        this.startMessage();
        if (this.remaining === 0) {
          this.endMessage();
          continue;
        }
      }
      const take = Math.min(this.remaining, bytes.length - at);
      if (this.body === null) this.onData(bytes.subarray(at, at + take));
      else {
        bytes.copy(this.body, this.bodyLength, at, at + take);
        this.bodyLength += take;
      }
      at += take;
      this.remaining -= take;
      if (this.remaining === 0) this.endMessage();
    }
    return at;
  }

  private startMessage(): void {
    this.type = this.head[0] as number;
    const length = this.head.readInt32BE(1);
    if (length < 4) throw new Error(`protocol: message ${this.type} of length ${length}`);
    this.remaining = length - 4;
    if (this.type === COPY_DATA) this.body = null;
    else {
      if (this.remaining > MAX_OTHER_MESSAGE) throw new Error(`protocol: message ${this.type} of ${this.remaining} bytes`);
      this.body = Buffer.allocUnsafe(this.remaining);
      this.bodyLength = 0;
    }
  }

  private endMessage(): void {
    this.headLength = 0;
    if (this.type === ERROR_RESPONSE && this.error === null) this.error = errorResponse(this.body as Buffer);
    else if (this.type === COPY_IN_RESPONSE) this.copyIn = true;
    else if (this.type === READY_FOR_QUERY) this.done = true;
    this.body = null;
  }
}

/** A frontend message: its type byte, an Int32 length counting itself, and `text` ending in a zero byte. */
export function frontendMessage(type: string, text: string): Buffer {
  const length = Buffer.byteLength(text, "utf8") + 5;
  const message = Buffer.allocUnsafe(length + 1);
  message[0] = type.charCodeAt(0);
  message.writeInt32BE(length, 1);
  message.write(text, 5, "utf8");
  message[length] = 0;
  return message;
}

/** What a checked-out pg client offers that a COPY read from its socket needs. */
export interface SocketCopyClient {
  readonly connection: { readonly stream: NodeJS.ReadWriteStream & { destroyed?: boolean; destroy(): void } & Partial<ViewReadable> };
  on(event: "error", listener: (error: Error) => void): unknown;
  removeListener(event: "error", listener: (error: Error) => void): unknown;
}

/**
 * Sends `sql` (a complete `COPY (...) TO STDOUT ...` statement) as a simple query on a client the
 * caller has checked out and holds (no query of the driver in flight), reads the answer from the
 * socket itself (CopyOutFrames) and calls `onData` with CopyData bytes as they arrive (views of
 * the socket's reads: copy what is kept; on the pool's own-buffer sockets, own-buffer-socket.ts,
 * views of the socket's buffer, taken without a copy). The driver's socket listeners are set aside until
 * ReadyForQuery and given back after it, so the client is reusable after a success or an error of
 * the statement. Rejects with the server's DatabaseError, with a plain Error if the connection
 * fails, or after `timeoutMs` without ReadyForQuery (the driver's query_timeout; the socket is
 * then destroyed). After a rejection other than the server's error the caller must not reuse the
 * client (release it with an error).
 */
export function copyOutFromSocket(client: SocketCopyClient, sql: string, onData: (bytes: Buffer) => void, timeoutMs = 0): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const stream = client.connection.stream;
    if (stream.destroyed) {
      reject(new Error("Connection terminated"));
      return;
    }
    const theirs = stream.listeners("data") as ((bytes: Buffer) => void)[];
    // an own-buffer socket hands its reads over as views of its buffer (no copy per read)
    const views = stream.readViews?.bind(stream);
    const frames = new CopyOutFrames(onData);
    let timer: NodeJS.Timeout | null = null;
    let settled = false;
    const giveBack = (): void => {
      if (views) views(null);
      else stream.removeListener("data", ours);
      for (const listener of theirs) stream.on("data", listener);
    };
    const fail = (error: Error): void => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      giveBack();
      // the client's error listener stays: the connection is going away and the caller drops it
      reject(error);
    };
    const onClientError = (error: Error): void => fail(error);
    function ours(bytes: Buffer): void {
      if (settled) return;
      let used: number;
      try {
        used = frames.push(bytes);
      } catch (e) {
        fail(e instanceof Error ? e : new Error(String(e)));
        stream.destroy();
        return;
      }
      if (frames.copyIn && !frames.done) {
        frames.copyIn = false;
        stream.write(frontendMessage("f", "a COPY out takes no data in"));
      }
      if (!frames.done) return;
      settled = true;
      if (timer) clearTimeout(timer);
      giveBack();
      client.removeListener("error", onClientError);
      // nothing should follow ReadyForQuery unasked; whatever does is the driver's
      // (a copy of a view: the driver's parser keeps a message's unparsed tail)
      if (used < bytes.length) for (const listener of theirs) listener(views ? Buffer.from(bytes.subarray(used)) : bytes.subarray(used));
      if (frames.error) reject(frames.error);
      else resolve();
    }
    for (const listener of theirs) stream.removeListener("data", listener);
    if (views) views(ours);
    else stream.on("data", ours);
    client.on("error", onClientError);
    if (timeoutMs > 0) {
      timer = setTimeout(() => {
        fail(new Error("Query read timeout"));
        stream.destroy();
      }, timeoutMs);
    }
    stream.write(frontendMessage("Q", sql));
  });
}
