// /device: a signed-in person enters (or confirms) a user code, sees the client's name and the
// scopes it asks for, and approves (choosing the key's name and expiry) or denies. The key is
// created when the client exchanges the approved code (POST /v1/auth/token).
import type { Response, Router } from "express";
import {
  MAX_LIVE_KEYS, countLiveKeys, decideDeviceAuthorization, findPendingByUserCode, formatUserCode, normalizeUserCode,
  type DeviceAuthorizationModel as DeviceAuthorization,
} from "@barscript/db";
import { csrfField, errorBox, html } from "./html";
import { field, queryParam, sendPage, type PageContext } from "./context";
import { currentSession, requireSignIn } from "./session";

export const SCOPE_DESCRIPTIONS: Record<string, string> = {
  read: "Read your account, instruments, docs, scripts, versions, events and runs; search the library; validate scripts",
  "scripts:write": "Create, save, rename and delete your scripts",
  "runs:write": "Start and cancel runs; run definitions over history",
};

export const EXPIRY_CHOICES: ReadonlyArray<{ value: string; label: string; days: number | null }> = [
  { value: "30", label: "30 days", days: 30 },
  { value: "90", label: "90 days", days: 90 },
  { value: "365", label: "1 year", days: 365 },
  { value: "never", label: "Never", days: null },
];
const DEFAULT_EXPIRY = "90";

function entryForm(csrf: string, code: string, error?: string) {
  return html`
<p>Enter the code your tool shows. Letters only; the dash and letter case do not matter.</p>
${errorBox(error)}
<form method="post" action="/device">
  ${csrfField(csrf)}
  <label for="user_code">Code</label>
  <input id="user_code" name="user_code" required autocomplete="one-time-code" autocapitalize="characters" spellcheck="false" placeholder="ABCD-EFGH" value="${code}">
  <button class="primary" type="submit">Continue</button>
</form>`;
}

/**
 * A plan without API access (Free, docs/reference/limits-and-plans.md): the key is made, as on the
 * account page, but every call with it is refused 403 plan_limit until the plan changes; said
 * before the person approves (a free account approved and its tool's first call was refused).
 */
function noApiNotice(plan: { name: string; apiAccess: boolean }) {
  return plan.apiAccess ? "" : html`<p class="notice" role="status">Your plan (${plan.name}) has no API access: the tool's calls with this key are refused (plan_limit) until an operator moves the account to a plan with it. The web app works without a key.</p>`;
}

function confirmPage(csrf: string, auth: DeviceAuthorization, account: { handle: string; plan: { name: string; apiAccess: boolean } }, liveKeys: number, error?: string) {
  const atCap = liveKeys >= MAX_LIVE_KEYS;
  const code = formatUserCode(auth.userCode);
  return html`
<p><strong>${auth.clientName}</strong> asks for an API key for your account <strong>${account.handle}</strong>.</p>
<p>Check that your tool shows this code: <span class="code">${code}</span></p>
${noApiNotice(account.plan)}
<h2>It asks to</h2>
<ul>${auth.scopes.map((s) => html`<li><strong>${s}</strong>: ${SCOPE_DESCRIPTIONS[s] ?? s}</li>`)}</ul>
${errorBox(error)}
${atCap
    ? html`<p class="error" role="alert">Your account already holds ${MAX_LIVE_KEYS} API keys that are neither expired nor revoked, the most it can hold,
so you cannot approve another. <a href="/account">Revoke a key on your account page</a>, then come back to this page.</p>`
    : html`
<form method="post" action="/device">
  ${csrfField(csrf)}
  <input type="hidden" name="user_code" value="${code}">
  <label for="key_name">Key name</label>
  <input id="key_name" name="key_name" required maxlength="100" value="${auth.clientName}">
  <label for="expires">Key expires after</label>
  <select id="expires" name="expires">
    ${EXPIRY_CHOICES.map((c) => html`<option value="${c.value}"${c.value === DEFAULT_EXPIRY ? html` selected` : ""}>${c.label}</option>`)}
  </select>
  <button class="primary" type="submit" name="decision" value="approve">Approve</button>
</form>`}
<form method="post" action="/device">
  ${csrfField(csrf)}
  <input type="hidden" name="user_code" value="${code}">
  <button class="danger" type="submit" name="decision" value="deny">Deny</button>
</form>`;
}

