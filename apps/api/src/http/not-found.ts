import type { RequestHandler } from "express";
import { ApiError } from "@barscript/contracts";

export const notFound: RequestHandler = (req, _res, next) => {
  next(new ApiError("not_found", `No such endpoint: ${req.method} ${req.path}.`));
};
