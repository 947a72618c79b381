// Every router of the service matches paths as written: the base path is `/v1` and any other path
// is 404 (docs/reference/api.md "Outside /v1"), while Express ignores case unless told, so
// `/V1/ME` and `/OPENAPI.JSON` answered as `/v1/me` and `/openapi.json` (docs/adr/0333).
import { Router } from "express";

export function pathRouter(): Router {
  return Router({ caseSensitive: true });
}
