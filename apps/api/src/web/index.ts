// Pages for people outside /v1 besides sign-in (ADR 0035): the landing page and public docs
// (site.ts), the shared CSS and favicon, and the web app: Vite's build of apps/web served under
// /app/ (assets with long caching; every stable address of the web app answered with the app's
// index.html, which carries the session's CSRF token), plus its own calls under /app/api/.
// Mount with createApp(deps, { outside: [webPages(deps)] }).
import { resolve } from "node:path";
import express, { type ErrorRequestHandler, type Request, type Response, type Router } from "express";
import { pathRouter } from "../http/router";
import helmet from "helmet";
import { ApiError } from "@barscript/contracts";
import type { AppDeps } from "../deps";
import { sendPage, type PageContext } from "../pages/context";
import { PageError } from "../pages/errors";
import { CSS, CSS_HASH, FAVICON_SVG, escapeHtml, html } from "../pages/html";
import { currentSession, requireSignIn, sessionTools } from "../pages/session";
import { createLoginThrottle } from "../pages/throttle";
import { runsContext } from "../runs/context";
import { appApi } from "./app-api";
import { indexHtmlReader } from "./index-html";
import { appPageStatus } from "./page-status";
import { registerSite } from "./site";

/** Where `npm run build:web` writes the app (apps/web/build). */
export const WEB_BUILD_DIR = resolve(__dirname, "../../../web/build");
const WEB_PATH = /^\/(docs(\/|$)|app(\/|$)|favicon\.svg$|site\.css$|$)/;

/** What a waitlisted account sees at every address of the app. */
function waitlistPage(handle: string) {
  return html`
<p class="notice" role="status">The account <strong>${handle}</strong> is signed in and waits on the waitlist: the app and the API open once an operator admits it.</p>
<h2>What to do</h2>
<ul>
  <li>Nothing more is needed from you: an operator admits accounts from the waitlist and gives each a plan.</li>
  <li>Once yours is admitted, reload this page (or <a href="/app/">open the app</a>); you stay signed in.</li>
  <li>Meanwhile you can <a href="/docs">read the docs</a> or see <a href="/account">your account</a>.</li>
</ul>`;
}

export function webPages(deps: AppDeps, options: { buildDir?: string } = {}): Router {
  const https = deps.config.publicUrl.startsWith("https://");
  const buildDir = options.buildDir ?? WEB_BUILD_DIR;
  const ctx: PageContext = { deps, sessions: sessionTools(deps), loginThrottle: createLoginThrottle(deps.redis, deps.config.redisPrefix) };
  const runs = runsContext(deps);
  const readIndexHtml = indexHtmlReader(buildDir);
  const router = pathRouter();

  router.use((req, _res, next) => next(WEB_PATH.test(req.path) ? undefined : "router"));
  const common = { defaultSrc: ["'self'"], objectSrc: ["'none'"], baseUri: ["'none'"], formAction: ["'self'"], frameAncestors: ["'none'"], ...(https ? { upgradeInsecureRequests: [] } : {}) };
  const pageHeaders = helmet({ contentSecurityPolicy: { useDefaults: false, directives: { ...common, styleSrc: ["'self'", `'${CSS_HASH}'`], scriptSrc: ["'none'"] } }, strictTransportSecurity: https });
  // The app: its own bundled scripts only; the editor and chart set element styles at run time.
  const appHeaders = helmet({ contentSecurityPolicy: { useDefaults: false, directives: { ...common, scriptSrc: ["'self'"], styleSrc: ["'self'", "'unsafe-inline'"], imgSrc: ["'self'", "data:", "blob:"], connectSrc: ["'self'"] } }, strictTransportSecurity: https });
  router.use((req, res, next) => (req.path.startsWith("/app") ? appHeaders : pageHeaders)(req, res, next));

  router.get("/favicon.svg", (_req, res) => { res.type("image/svg+xml").setHeader("Cache-Control", "public, max-age=86400"); res.send(FAVICON_SVG); });
  router.get("/site.css", (_req, res) => { res.type("text/css").setHeader("Cache-Control", "public, max-age=3600"); res.send(CSS); });

  router.use("/app/api", appApi(deps), (req, _res, next) => {
    next(new ApiError("not_found", `No app endpoint ${req.method} ${JSON.stringify(req.path)}.`));
  });
  router.use("/app/assets", express.static(resolve(buildDir, "assets"), { immutable: true, maxAge: "365d", index: false }), (req, _res, next) => {
    next(new ApiError("not_found", `No asset ${JSON.stringify(req.path)}.`));
  });

  router.use(ctx.sessions.load);
  registerSite(router, ctx);

  // Every other /app address is the app itself, for a signed-in person. No capture group: Express
  // would decode it as a parameter and refuse a malformed escape before the app could say 404.
  router.get(/^\/app(?:\/.*)?$/, requireSignIn, async (req: Request, res: Response) => {
    const indexHtml = readIndexHtml();
    if (indexHtml === null) throw new ApiError("busy", "The web app is not built on this server: run `npm run build:web`.", { status: 503 });
    const active = currentSession(res);
    if (!active) throw new Error("signed-in page without a session");
    // Every call of the app refuses a waitlisted account (403 forbidden, app-session.ts): one
    // page that says so and what to do, instead of the app's pages each showing that refusal
    // (docs/adr/0215-waitlist-page-instead-of-the-app.md).
    if (active.account.status === "waitlist") return sendPage(ctx, res, 403, "Your account is on the waitlist", waitlistPage(active.account.handle));
    // A page the person may not see answers as the API would; the app says so (page-status.ts).
    const auth = { accountId: active.account.id, handle: active.account.handle, keyId: "", scopes: [], planName: "" };
    const status = await appPageStatus(runs, auth, req.path, req.query);
    const page = indexHtml
      .replace("__CSRF_TOKEN__", escapeHtml(ctx.sessions.csrfToken(res)))
      .replace("__HANDLE__", escapeHtml(active.account.handle));
    res.status(status).type("html").setHeader("Cache-Control", "no-store");
    res.send(page);
  });

  const renderError: ErrorRequestHandler = (error: unknown, req, res, next) => {
    // Pages for people render as pages; the app's calls and assets keep the JSON envelope.
    if (res.headersSent || req.path.startsWith("/app")) return next(error);
    // The answer depends on Accept, so caches must key on it (RFC 9110 section 12.5.5; docs/adr/0287).
    res.vary("Accept");
    // Every error outside /v1 uses the JSON envelope (docs/reference/api.md); only a client that
    // prefers HTML over JSON (a browser's Accept) gets the page. `*/*` or no Accept: JSON.
    const browser = req.accepts(["json", "html"]) === "html";
    // A typed address with a malformed percent escape (`/docs/%E0%A4%A`): Express refuses it while
    // decoding the route's parameter (docs/adr/0199).
    if (error instanceof URIError && browser) return sendPage(ctx, res, 400, "Bad request", html`<p class="error" role="alert">The address is not valid percent-encoded UTF-8. The docs are at <a href="/docs">/docs</a>.</p>`);
    if (!(error instanceof PageError)) return next(error);
    if (!browser) return next(new ApiError("not_found", error.message));
    sendPage(ctx, res, error.status, error.title, html`<p class="error" role="alert">${error.message}</p>`);
  };
  router.use(renderError);
  return router;
}
