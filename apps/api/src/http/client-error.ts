// Requests Node's HTTP parser refuses before Express sees them (malformed request line or
// headers, headers too large, a timeout): answered in the JSON error envelope, not Node's empty 400.
import type { Server } from "node:http";
import type { Duplex } from "node:stream";
import { ApiError, errorEnvelope } from "@barscript/contracts";
import { requestIdFrom } from "./request-id";

interface ParserError extends Error {
  code?: string;
}

function statusOf(code: string | undefined): { status: number; text: string; message: string } {
  switch (code) {
    case "HPE_HEADER_OVERFLOW":
      return { status: 431, text: "Request Header Fields Too Large", message: "The request's headers are too large." };
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return { status: 408, text: "Request Timeout", message: "The request was not received in time." };
    default:
      return { status: 400, text: "Bad Request", message: "The request is not valid HTTP/1.1." };
  }
}

/** Every answer carries `X-Request-Id` (docs/reference/api.md "Conventions"): the client's when its headers were read, else a new one (docs/adr/0287). */
function envelopeResponse(status: number, text: string, message: string, requestId: string, extra = ""): string {
  const body = JSON.stringify(errorEnvelope(new ApiError("invalid_request", message, { status })));
  return `HTTP/1.1 ${status} ${text}\r\nX-Request-Id: ${requestId}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}Connection: close\r\n\r\n${body}`;
}

export function answerClientErrors(server: Server): void {
  // CONNECT (a proxy tunnel) reaches a 'connect' listener, not the app; without one Node drops the socket.
  server.on("connect", (req, socket: Duplex) => {
    socket.on("error", () => undefined);
    socket.end(envelopeResponse(405, "Method Not Allowed", "CONNECT is not supported.", requestIdFrom(req.headers["x-request-id"]), "Allow: GET, POST, PUT, PATCH, DELETE\r\n"));
  });
  server.on("clientError", (error: ParserError, socket: Duplex) => {
    // A connection the client reset has nobody to answer.
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    const { status, text, message } = statusOf(error.code);
    socket.end(envelopeResponse(status, text, message, requestIdFrom(undefined)));
  });
}
