// Sessions and CSRF for the pages. The session cookie holds a random token (its SHA-256 is the
// web_sessions row); it is HttpOnly, SameSite=Lax, and Secure when PUBLIC_URL is https.
// CSRF tokens are an HMAC (APP_SECRET) of the session id, or before sign-in of a random
// per-browser value kept in its own cookie; every POST is checked against it.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { CookieOptions, Request, RequestHandler, Response } from "express";
import { createWebSession, deleteWebSession, findWebSession, SESSION_TTL_SECONDS, type ActiveSession } from "@barscript/db";
import type { AppDeps } from "../deps";
import { PageError } from "./errors";

export const SESSION_COOKIE = "bs_session";
export const ANON_COOKIE = "bs_csrf";

export function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

interface PageState {
  active: ActiveSession | null;
  /** The value CSRF tokens are derived from: the session id, or the anonymous cookie's value. */
  csrfSubject: string | null;
}

function state(res: Response): PageState {
  const found = res.locals["page"] as PageState | undefined;
  if (!found) throw new Error("page reached without the session middleware");
  return found;
}

export function currentSession(res: Response): ActiveSession | null {
  return state(res).active;
}

/** The CSRF token of a subject (`session:<id>` or `anon:<value>`): forms and the web app's calls carry it. */
export function signCsrf(appSecret: string, subject: string): string {
  return createHmac("sha256", appSecret).update(`csrf:${subject}`).digest("base64url");
}

/** Constant-time comparison of a presented token with the expected one. */
export function sameToken(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface SessionTools {
  /** Loads the session (or the anonymous CSRF value, creating it for a GET) onto the response. */
  load: RequestHandler;
  /** Refuses a POST whose `csrf` field does not match (403 page). */
  checkCsrf: RequestHandler;
  csrfToken(res: Response): string;
  signIn(res: Response, accountId: string): Promise<void>;
  signOut(res: Response): Promise<void>;
}

export function sessionTools(deps: AppDeps): SessionTools {
  const secure = deps.config.publicUrl.startsWith("https://");
  const base: CookieOptions = { httpOnly: true, sameSite: "lax", secure, path: "/" };
  const sign = (subject: string): string => signCsrf(deps.config.appSecret, subject);

  const csrfToken = (res: Response): string => {
    const subject = state(res).csrfSubject;
    if (!subject) throw new Error("no CSRF subject for this response");
    return sign(subject);
  };

  return {
    load: async (req, res, next) => {
      const token = readCookie(req, SESSION_COOKIE);
      const active = token ? await findWebSession(deps.db, token, deps.clock.now()) : null;
      if (active) {
        res.locals["page"] = { active, csrfSubject: `session:${active.session.id}` } satisfies PageState;
        return next();
      }
      if (token) res.clearCookie(SESSION_COOKIE, base);
      let anon = readCookie(req, ANON_COOKIE);
      if ((!anon || !/^[A-Za-z0-9_-]{43}$/.test(anon)) && req.method === "GET") {
        anon = randomBytes(32).toString("base64url");
        res.cookie(ANON_COOKIE, anon, base);
      }
      res.locals["page"] = { active: null, csrfSubject: anon ? `anon:${anon}` : null } satisfies PageState;
      next();
    },

    checkCsrf: (req, res, next) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const given = typeof body["csrf"] === "string" ? body["csrf"] : "";
      const subject = state(res).csrfSubject;
      if (!subject || !sameToken(sign(subject), given)) {
        return next(new PageError(403, "Form expired", "This form was missing its security token or it did not match. Go back, reload the page and try again."));
      }
      next();
    },

    csrfToken,

    async signIn(res, accountId) {
      const { token, session } = await createWebSession(deps.db, accountId, deps.clock.now());
      res.cookie(SESSION_COOKIE, token, { ...base, maxAge: SESSION_TTL_SECONDS * 1000 });
      state(res).csrfSubject = `session:${session.id}`;
    },

    async signOut(res) {
      const active = state(res).active;
      if (active) await deleteWebSession(deps.db, active.session.id);
      res.clearCookie(SESSION_COOKIE, base);
    },
  };
}

/** A local path to return to after sign-in; anything else (other hosts, `//x`) is /account. */
export function safeNext(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/account";
  if (/[\r\n]/.test(value) || value.length > 2000) return "/account";
  return value;
}

/** Signed-in only: others are sent to /login?next=<this page>. */
export const requireSignIn: RequestHandler = (req, res, next) => {
  if (currentSession(res)) return next();
  const target = req.method === "GET" ? req.originalUrl : req.path;
  res.redirect(303, `/login?next=${encodeURIComponent(target)}`);
};