export function registerDevice(router: Router, ctx: PageContext): void {
  const { db, clock } = ctx.deps;

  async function showCode(res: Response, typed: string, status = 200, error?: string): Promise<void> {
    const active = currentSession(res);
    if (!active) throw new Error("signed-in page without a session");
    const csrf = ctx.sessions.csrfToken(res);
    const bare = normalizeUserCode(typed);
    if (!bare) return sendPage(ctx, res, 400, "Connect a tool", entryForm(csrf, typed, "A code is 8 letters, like ABCD-EFGH."));
    const auth = await findPendingByUserCode(db, bare, clock.now());
    if (!auth) {
      return sendPage(ctx, res, 404, "Connect a tool", entryForm(csrf, typed,
        "No sign-in is waiting for this code. It may have expired (codes last 15 minutes) or been answered already; start again from your tool."));
    }
    const live = await countLiveKeys(db, active.account.id, clock.now());
    sendPage(ctx, res, status, "Connect a tool", confirmPage(csrf, auth, active.account, live, error));
  }

  router.get("/device", requireSignIn, async (req, res) => {
    const typed = queryParam(req, "user_code").trim();
    if (!typed) return sendPage(ctx, res, 200, "Connect a tool", entryForm(ctx.sessions.csrfToken(res), ""));
    await showCode(res, typed);
  });

  router.post("/device", ctx.sessions.checkCsrf, requireSignIn, async (req, res) => {
    const active = currentSession(res);
    if (!active) throw new Error("signed-in page without a session");
    const typed = field(req, "user_code").trim();
    const decision = field(req, "decision");
    const bare = normalizeUserCode(typed);
    if (decision === "" || !bare) {
      if (!bare) return showCode(res, typed);
      return res.redirect(303, `/device?user_code=${formatUserCode(bare)}`);
    }
    const now = clock.now();
    const gone = (): void => sendPage(ctx, res, 409, "Connect a tool", entryForm(ctx.sessions.csrfToken(res), "",
      "That sign-in is no longer waiting: it expired or was already answered. Start again from your tool."));

    if (decision === "deny") {
      if (!(await decideDeviceAuthorization(db, { userCode: bare, accountId: active.account.id, now, approve: false }))) return gone();
      return sendPage(ctx, res, 200, "Sign-in denied", html`<p class="notice" role="status">Denied. The tool will not get a key. You can close this page.</p>`);
    }
    if (decision !== "approve") return showCode(res, typed, 400, "Choose Approve or Deny.");

    const keyName = field(req, "key_name").trim();
    if (keyName.length === 0 || keyName.length > 100) return showCode(res, typed, 400, "A key name is 1 to 100 characters.");
    const choice = EXPIRY_CHOICES.find((c) => c.value === field(req, "expires"));
    if (!choice) return showCode(res, typed, 400, "Choose when the key expires.");
    if ((await countLiveKeys(db, active.account.id, now)) >= MAX_LIVE_KEYS) return showCode(res, typed, 409);
    const keyExpiresAt = choice.days === null ? null : new Date(now.getTime() + choice.days * 86_400_000);
    const approved = await decideDeviceAuthorization(db, { userCode: bare, accountId: active.account.id, now, approve: true, keyName, keyExpiresAt });
    if (!approved) return gone();
    sendPage(ctx, res, 200, "Sign-in approved", html`
<p class="notice" role="status">Approved. Return to your tool: it will receive its key named <strong>${keyName}</strong> within a few seconds.</p>
${noApiNotice(active.account.plan)}
<p>You can see and revoke your keys on <a href="/account">your account page</a>.</p>`);
  });
}
