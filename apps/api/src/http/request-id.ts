// Handling order, step 1 (docs/reference/api.md "Conventions"): `X-Request-Id` echoed when the client sends one of at most
// 128 visible characters, else generated; present on every answer.
import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";

const VISIBLE = /^[\x21-\x7e]{1,128}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && VISIBLE.test(value) ? value : randomUUID();
}

export const requestId: RequestHandler = (req, res, next) => {
  const id = requestIdFrom(req.headers["x-request-id"]);
  res.locals["requestId"] = id;
  res.setHeader("X-Request-Id", id);
  next();
};
