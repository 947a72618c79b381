// Every /v1 resource router, in one list. A feature adds its module here.
import type { Router } from "express";
import type { AppDeps } from "../deps";
import { registerDeviceRoutes } from "./device";

export type RouteModule = (router: Router, deps: AppDeps) => void;

export const ROUTE_MODULES: RouteModule[] = [
  registerDeviceRoutes,
];
