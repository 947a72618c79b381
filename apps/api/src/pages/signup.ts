// /signup: handle, email, password (at least 12 characters). A new account goes on the waitlist.
// An email already registered gets exactly the same answer as a new one (same status, same
// page, a password hashed either way), so the page never tells whether an address exists.
import type { Router } from "express";
import { AccountsError, HANDLE_RULE, MIN_PASSWORD_LENGTH, checkHandle, createAccount, hashPassword, normalizeEmail } from "@barscript/db";
import { csrfField, errorBox, html } from "./html";
import { field, sendPage, type PageContext } from "./context";
import { currentSession } from "./session";

interface SignupForm {
  handle: string;
  email: string;
}

function form(ctx: PageContext, csrf: string, values: SignupForm, error?: string) {
  return html`
<p>New accounts start on the waitlist; an operator admits them and sets their plan.</p>
${errorBox(error)}
<form method="post" action="/signup">
  ${csrfField(csrf)}
  <label for="handle">Handle</label>
  <input id="handle" name="handle" required minlength="2" maxlength="39" pattern="[a-z0-9][a-z0-9\\-]{1,38}" autocomplete="username" value="${values.handle}" aria-describedby="handle-hint">
  <p class="hint" id="handle-hint">Your public name: ${HANDLE_RULE}.</p>
  <label for="email">Email</label>
  <input id="email" name="email" type="email" required autocomplete="email" value="${values.email}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" required minlength="${MIN_PASSWORD_LENGTH}" autocomplete="new-password" aria-describedby="password-hint">
  <p class="hint" id="password-hint">At least ${MIN_PASSWORD_LENGTH} characters.</p>
  <button class="primary" type="submit">Sign up</button>
</form>
<p>Already have an account? <a href="/login">Sign in</a>.</p>`;
}

const DONE = html`
<p class="notice" role="status">Thank you. Your sign-up is recorded and the account is on the waitlist.</p>
<p>An operator admits accounts from the waitlist. Once yours is admitted you can <a href="/login">sign in</a>
and approve the command-line client or another tool on <a href="/device">/device</a>.</p>`;

export function registerSignup(router: Router, ctx: PageContext): void {
  router.get("/signup", (_req, res) => {
    if (currentSession(res)) return res.redirect(303, "/account");
    sendPage(ctx, res, 200, "Sign up", form(ctx, ctx.sessions.csrfToken(res), { handle: "", email: "" }));
  });

  router.post("/signup", ctx.sessions.checkCsrf, async (req, res) => {
    const values = { handle: field(req, "handle").trim(), email: field(req, "email").trim() };
    const password = field(req, "password");
    const refuse = (status: number, message: string): void =>
      sendPage(ctx, res, status, "Sign up", form(ctx, ctx.sessions.csrfToken(res), values, message));

    // Checks that depend only on what was typed come first; none reveals an existing email.
    try {
      checkHandle(values.handle);
    } catch (error) {
      if (error instanceof AccountsError) return refuse(400, error.message);
      throw error;
    }
    let email: string;
    try {
      email = normalizeEmail(values.email);
    } catch {
      return refuse(400, "That is not an email address.");
    }
    if (password.length < MIN_PASSWORD_LENGTH) return refuse(400, `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
    // Handles are public (they name library scripts), so a taken one may be said; it is checked
    // before the email so the answer is the same whether or not the email is known.
    if (await ctx.deps.db.account.findUnique({ where: { handle: values.handle }, select: { id: true } })) {
      return refuse(409, `The handle "${values.handle}" is taken; choose another.`);
    }

    const known = await ctx.deps.db.account.findUnique({ where: { email }, select: { id: true } });
    if (known) {
      await hashPassword(password); // the same work as a real sign-up, so timing tells nothing either
    } else {
      try {
        await createAccount(ctx.deps.db, { email, password, handle: values.handle });
      } catch (error) {
        if (!(error instanceof AccountsError)) throw error;
        if (error.reason === "handle_taken") return refuse(409, `The handle "${values.handle}" is taken; choose another.`);
        if (error.reason !== "email_taken") return refuse(400, error.message);
        // email_taken: registered concurrently; answered like any known email.
      }
    }
    sendPage(ctx, res, 200, "Sign up", DONE);
  });
}
