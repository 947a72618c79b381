// The operator CLI on the test database: the cases about the process itself (exit status,
// what reaches stdout and stderr, a password or secret never printed) start real processes, one
// as `npm run admin` does (tsx) and two as the image does (the built bundle, `node
// dist/admin.js`); the rest run the same commands in-process (test/support/admin.ts).
import { hashKeySecret, verifyPassword } from "@barscript/db";
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { runAdmin } from "../../../test/support/processes";
import { adminInProcess, adminProcess, type AdminResult } from "./support/admin";

jest.setTimeout(60_000);

describe("barscript-admin", () => {
  let env: TestEnv;
  const admin = (...args: string[]): Promise<AdminResult> => adminInProcess(env.processEnv, args);
  const adminAsProcess = (...args: string[]): Promise<AdminResult> => adminProcess(env.processEnv, args);
  const adminBundle = (...args: string[]): Promise<AdminResult> => runAdmin(env.processEnv, args);

  beforeAll(async () => { env = await createTestEnv(); });
  afterAll(async () => { await env.close(); });

  it("when an account is created without --admit (a real process, as npm run admin starts it), then it is on the waitlist with a random-word handle and a scrypt hash", async () => {
    const r = await adminAsProcess("account", "create", "--email", "Jane.Doe@Example.com", "--password", "correct horse battery");
    expect(r.code).toBe(0);
    const account = await env.db.account.findUniqueOrThrow({ where: { email: "jane.doe@example.com" } });
    expect(account.status).toBe("waitlist");
    expect(account.planName).toBe("free");
    expect(account.handle).toMatch(/^[a-z0-9][a-z0-9-]{1,38}$/);
    expect(account.handle).not.toContain("jane");
    expect(account.passwordHash).toMatch(/^scrypt\$/);
    expect(await verifyPassword("correct horse battery", account.passwordHash)).toBe(true);
    expect(await verifyPassword("wrong horse battery", account.passwordHash)).toBe(false);
    expect(r.stdout + r.stderr).not.toContain("correct horse battery");
  });

  it("when created with --admit and --plan, then it is active on that plan with that handle", async () => {
    const r = await admin("account", "create", "--email", "pro@example.com", "--password", "a-long-password", "--handle", "pro-user", "--plan", "pro", "--admit");
    expect(r.code).toBe(0);
    const account = await env.db.account.findUniqueOrThrow({ where: { email: "pro@example.com" } });
    expect([account.status, account.planName, account.handle]).toEqual(["active", "pro", "pro-user"]);
  });

  it("when created with --admit alone, then it is active on free", async () => {
    expect((await admin("account", "create", "--email", "free@example.com", "--password", "a-long-password", "--admit")).code).toBe(0);
    const account = await env.db.account.findUniqueOrThrow({ where: { email: "free@example.com" } });
    expect([account.status, account.planName]).toEqual(["active", "free"]);
  });

  it.each([
    ["a reserved handle", ["--email", "x1@example.com", "--password", "a-long-password", "--handle", "core"], /reserved/],
    ["a handle of the wrong shape", ["--email", "x2@example.com", "--password", "a-long-password", "--handle", "-Bad"], /a handle is 2 to 39 lowercase letters \(a-z\), digits or dashes, starting with a letter or a digit/],
    ["a one-letter handle", ["--email", "x3@example.com", "--password", "a-long-password", "--handle", "a"], /a handle is 2 to 39 lowercase letters/],
    ["a taken handle", ["--email", "x4@example.com", "--password", "a-long-password", "--handle", "pro-user"], /taken/],
    ["a taken email", ["--email", "PRO@example.com", "--password", "a-long-password"], /already exists/],
    ["a bad email", ["--email", "not-an-email", "--password", "a-long-password"], /not an email/],
    ["a short password", ["--email", "x5@example.com", "--password", "short"], /at least 12/],
    ["an unknown plan", ["--email", "x6@example.com", "--password", "a-long-password", "--plan", "gold", "--admit"], /no plan named "gold"/],
    ["no password", ["--email", "x7@example.com"], /password/],
  ])("when account create gets %s, then it exits non-zero with a one-line reason", async (_name, args, reason) => {
    const r = await admin("account", "create", ...args);
    expect(r.code).not.toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(reason);
  });

  it("when a waitlisted account is admitted, then it is active on free; admitting again is refused", async () => {
    await admin("account", "create", "--email", "wait@example.com", "--password", "a-long-password", "--plan", "pro");
    expect((await admin("account", "admit", "--email", "wait@example.com")).code).toBe(0);
    const account = await env.db.account.findUniqueOrThrow({ where: { email: "wait@example.com" } });
    expect([account.status, account.planName]).toEqual(["active", "free"]);
    const again = await admin("account", "admit", "--email", "wait@example.com");
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/not on the waitlist/);
  });

  it("when a plan is set, then the account is on it; an unknown plan (the built process: exit status and stderr) or account is refused", async () => {
    expect((await admin("account", "plan", "--email", "free@example.com", "--plan", "business")).code).toBe(0);
    expect((await env.db.account.findUniqueOrThrow({ where: { email: "free@example.com" } })).planName).toBe("business");
    const badPlan = await adminBundle("account", "plan", "--email", "free@example.com", "--plan", "nope");
    expect(badPlan.code).not.toBe(0);
    expect(badPlan.stderr).toMatch(/no plan named/);
    const badAccount = await admin("account", "plan", "--email", "ghost@example.com", "--plan", "pro");
    expect(badAccount.code).not.toBe(0);
    expect(badAccount.stderr).toMatch(/no account with email ghost@example.com/);
  });

  it("when a key is created (the built process), then only its secret is printed and only its SHA-256 and prefix are stored", async () => {
    const r = await adminBundle("key", "create", "--email", "pro@example.com", "--scopes", "runs:write,read", "--name", "laptop", "--expires-in-days", "30");
    expect(r.code).toBe(0);
    const secret = r.stdout.trim();
    expect(r.stdout).toBe(`${secret}\n`);
    expect(secret).toMatch(/^bsk_[0-9A-Za-z]{43}$/);
    const key = await env.db.apiKey.findUniqueOrThrow({ where: { secretHash: hashKeySecret(secret) } });
    expect(key.prefix).toBe(secret.slice(0, 12));
    expect(key.name).toBe("laptop");
    expect(key.scopes).toEqual(["read", "runs:write"]);
    const days = ((key.expiresAt?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    const stored = JSON.stringify(await env.db.apiKey.findMany());
    expect(stored).not.toContain(secret);
  });

  it("when --expires-at is in the past, then the key is created already expired; a waitlisted account can hold keys", async () => {
    const r = await admin("key", "create", "--email", "jane.doe@example.com", "--scopes", "read", "--expires-at", "2001-02-03T04:05:06Z");
    expect(r.code).toBe(0);
    const key = await env.db.apiKey.findUniqueOrThrow({ where: { secretHash: hashKeySecret(r.stdout.trim()) } });
    expect(key.expiresAt?.toISOString()).toBe("2001-02-03T04:05:06.000Z");
  });

  it.each([
    ["an unknown scope", ["--email", "pro@example.com", "--scopes", "read,admin"], /unknown scope "admin"/],
    ["no scope", ["--email", "pro@example.com", "--scopes", ","], /at least one scope/],
    ["both expiries", ["--email", "pro@example.com", "--scopes", "read", "--expires-in-days", "3", "--expires-at", "2030-01-01T00:00:00Z"], /not both/],
    ["a bad day count", ["--email", "pro@example.com", "--scopes", "read", "--expires-in-days", "-3"], /positive number/],
    ["a bad time", ["--email", "pro@example.com", "--scopes", "read", "--expires-at", "tomorrow"], /RFC 3339/],
    ["an unknown account", ["--email", "ghost@example.com", "--scopes", "read"], /no account/],
  ])("when key create gets %s, then it exits non-zero with a one-line reason and prints no secret", async (_name, args, reason) => {
    const r = await admin("key", "create", ...args);
    expect(r.code).not.toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(reason);
  });
});
