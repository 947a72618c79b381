// A prepared statement whose `bytea` parameters are given as parts that follow one another (views
// of a run's output columns), bound without joining them: node-postgres copies a Buffer parameter
// into its message writer, which grows by reallocation, and chunks.ts packed the columns into that
// Buffer first, two copies of every output byte of a small run (docs/performance.md, issue 22,
// thirteenth session). Here the Bind message is a head, then the views themselves, written to the
// corked socket: the statement, its parse once per connection, its rows and errors stay pg's own.
import { Query, type Pool, type QueryResultRow } from "pg";
import type { Statement } from "../sql";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { prepareValue } = require("pg/lib/utils") as { prepareValue: (value: unknown) => Buffer | string | null };

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** A `bytea` parameter as the bytes of `parts`, in order (host-endian Float64 views: little-endian hosts only). */
export class ByteaParts {
  constructor(readonly parts: readonly Float64Array[]) {}
  get byteLength(): number {
    return this.parts.reduce((n, p) => n + p.byteLength, 0);
  }
}

interface Connection {
  stream: { write(b: Buffer): boolean };
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  parse(q: { text: string; name: string; types?: unknown }): void;
  describe(m: { type: "P"; name: string }): void;
}

/** pg's Query (its submit corks the socket around prepare) with a Bind of its own. */
class PartsQuery extends Query {
  declare name: string;
  declare text: string;
  declare values: unknown[];
  declare hasBeenParsed: (c: Connection) => boolean;
  declare _getRows: (c: Connection, rows: number | undefined) => void;

  prepare(connection: Connection): void {
    if (!this.hasBeenParsed(connection)) {
      connection.parse({ text: this.text, name: this.name });
      connection.submittedNamedStatements[this.name] = this.text;
    }
    for (const b of bindMessage(this.name, this.values)) connection.stream.write(b);
    connection.describe({ type: "P", name: "" });
    this._getRows(connection, undefined);
  }
}

/** The Bind message of the unnamed portal: text parameters as pg maps them, Buffers and ByteaParts binary, results as text. */
export function bindMessage(statementName: string, values: readonly unknown[]): Buffer[] {
  if (!LITTLE_ENDIAN) throw new Error("big-endian hosts are not supported");
  const mapped = values.map((v) => (v instanceof ByteaParts ? v : prepareValue(v)));
  const name = Buffer.from(`\0${statementName}\0`, "utf8");
  const out: Buffer[] = [];
  let head: number[] = [];
  // length, portal and statement names, format codes, parameter count; result formats (4) at the end
  let total = 4 + name.length + 2 + 2 * mapped.length + 2 + 4;
  const int16 = (v: number): void => void head.push((v >> 8) & 0xff, v & 0xff);
  const int32 = (v: number): void => void head.push((v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff);
  const flush = (): void => {
    if (head.length > 0) out.push(Buffer.from(head));
    head = [];
  };
  int16(mapped.length);
  for (const m of mapped) int16(m instanceof ByteaParts || m instanceof Buffer ? 1 : 0);
  int16(mapped.length);
  for (const m of mapped) {
    total += 4;
    if (m === null) int32(-1);
    else if (m instanceof ByteaParts) {
      const n = m.byteLength;
      total += n;
      int32(n);
      flush();
      for (const p of m.parts) out.push(Buffer.from(p.buffer, p.byteOffset, p.byteLength));
    } else {
      const bytes = typeof m === "string" ? Buffer.from(m, "utf8") : m;
      total += bytes.length;
      int32(bytes.length);
      flush();
      out.push(bytes);
    }
  }
  int16(1);
  int16(0);
  flush();
  const start = Buffer.allocUnsafe(5);
  start[0] = 0x42; // 'B'
  start.writeInt32BE(total, 1);
  return [start, name, ...out];
}

/** Runs the prepared statement `s` on the pool with `values`, ByteaParts among them: its rows. */
export async function queryWithParts<T extends QueryResultRow>(pool: Pool, s: Statement, values: unknown[]): Promise<T[]> {
  const q = new PartsQuery({ name: s.name, text: s.text, values });
  const result = await (pool.query as unknown as (q: unknown) => Promise<{ rows: T[] }>).call(pool, q);
  return result.rows;
}
