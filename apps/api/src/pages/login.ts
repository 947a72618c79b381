// /login (email + password, throttled) and /logout (POST with its CSRF token).
import type { Router } from "express";
import { AccountsError, findAccountByEmail, verifyPassword, hashPassword } from "@barscript/db";
import { clientIp } from "../auth";
import { csrfField, errorBox, html } from "./html";
import { field, queryParam, sendPage, type PageContext } from "./context";
import { currentSession, requireSignIn, safeNext } from "./session";

// Verified against when the email is unknown, so a wrong email costs as much time as a wrong password.
let dummyHash: Promise<string> | undefined;
function dummy(): Promise<string> {
  dummyHash ??= hashPassword("not-a-real-password-for-timing-only");
  return dummyHash;
}

function form(csrf: string, next: string, email: string, error?: string) {
  return html`
${errorBox(error)}
<form method="post" action="/login">
  ${csrfField(csrf)}
  <input type="hidden" name="next" value="${next}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" required autocomplete="username" value="${email}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" required autocomplete="current-password">
  <button class="primary" type="submit">Sign in</button>
</form>
<p>No account yet? <a href="/signup">Sign up</a>.</p>`;
}

export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

export function registerLogin(router: Router, ctx: PageContext): void {
  router.get("/login", (req, res) => {
    const next = safeNext(queryParam(req, "next"));
    if (currentSession(res)) return res.redirect(303, next);
    sendPage(ctx, res, 200, "Sign in", form(ctx.sessions.csrfToken(res), next, ""));
  });

  router.post("/login", ctx.sessions.checkCsrf, async (req, res) => {
    const next = safeNext(field(req, "next"));
    const email = field(req, "email").trim();
    const password = field(req, "password");
    const ip = clientIp(req);
    const again = (status: number, message: string): void =>
      sendPage(ctx, res, status, "Sign in", form(ctx.sessions.csrfToken(res), next, email, message));

    const wait = await ctx.loginThrottle.blockedFor(email, ip);
    if (wait > 0) {
      res.setHeader("Retry-After", String(wait));
      const at = new Date(Date.now() + wait * 1000).toISOString().slice(11, 16);
      return again(429, `Too many failed sign-ins. Try again in ${describeWait(wait)} (after ${at} UTC).`);
    }

    const account = await findAccountByEmail(ctx.deps.db, email).catch((error: unknown) => {
      if (error instanceof AccountsError) return null; // unknown or malformed email: a failure like any other
      throw error;
    });
    const ok = account ? await verifyPassword(password, account.passwordHash) : (await verifyPassword(password, await dummy()), false);
    if (!account || !ok) {
      await ctx.loginThrottle.recordFailure(email, ip);
      return again(401, "The email or the password is wrong.");
    }
    await ctx.sessions.signIn(res, account.id);
    res.redirect(303, next);
  });

  router.get("/logout", requireSignIn, (_req, res) => {
    sendPage(ctx, res, 200, "Sign out", html`
<form method="post" action="/logout">
  ${csrfField(ctx.sessions.csrfToken(res))}
  <p>Sign out of Barscript in this browser? API keys stay valid.</p>
  <button type="submit">Sign out</button>
</form>`);
  });

  router.post("/logout", ctx.sessions.checkCsrf, async (_req, res) => {
    await ctx.sessions.signOut(res);
    res.redirect(303, "/login");
  });
}
