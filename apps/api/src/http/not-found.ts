import type { RequestHandler } from "express";
import { ApiError } from "@barscript/contracts";

export const notFound: RequestHandler = (req, _res, next) => {
  // originalUrl, not path: under the /v1 router `req.path` has lost its `/v1` prefix.
  const path = req.originalUrl.split("?")[0] ?? req.path;
  next(new ApiError("not_found", `No such endpoint: ${req.method} ${path}.`));
};
