// The browser pages outside /v1: /signup, /login, /logout, /device, /account. Server-rendered,
// no scripts; helmet's security headers (CSP default-src 'self', the one CSS block allowed by
// its hash); server-side sessions; a CSRF token checked on every POST. Mount with
// createApp(deps, { outside: [signinPages(deps)] }).
import type { ErrorRequestHandler, Router } from "express";
import { pathRouter } from "../http/router";
import helmet from "helmet";
import type { AppDeps } from "../deps";
import { sendPage, type PageContext } from "./context";
import { PageError } from "./errors";
import { CSS_HASH, html } from "./html";
import { registerAccount } from "./account";
import { registerDevice } from "./device";
import { registerLogin } from "./login";
import { sessionTools } from "./session";
import { registerSignup } from "./signup";
import { createLoginThrottle } from "./throttle";

export const PAGE_PATH = /^\/(signup|login|logout|device|account)(\/|$)/;

export function signinPages(deps: AppDeps): Router {
  const https = deps.config.publicUrl.startsWith("https://");
  const ctx: PageContext = {
    deps,
    sessions: sessionTools(deps),
    loginThrottle: createLoginThrottle(deps.redis, deps.config.redisPrefix),
  };
  const router = pathRouter();

  // Everything else (/v1, health, ...) leaves this router untouched.
  router.use((req, _res, next) => next(PAGE_PATH.test(req.path) ? undefined : "router"));
  router.use(helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        styleSrc: ["'self'", `'${CSS_HASH}'`],
        scriptSrc: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https,
  }));
  router.use(ctx.sessions.load);

  registerSignup(router, ctx);
  registerLogin(router, ctx);
  registerDevice(router, ctx);
  registerAccount(router, ctx);

  const renderError: ErrorRequestHandler = (error: unknown, _req, res, next) => {
    if (res.headersSent) return next(error);
    if (error instanceof PageError) return sendPage(ctx, res, error.status, error.title, html`<p class="error" role="alert">${error.message}</p>`);
    // A path parameter the router could not percent-decode: the client's mistake, not ours.
    if (error instanceof URIError) return sendPage(ctx, res, 400, "Bad address", html`<p class="error" role="alert">This address is not valid.</p>`);
    deps.logger.error({ err: error, requestId: res.locals["requestId"] }, "page failed");
    sendPage(ctx, res, 500, "Something went wrong", html`<p class="error" role="alert">Something went wrong on our side. Try again in a moment.</p>`);
  };
  router.use(renderError);
  return router;
}
