// One `COPY ... TO STDOUT` on a pg client, its CopyData messages handed to the caller as they
// arrive. node-postgres has no public API for a COPY out without the pg-copy-streams package;
// its client accepts any object with the Submittable shape, which is what this is. Used by the
// bar store's reads (@barscript/marketdata copy.ts) and the API's results pages (page-copy.ts).
import type { Connection } from "pg";

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
