// The pool's sockets read into one buffer of their own
// (docs/adr/0148-pool-sockets-read-into-their-own-buffer.md). A Node socket puts every read into a
// fresh ArrayBuffer, and V8 counts those bytes as external memory: once they pass a limit set at
// the last full collection it runs a mark-compact of the whole heap ("external memory
// pressure"), however little of it is garbage. A results page of 50,000 points reads about 1.2 MB
// from Postgres, so a few dozen pages were enough for one. Here each read lands in the socket's
// own buffer: a reader set with `readViews` (copyOutFromSocket) is handed views of it, valid
// until it returns, and copies what it keeps; otherwise the `data` listeners (the driver's
// parser, which keeps a message's unparsed tail for the next read) get a copy, as small as the
// read (from Node's shared pool below 4 KB).
import { Socket, type OnReadOpts, type SocketConstructorOpts } from "node:net";

/** The most one read takes (Node's own reads are at most 64 KB too). */
const READ_BUFFER_BYTES = 64 * 1024;

/** Called with each read as a view of the socket's buffer, overwritten by the next read. */
export type ViewReader = (view: Buffer) => void;

export interface ViewReadable {
  /** Hands the socket's reads to `reader` as views, and emits no `data`, until called with null. */
  readViews(reader: ViewReader | null): void;
}

/** A TCP socket whose reads go into one buffer of its own (connect it as any net.Socket). */
export function ownBufferSocket(): Socket & ViewReadable {
  const buffer = Buffer.allocUnsafeSlow(READ_BUFFER_BYTES);
  let reader: ViewReader | null = null;
  const onread: OnReadOpts = {
    buffer,
    // true: keep reading (false would stop the socket's reads until resumed)
    callback: (bytes: number): boolean => {
      const view = buffer.subarray(0, bytes);
      if (reader) reader(view);
      else socket.emit("data", Buffer.from(view));
      return true;
    },
  };
  // Node takes `onread` in the constructor's options as well (its net docs); the types list it
  // for connect() only.
  const socket = new Socket({ onread } as SocketConstructorOpts) as Socket & ViewReadable;
  socket.readViews = (next) => {
    reader = next;
  };
  return socket;
}

/**
 * The pg pool's `stream` option: an own-buffer socket, or Node's own when the connection uses
 * TLS (the TLS layer then reads the socket's handle itself, and the driver replaces the stream).
 * The driver calls it with its connection's settings (pg's types leave the argument out).
 */
export function poolSocket(config?: { ssl?: unknown }): Socket {
  return config?.ssl ? new Socket() : ownBufferSocket();
}
