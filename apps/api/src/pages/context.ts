// What every page handler is given, and how a page is sent.
import type { Request, Response } from "express";
import type { AppDeps } from "../deps";
import { layout, type Html } from "./html";
import { currentSession, type SessionTools } from "./session";
import type { LoginThrottle } from "./throttle";

export interface PageContext {
  deps: AppDeps;
  sessions: SessionTools;
  loginThrottle: LoginThrottle;
}

export function sendPage(ctx: PageContext, res: Response, status: number, title: string, body: Html, wide = false): void {
  const active = currentSession(res);
  const signedIn = active ? { handle: active.account.handle, csrf: ctx.sessions.csrfToken(res) } : undefined;
  res.status(status).type("html").setHeader("Cache-Control", "no-store");
  res.send(layout({ title, signedIn, body, wide }));
}

/** A form field as a string ("" when absent). */
export function field(req: Request, name: string): string {
  const value = ((req.body ?? {}) as Record<string, unknown>)[name];
  return typeof value === "string" ? value : "";
}

/** A query parameter as a string ("" when absent or repeated). */
export function queryParam(req: Request, name: string): string {
  const value = req.query[name];
  return typeof value === "string" ? value : "";
}
