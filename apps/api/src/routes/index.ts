// Every /v1 resource router, in one list. A feature adds its module here.
import type { Router } from "express";
import type { AppDeps } from "../deps";
import { registerDeviceRoutes } from "./device";
import { registerKeys } from "./keys";
import { registerMe } from "./me";
import { registerRevoke } from "./revoke";
import { registerUsage } from "./usage";
import { registerWebhooks } from "./webhooks";
import { registerRuns } from "./runs";
import { registerScriptRoutes } from "./scripts";
import { registerLibraryRoutes } from "./library";
import { registerDocsRoutes } from "./docs";
import { registerInstrumentRoutes } from "./instruments";
import { registerCollectRoutes } from "./collect";
import { registerEventRoutes } from "./events";
import { registerSweepRoutes } from "./sweeps";

export type RouteModule = (router: Router, deps: AppDeps) => void;

export const ROUTE_MODULES: RouteModule[] = [
  registerDeviceRoutes,
  registerMe,
  registerUsage,
  registerKeys,
  registerRevoke,
  registerWebhooks,
  registerRuns,
  registerDocsRoutes,
  registerScriptRoutes,
  registerLibraryRoutes,
  registerInstrumentRoutes,
  registerCollectRoutes,
  registerEventRoutes,
  registerSweepRoutes,
];
