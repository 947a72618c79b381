// The sign-in pages (docs/reference/api.md "Sign-in"): sign-up that never tells whether an
// email exists, password sign-in and its throttle, sessions stored hashed with the right cookie
// flags, CSRF tokens checked on every form, the /device and /account pages, security headers.
import request from "supertest";
import { MAX_LIVE_KEYS, createApiKey } from "@barscript/db";
import { PASSWORD, csrfOf, harnessForFile, makeAccount, sha256, signedInAgent, startHarness, startSignin } from "./signin-harness";

const h = harnessForFile();

function cookieHeader(res: request.Response, name: string): string {
  const all = (res.headers["set-cookie"] as unknown as string[] | undefined) ?? [];
  const found = all.find((c) => c.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie in ${JSON.stringify(all)}`);
  return found;
}

async function formAgent(path: string) {
  const agent = request.agent(h.app);
  const page = await agent.get(path).expect(200);
  return { agent, csrf: csrfOf(page.text), page };
}

describe("sign-up", () => {
  test("when someone signs up, then the account is on the waitlist with a hashed password", async () => {
    const { agent, csrf, page } = await formAgent("/signup");
    for (const label of ['for="handle"', 'for="email"', 'for="password"', 'minlength="12"']) expect(page.text).toContain(label);
    const res = await agent.post("/signup").type("form").send({ csrf, handle: "new-person", email: "New.Person@Example.com", password: PASSWORD }).expect(200);
    expect(res.text).toContain("waitlist");
    const account = await h.db.account.findUniqueOrThrow({ where: { email: "new.person@example.com" } });
    expect(account).toMatchObject({ handle: "new-person", status: "waitlist", planName: "free" });
    expect(account.passwordHash).toMatch(/^scrypt\$/);
    expect(account.passwordHash).not.toContain(PASSWORD);
  });

  test("when an already registered email signs up, then the answer is exactly the same as for a new one", async () => {
    const existing = await makeAccount(h.db);
    const { agent, csrf } = await formAgent("/signup");
    const fresh = await agent.post("/signup").type("form").send({ csrf, handle: "brand-new-one", email: "brand-new-one@example.com", password: PASSWORD });
    const known = await agent.post("/signup").type("form").send({ csrf, handle: "someone-else", email: existing.email, password: "another password entirely" });
    expect(known.status).toBe(fresh.status);
    expect(known.text).toBe(fresh.text);
    const headers = (r: request.Response): Record<string, unknown> => {
      const { date: _date, "x-request-id": _id, ...rest } = r.headers as Record<string, unknown>;
      return rest;
    };
    expect(headers(known)).toEqual(headers(fresh));
    // Nothing changed for the existing account and no second account exists.
    expect(await h.db.account.count({ where: { email: existing.email } })).toBe(1);
    expect(await h.db.account.count({ where: { handle: "someone-else" } })).toBe(0);
    const again = await agent.post("/signup").type("form").send({ csrf, handle: "someone-else", email: existing.email.toUpperCase(), password: PASSWORD });
    expect(again.text).toBe(fresh.text);
  });

  test.each([
    ["a password under 12 characters", { handle: "short-pass", email: "short@example.com", password: "elevenchars" }, "at least 12 characters"],
    ["a handle with capitals", { handle: "Bad_Handle", email: "bad@example.com", password: PASSWORD }, "lowercase"],
    ["the reserved handle core", { handle: "core", email: "core@example.com", password: PASSWORD }, "reserved"],
    ["an address that is not one", { handle: "no-email", email: "nope", password: PASSWORD }, "not an email"],
  ])("when the form has %s, then 400 saying why and nothing is created", async (_what, form, says) => {
    const { agent, csrf } = await formAgent("/signup");
    const res = await agent.post("/signup").type("form").send({ csrf, ...form }).expect(400);
    expect(res.text).toContain(says);
    expect(await h.db.account.count({ where: { handle: form.handle } })).toBe(0);
  });

  test("when the handle is taken, then 409 whether or not the email is known", async () => {
    const existing = await makeAccount(h.db);
    const { agent, csrf } = await formAgent("/signup");
    const a = await agent.post("/signup").type("form").send({ csrf, handle: existing.handle, email: "other-one@example.com", password: PASSWORD });
    const b = await agent.post("/signup").type("form").send({ csrf, handle: existing.handle, email: existing.email, password: PASSWORD });
    expect(a.status).toBe(409);
    expect(b.status).toBe(409);
    expect(b.text.replace(existing.email, "other-one@example.com")).toBe(a.text);
  });
});

describe("CSRF", () => {
  test("when a form is posted without its token or with a wrong one, then 403 and nothing happens", async () => {
    const account = await makeAccount(h.db);
    const signedIn = await signedInAgent(h.app, account.email);
    const key = await createApiKey(h.db, { accountId: account.id, name: "k", scopes: ["read"], expiresAt: null });
    const started = await startSignin(h.app);
    const anon = request.agent(h.app);
    await anon.get("/signup").expect(200);

    const attempts: Array<[request.Test, string]> = [
      [anon.post("/signup").type("form").send({ handle: "no-token", email: "no-token@example.com", password: PASSWORD }), "signup without token"],
      [anon.post("/signup").type("form").send({ csrf: "forged", handle: "no-token", email: "no-token@example.com", password: PASSWORD }), "signup with a wrong token"],
      [anon.post("/login").type("form").send({ email: account.email, password: PASSWORD }), "login without token"],
      [signedIn.post("/device").type("form").send({ user_code: started.user_code, decision: "approve", key_name: "x", expires: "90" }), "approve without token"],
      [signedIn.post("/device").type("form").send({ csrf: "x".repeat(43), user_code: started.user_code, decision: "deny" }), "deny with a wrong token"],
      [signedIn.post(`/account/keys/${key.key.id}/revoke`).type("form").send({}), "revoke without token"],
      [signedIn.post("/logout").type("form").send({}), "logout without token"],
    ];
    for (const [attempt, what] of attempts) {
      const res = await attempt;
      expect([what, res.status]).toEqual([what, 403]);
      expect(res.text).toContain("security token");
    }
    expect(await h.db.account.count({ where: { handle: "no-token" } })).toBe(0);
    expect((await h.db.apiKey.findUniqueOrThrow({ where: { id: key.key.id } })).revokedAt).toBeNull();
    expect((await h.db.deviceAuthorization.findFirstOrThrow({ where: { userCode: started.user_code.replace("-", "") } })).status).toBe("pending");
    await signedIn.get("/account").expect(200); // still signed in
  });

  test("when another browser's token is used, then 403 (tokens are bound to the session)", async () => {
    const a = await makeAccount(h.db);
    const b = await makeAccount(h.db);
    const agentA = await signedInAgent(h.app, a.email);
    const agentB = await signedInAgent(h.app, b.email);
    const tokenA = csrfOf((await agentA.get("/account").expect(200)).text);
    const res = await agentB.post("/logout").type("form").send({ csrf: tokenA });
    expect(res.status).toBe(403);
  });
});

describe("sessions", () => {
  test("when someone signs in, then the cookie is HttpOnly and SameSite=Lax and only its SHA-256 is stored; sign-out ends it", async () => {
    const account = await makeAccount(h.db);
    const agent = request.agent(h.app);
    const page = await agent.get("/login?next=%2Fdevice").expect(200);
    const res = await agent.post("/login").type("form").send({ csrf: csrfOf(page.text), email: account.email, password: PASSWORD, next: "/device" }).expect(303);
    expect(res.headers["location"]).toBe("/device");
    const cookie = cookieHeader(res, "bs_session");
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    const token = /^bs_session=([^;]+)/.exec(cookie)?.[1] ?? "";
    expect(token.length).toBeGreaterThanOrEqual(43);
    const session = await h.db.webSession.findUniqueOrThrow({ where: { tokenHash: sha256(decodeURIComponent(token)) } });
    expect(session.accountId).toBe(account.id);
    expect(session.expiresAt.getTime()).toBeGreaterThan(Date.now());

    const accountPage = await agent.get("/account").expect(200);
    await agent.post("/logout").type("form").send({ csrf: csrfOf(accountPage.text) }).expect(303);
    expect(await h.db.webSession.count({ where: { id: session.id } })).toBe(0);
    // The old cookie no longer signs anyone in.
    const replay = await request(h.app).get("/account").set("Cookie", `bs_session=${token}`).expect(303);
    expect(replay.headers["location"]).toBe("/login?next=%2Faccount");
  });

  test("when PUBLIC_URL is https, then the session cookie is Secure", async () => {
    const secure = await startHarness({ publicUrl: "https://barscript.example" });
    try {
      const account = await makeAccount(secure.db);
      const agent = request.agent(secure.app);
      const page = await agent.get("/login").expect(200);
      expect(cookieHeader(page, "bs_csrf")).toMatch(/Secure/);
      const res = await agent.post("/login").type("form").set("Cookie", /^bs_csrf=[^;]+/.exec(cookieHeader(page, "bs_csrf"))?.[0] ?? "")
        .send({ csrf: csrfOf(page.text), email: account.email, password: PASSWORD }).expect(303);
      expect(cookieHeader(res, "bs_session")).toMatch(/; Secure/);
      expect(page.headers["strict-transport-security"]).toBeDefined();
    } finally {
      await secure.close();
    }
  });

  test("when not signed in, then /device and /account redirect to /login?next=...", async () => {
    const device = await request(h.app).get("/device?user_code=BCDF-GHJK").expect(303);
    expect(device.headers["location"]).toBe(`/login?next=${encodeURIComponent("/device?user_code=BCDF-GHJK")}`);
    const account = await request(h.app).get("/account").expect(303);
    expect(account.headers["location"]).toBe("/login?next=%2Faccount");
  });

  test("when next points to another site, then sign-in goes to /account instead", async () => {
    const account = await makeAccount(h.db);
    const agent = request.agent(h.app);
    const page = await agent.get("/login").expect(200);
    const res = await agent.post("/login").type("form").send({ csrf: csrfOf(page.text), email: account.email, password: PASSWORD, next: "//evil.example/x" }).expect(303);
    expect(res.headers["location"]).toBe("/account");
  });

  test("pages carry helmet's headers with CSP default-src 'self' and no scripts", async () => {
    const res = await request(h.app).get("/login").expect(200);
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBeDefined();
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.text).not.toContain("<script");
    expect(res.text.match(/<style>/g)).toHaveLength(1);
  });
});

describe("password sign-in throttle", () => {
  async function attempt(agent: ReturnType<typeof request.agent>, csrf: string, email: string, password: string) {
    return agent.post("/login").type("form").send({ csrf, email, password });
  }

  test("when more than 5 failures for one email in 15 minutes, then the form answers 429 and says when to try again", async () => {
    const account = await makeAccount(h.db);
    const { agent, csrf } = await formAgent("/login");
    for (let i = 0; i < 6; i++) {
      const res = await attempt(agent, csrf, account.email, `wrong password ${i}`);
      expect(res.status).toBe(401);
      expect(res.text).toContain("The email or the password is wrong.");
    }
    const blocked = await attempt(agent, csrf, account.email, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.text).toMatch(/Try again in 15 minutes \(after \d\d:\d\d UTC\)/);
    const retryAfter = Number(blocked.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(890);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(cookieHeaderMaybe(blocked, "bs_session")).toBeUndefined();
    // Another email from the same IP is not blocked by this one's failures.
    const other = await makeAccount(h.db);
    await attempt(agent, csrf, other.email, PASSWORD).then((r) => expect(r.status).toBe(303));
  });

  test("when more than 20 failures from one IP in 15 minutes, then every email answers 429", async () => {
    const account = await makeAccount(h.db);
    const { agent, csrf } = await formAgent("/login");
    for (let i = 0; i < 21; i++) {
      const res = await attempt(agent, csrf, `nobody-${i}@example.com`, "wrong password!");
      expect(res.status).toBe(401);
    }
    const blocked = await attempt(agent, csrf, account.email, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.text).toContain("Try again in");
  });
});

function cookieHeaderMaybe(res: request.Response, name: string): string | undefined {
  const all = (res.headers["set-cookie"] as unknown as string[] | undefined) ?? [];
  return all.find((c) => c.startsWith(`${name}=`));
}

describe("/device and /account", () => {
  test("when the code is typed in lower case without the dash, then the page shows the client and the scopes asked", async () => {
    const account = await makeAccount(h.db);
    const agent = await signedInAgent(h.app, account.email);
    const started = await startSignin(h.app, { client_name: "Grafana <plugin>", scopes: ["read", "scripts:write"] });
    const entry = await agent.get("/device").expect(200);
    const typed = started.user_code.replace("-", "").toLowerCase();
    const lookup = await agent.post("/device").type("form").send({ csrf: csrfOf(entry.text), user_code: typed }).expect(303);
    expect(lookup.headers["location"]).toBe(`/device?user_code=${started.user_code}`);
    const page = await agent.get(String(lookup.headers["location"])).expect(200);
    expect(page.text).toContain("Grafana &lt;plugin&gt;");
    expect(page.text).toContain(started.user_code);
    expect(page.text).toContain("<strong>read</strong>");
    expect(page.text).toContain("<strong>scripts:write</strong>");
    expect(page.text).not.toContain("<strong>runs:write</strong>");
    expect(page.text).toContain('name="key_name"');
    expect(page.text).toContain('name="expires"');
    const spaced = await agent.get(`/device?user_code=${encodeURIComponent(` ${typed.slice(0, 4)}-${typed.slice(4)} `)}`).expect(200);
    expect(spaced.text).toContain(started.user_code);
    await agent.get("/device?user_code=AEIO-UAEI").expect(400);
  });

  test("when the account holds 20 keys, then /device says why it cannot approve and sends the person to /account", async () => {
    const account = await makeAccount(h.db);
    for (let i = 0; i < MAX_LIVE_KEYS; i++) await createApiKey(h.db, { accountId: account.id, name: `k${i}`, scopes: ["read"], expiresAt: null });
    const agent = await signedInAgent(h.app, account.email);
    const started = await startSignin(h.app);
    const page = await agent.get(`/device?user_code=${started.user_code}`).expect(200);
    expect(page.text).toContain("already holds 20 API keys");
    expect(page.text).toContain('href="/account"');
    expect(page.text).not.toContain('value="approve"');
    const forced = await agent.post("/device").type("form").send({ csrf: csrfOf(page.text), user_code: started.user_code, decision: "approve", key_name: "x", expires: "never" });
    expect(forced.status).toBe(409);
    expect(forced.text).toContain("already holds 20 API keys");
    expect((await h.db.deviceAuthorization.findFirstOrThrow({ where: { userCode: started.user_code.replace("-", "") } })).status).toBe("pending");
  });

  test("when the person revokes a key on /account, then it is revoked at once and the page shows it", async () => {
    const account = await makeAccount(h.db);
    const other = await makeAccount(h.db);
    const mine = await createApiKey(h.db, { accountId: account.id, name: "ci runner", scopes: ["read", "runs:write"], expiresAt: null });
    const theirs = await createApiKey(h.db, { accountId: other.id, name: "theirs", scopes: ["read"], expiresAt: null });
    const agent = await signedInAgent(h.app, account.email);
    const page = await agent.get("/account").expect(200);
    expect(page.text).toContain("pro");
    expect(page.text).toContain("1 of 20 keys");
    expect(page.text).toContain("ci runner");
    expect(page.text).toContain(mine.key.prefix);
    expect(page.text).toContain("Compute units this month");
    expect(page.text).not.toContain(mine.secret);
    const csrf = csrfOf(page.text);
    await agent.post(`/account/keys/${mine.key.id}/revoke`).type("form").send({ csrf }).expect(303);
    expect((await h.db.apiKey.findUniqueOrThrow({ where: { id: mine.key.id } })).revokedAt).not.toBeNull();
    // Another account's key id changes nothing.
    await agent.post(`/account/keys/${theirs.key.id}/revoke`).type("form").send({ csrf }).expect(303);
    expect((await h.db.apiKey.findUniqueOrThrow({ where: { id: theirs.key.id } })).revokedAt).toBeNull();
    const after = await agent.get("/account").expect(200);
    expect(after.text).toContain("0 of 20 keys");
    expect(after.text).toContain("revoked");
  });
});
