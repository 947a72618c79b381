// One HTTP exchange over a raw socket: the bytes are sent exactly as given (no client library
// normalising the path, headers or framing), and the answer is read until the server closes.
import { connect } from "node:net";

export interface RawAnswer {
  /** 0 when the server closed without a status line; -1 when it did not answer in time. */
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function exchange(port: number, bytes: Buffer, timeoutMs = 15_000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (timedOut: boolean): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      if (timedOut) return resolve({ status: -1, headers: {}, body: "" });
      resolve(parse(Buffer.concat(chunks)));
    };
    const timer = setTimeout(() => finish(true), timeoutMs);
    socket.on("connect", () => socket.write(bytes));
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("end", () => finish(false));
    socket.on("close", () => finish(false));
    socket.on("error", () => finish(false));
  });
}

function parse(data: Buffer): RawAnswer {
  const text = data.toString("latin1");
  const head = text.indexOf("\r\n\r\n");
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
  if (!match || head < 0) return { status: 0, headers: {}, body: text };
  const headers: Record<string, string> = {};
  for (const line of text.slice(0, head).split("\r\n").slice(1)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = data.subarray(Buffer.byteLength(text.slice(0, head + 4), "latin1"));
  if (/chunked/i.test(headers["transfer-encoding"] ?? "")) body = dechunk(body);
  return { status: Number(match[1]), headers, body: body.toString("utf8") };
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const end = data.indexOf("\r\n", at);
    if (end < 0) break;
    const size = parseInt(data.subarray(at, end).toString("latin1"), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(data.subarray(end + 2, end + 2 + size));
    at = end + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** A request as bytes: request line, headers (in order, duplicates allowed), body. */
export function request(method: string, target: string, headers: Array<[string, string]>, body: Buffer | string = "", version = "HTTP/1.1"): Buffer {
  const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  const head = `${method} ${target} ${version}\r\n${headers.map(([n, v]) => `${n}: ${v}\r\n`).join("")}\r\n`;
  return Buffer.concat([Buffer.from(head, "latin1"), bytes]);
}
