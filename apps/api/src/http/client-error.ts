// Requests Node's HTTP parser refuses before Express sees them (malformed request line or
// headers, headers too large, a timeout): answered in the JSON error envelope, not Node's empty 400.
import type { Server } from "node:http";
import type { Duplex } from "node:stream";
import { ApiError, errorEnvelope } from "@barscript/contracts";

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

export function answerClientErrors(server: Server): void {
  server.on("clientError", (error: ParserError, socket: Duplex) => {
    // A connection the client reset has nobody to answer.
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    const { status, text, message } = statusOf(error.code);
    const body = JSON.stringify(errorEnvelope(new ApiError("invalid_request", message, { status })));
    socket.end(
      `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
