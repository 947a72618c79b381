// Every /v1 resource router, in one list. A feature adds its module here.
import type { Router } from "express";
import type { AppDeps } from "../deps";

export type RouteModule = (router: Router, deps: AppDeps) => void;

export const ROUTE_MODULES: RouteModule[] = [];
