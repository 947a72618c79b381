// /account: the signed-in person's plan, usage numbers, and API keys with revoke buttons.
import type { Router } from "express";
import { MAX_LIVE_KEYS, countLiveKeys, countUsage, listApiKeys, revokeApiKey, type ApiKeyModel as ApiKey } from "@barscript/db";
import { csrfField, html } from "./html";
import { queryParam, sendPage, type PageContext } from "./context";
import { currentSession, requireSignIn } from "./session";
import { authChangesOf } from "../auth/changes";

const number = new Intl.NumberFormat("en-US");
const KEYS_SHOWN = 200;

function day(date: Date | null): string {
  return date ? date.toISOString().slice(0, 16).replace("T", " ") + " UTC" : "";
}

function keyState(key: ApiKey, now: Date): "active" | "expired" | "revoked" {
  if (key.revokedAt) return "revoked";
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) return "expired";
  return "active";
}

export function registerAccount(router: Router, ctx: PageContext): void {
  const { db, clock } = ctx.deps;

  router.get("/account", requireSignIn, async (req, res) => {
    const active = currentSession(res);
    if (!active) throw new Error("signed-in page without a session");
    const { account } = active;
    const plan = account.plan;
    const now = clock.now();
    const [usage, live, page] = await Promise.all([
      countUsage(db, account.id, now),
      countLiveKeys(db, account.id, now),
      listApiKeys(db, account.id, { limit: KEYS_SHOWN }),
    ]);
    const csrf = ctx.sessions.csrfToken(res);
    const revoked = queryParam(req, "revoked");
    const rows: Array<[string, number, number]> = [
      ["Scripts", usage.scripts, plan.scriptsCap],
      ["Definitions", usage.definitions, plan.definitionsCap],
      ["Events this month", usage.events, plan.eventsPerMonth],
      ["Compute units this month", usage.computeUnits, plan.computeUnitsPerMonth],
    ];

    sendPage(ctx, res, 200, "Your account", html`
${revoked ? html`<p class="notice" role="status">Key ${revoked} is revoked.</p>` : ""}
<dl>
  <dt>Handle</dt><dd>${account.handle}</dd>
  <dt>Email</dt><dd>${account.email}</dd>
  <dt>Status</dt><dd>${account.status === "waitlist" ? "On the waitlist (an operator admits accounts)" : "Active"}</dd>
  <dt>Plan</dt><dd>${plan.name}${plan.apiAccess ? "" : " (no API access)"}</dd>
</dl>
<h2>Usage</h2>
<table>
  <caption>From ${day(usage.period.start)} to ${day(usage.period.end)}</caption>
  <thead><tr><th scope="col">What</th><th scope="col">Used</th><th scope="col">Limit</th></tr></thead>
  <tbody>
    ${rows.map(([what, used, limit]) => html`<tr><th scope="row">${what}</th><td>${number.format(used)}</td><td>${number.format(limit)}</td></tr>`)}
    <tr><th scope="row">Requests a minute</th><td></td><td>${plan.apiAccess ? number.format(plan.requestsPerMinute) : "none"}</td></tr>
    <tr><th scope="row">Runs at once</th><td></td><td>${number.format(plan.concurrentRuns)}</td></tr>
    <tr><th scope="row">Run time limit</th><td></td><td>${plan.runTimeLimitSeconds} s</td></tr>
    <tr><th scope="row">History from</th><td></td><td>${plan.historyStart ? plan.historyStart.toISOString().slice(0, 10) : "every stored bar"}</td></tr>
  </tbody>
</table>
<h2>API keys</h2>
<p>${live} of ${MAX_LIVE_KEYS} keys in use (expired and revoked keys do not count). New keys come from signing in a tool at <a href="/device">/device</a>.</p>
${page.keys.length === 0 ? html`<p>No keys yet.</p>` : html`
<div class="scroll"><table>
  <thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Scopes</th><th scope="col">Created</th><th scope="col">Expires</th><th scope="col">Last used</th><th scope="col">State</th></tr></thead>
  <tbody>
    ${page.keys.map((key) => {
      const state = keyState(key, now);
      return html`<tr>
      <td>${key.name}</td><td><code>${key.prefix}…</code></td><td>${key.scopes.join(", ")}</td>
      <td>${day(key.createdAt)}</td><td>${key.expiresAt ? day(key.expiresAt) : "never"}</td><td>${key.lastUsedAt ? day(key.lastUsedAt) : "never"}</td>
      <td>${state === "revoked" ? `revoked ${day(key.revokedAt)}` : html`${state}
        <details><summary>Revoke…</summary><p class="hint">Tools using this key stop working at once.</p>
        <form method="post" action="/account/keys/${key.id}/revoke">${csrfField(csrf)}<button class="danger solid" type="submit" aria-label="Revoke key ${key.name} (${key.prefix})">Revoke key</button></form></details>`}</td>
    </tr>`;
    })}
  </tbody>
</table></div>`}`);
  });

  router.post("/account/keys/:keyId/revoke", ctx.sessions.checkCsrf, requireSignIn, async (req, res) => {
    const active = currentSession(res);
    if (!active) throw new Error("signed-in page without a session");
    const keyId = String(req.params["keyId"]);
    const done = await revokeApiKey(db, authChangesOf(ctx.deps), active.account.id, keyId, clock.now());
    if (!done) {
      // Not this account's key, or already revoked: nothing to do, same page either way.
      return res.redirect(303, "/account");
    }
    res.redirect(303, `/account?revoked=${encodeURIComponent(keyId)}`);
  });
}
