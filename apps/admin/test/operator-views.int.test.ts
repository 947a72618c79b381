// The operator's views and actions on the test database: account list (waitlist, plan) and
// show, key list and revoke, runs list and cancel, each with --json, and bad input refused in
// one line. The commands run in-process (apps/admin/test/support/admin.ts) except where the
// process is the point: the waitlist's text listing and a running run's cancel, whose messages
// must leave through Redis before the process exits, run as the built bundle (`node
// dist/admin.js`, as in the image; built once per set of sources by the global setup).
import { Redis } from "ioredis";
import { newRunId, type Db } from "@barscript/db";
import { runChannel } from "@barscript/queue";
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { runAdmin } from "../../../test/support/processes";
import { adminInProcess, type AdminResult } from "./support/admin";

jest.setTimeout(90_000);

let env: TestEnv;
const admin = async (...args: string[]): Promise<AdminResult> => adminInProcess(env.processEnv, args);
const adminBundle = async (...args: string[]): Promise<AdminResult> => runAdmin(env.processEnv, args);
const parsed = <T>(args: string[], r: AdminResult): T => {
  if (r.code !== 0) throw new Error(`${args.join(" ")}: ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
};
const json = async <T>(...args: string[]): Promise<T> => parsed<T>(args, await admin(...args, "--json"));
const jsonBundle = async <T>(...args: string[]): Promise<T> => parsed<T>(args, await adminBundle(...args, "--json"));

async function account(email: string, handle: string, extra: string[]): Promise<void> {
  const created = await json<AccountJson>("account", "create", "--email", email, "--password", "a long enough password", "--handle", handle, ...extra);
  expect(created).toMatchObject({ email, handle });
}

async function run(db: Db, accountId: string, status: "queued" | "running" | "succeeded", createdAt: Date): Promise<string> {
  const id = newRunId();
  await db.run.create({
    data: { id, accountId, kind: "indicator", scriptOwnerId: accountId, scriptSlug: "sma", scriptVersion: 1, instrument: "AAPL", timeframe: "1d", inputs: {}, status, createdAt, ...(status === "queued" ? {} : { startedAt: createdAt }), ...(status === "succeeded" ? { finishedAt: createdAt } : {}) },
  });
  return id;
}

interface AccountJson { email: string; handle: string; status: string; plan: string }

beforeAll(async () => {
  env = await createTestEnv();
  // Created in this order, a second apart in the database's clock at least by order of insert.
  await account("first@example.com", "first-waiting", []);
  await account("second@example.com", "second-waiting", []);
  await account("starter@example.com", "starter-one", ["--plan", "starter", "--admit"]);
  await account("pro@example.com", "pro-one", ["--plan", "pro", "--admit"]);
});
afterAll(async () => {
  await env.close();
});

describe("account list and show", () => {
  it("when the waitlist is listed (the built process), then it shows only waitlisted accounts, oldest first", async () => {
    const { accounts } = await jsonBundle<{ accounts: AccountJson[] }>("account", "list", "--waitlist");
    expect(accounts.map((a) => [a.email, a.status, a.plan])).toEqual([["first@example.com", "waitlist", "free"], ["second@example.com", "waitlist", "free"]]);
    const text = await adminBundle("account", "list", "--waitlist");
    expect(text.stdout.trim().split("\n").map((l) => l.split(" ")[0])).toEqual(["first@example.com", "second@example.com"]);
  });

  it("when accounts are listed by plan, then only that plan's accounts come, newest first over all", async () => {
    expect((await json<{ accounts: AccountJson[] }>("account", "list", "--plan", "starter")).accounts.map((a) => a.handle)).toEqual(["starter-one"]);
    expect((await json<{ accounts: AccountJson[] }>("account", "list")).accounts.map((a) => a.handle)).toEqual(["pro-one", "starter-one", "second-waiting", "first-waiting"]);
    const bad = await admin("account", "list", "--plan", "gold");
    expect([bad.code, bad.stderr.trim()]).toEqual([1, 'barscript-admin: no plan named "gold"']);
    expect((await admin("account", "list", "--limit", "0")).stderr).toMatch(/--limit must be a whole number from 1 to 1000/);
  });

  it("when an account is shown, then its plan figures and counts come (seeded starter: 60 requests a minute)", async () => {
    const shown = await json<Record<string, unknown>>("account", "show", "--email", "starter@example.com");
    expect(shown).toMatchObject({ email: "starter@example.com", handle: "starter-one", status: "active", plan: { name: "starter", api_access: true, requests_per_minute: 60 }, keys: { live: 0, expired: 0, revoked: 0 }, scripts: 0, runs: {} });
    const missing = await admin("account", "show", "--email", "nobody@example.com");
    expect([missing.code, missing.stderr.trim()]).toEqual([1, "barscript-admin: no account with email nobody@example.com"]);
  });
});

describe("key list and revoke", () => {
  let secrets: string[] = [];

  it("when keys are listed, then each shows prefix, scopes and state, never a secret", async () => {
    const ci = await admin("key", "create", "--email", "starter@example.com", "--scopes", "read,runs:write", "--name", "ci");
    secrets.push(ci.stdout.trim());
    const laptop = await json<{ secret: string; key: { name: string; prefix: string; state: string } }>("key", "create", "--email", "starter@example.com", "--scopes", "read,runs:write", "--name", "laptop");
    expect(laptop.key).toMatchObject({ name: "laptop", prefix: laptop.secret.slice(0, 12), state: "live" });
    secrets.push(laptop.secret);
    const r = await admin("key", "list", "--email", "starter@example.com", "--json");
    const { keys } = JSON.parse(r.stdout) as { keys: Array<{ name: string; prefix: string; scopes: string[]; state: string }> };
    expect(keys.map((k) => [k.name, k.prefix, k.scopes, k.state])).toEqual([
      ["laptop", secrets[1]?.slice(0, 12), ["read", "runs:write"], "live"],
      ["ci", secrets[0]?.slice(0, 12), ["read", "runs:write"], "live"],
    ]);
    for (const secret of secrets) expect(r.stdout).not.toContain(secret.slice(12));
  });

  it("when a key is revoked by its prefix, then it is revoked once and the other stays live", async () => {
    const prefix = (secrets[0] as string).slice(0, 12);
    const first = await json<{ revoked: boolean; key: { state: string; name: string } }>("key", "revoke", "--email", "starter@example.com", "--key", prefix);
    expect(first).toMatchObject({ revoked: true, key: { state: "revoked", name: "ci" } });
    expect((await admin("key", "revoke", "--email", "starter@example.com", "--key", prefix)).stdout).toMatch(/^already revoked /);
    const row = await env.db.apiKey.findFirstOrThrow({ where: { prefix } });
    expect(row.revokedAt).not.toBeNull();
    const states = (await json<{ keys: Array<{ name: string; state: string }> }>("key", "list", "--email", "starter@example.com")).keys.map((k) => [k.name, k.state]);
    expect(states).toEqual([["laptop", "live"], ["ci", "revoked"]]);
    const unknown = await admin("key", "revoke", "--email", "starter@example.com", "--key", "bsk_nothere00");
    expect([unknown.code, unknown.stderr.trim()]).toEqual([1, 'barscript-admin: starter@example.com has no key with id or prefix "bsk_nothere00"']);
    secrets = [];
  });
});

describe("runs list and cancel", () => {
  const ids: Record<string, string> = {};
  let sub: Redis;
  const messages: string[] = [];

  beforeAll(async () => {
    const starter = await env.db.account.findUniqueOrThrow({ where: { email: "starter@example.com" } });
    const pro = await env.db.account.findUniqueOrThrow({ where: { email: "pro@example.com" } });
    ids["done"] = await run(env.db, pro.id, "succeeded", new Date("2030-01-01T00:00:00Z"));
    ids["running"] = await run(env.db, pro.id, "running", new Date("2030-01-01T00:01:00Z"));
    ids["queued"] = await run(env.db, starter.id, "queued", new Date("2030-01-01T00:02:00Z"));
    sub = new Redis(env.redisUrl);
    sub.on("message", (_channel: string, text: string) => messages.push(text));
    await sub.subscribe(runChannel(env.redisPrefix, ids["running"]));
  });
  afterAll(() => sub.disconnect());

  it("when runs are listed by status and by account, then only those come, newest first", async () => {
    const byStatus = await json<{ runs: Array<{ id: string; status: string; account: { handle: string } }> }>("runs", "list", "--status", "queued");
    expect(byStatus.runs.map((r) => [r.id, r.account.handle])).toEqual([[ids["queued"], "starter-one"]]);
    const byAccount = await json<{ runs: Array<{ id: string }> }>("runs", "list", "--account", "pro-one");
    expect(byAccount.runs.map((r) => r.id)).toEqual([ids["running"], ids["done"]]);
    expect((await json<{ runs: Array<{ id: string }> }>("runs", "list", "--account", "pro@example.com")).runs).toHaveLength(2);
    const bad = await admin("runs", "list", "--status", "done");
    expect([bad.code, bad.stderr.trim()]).toEqual([1, 'barscript-admin: --status must be one of queued, running, succeeded, failed, cancelled, got "done"']);
  });

  it("when a queued run is cancelled, then it is cancelled at once with failure kind cancelled", async () => {
    const r = await json<{ cancelled: boolean; run: { status: string; failure: string } }>("runs", "cancel", "--run", ids["queued"] as string);
    expect(r).toMatchObject({ cancelled: true, run: { status: "cancelled", failure: "cancelled" } });
    expect(await env.db.run.findUniqueOrThrow({ where: { id: ids["queued"] as string } })).toMatchObject({ status: "cancelled", cancelRequested: true, failureKind: "cancelled" });
  });

  it("when a running run is cancelled (the built process) and no worker answers, then the cancel is published and the run is cancelled after the grace", async () => {
    const r = await jsonBundle<{ cancelled: boolean; run: { status: string } }>("runs", "cancel", "--run", ids["running"] as string);
    expect(r).toMatchObject({ cancelled: true, run: { status: "cancelled" } });
    // The CLI has exited: let the subscriber read what it was sent meanwhile.
    for (let i = 0; i < 40 && messages.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    expect(messages.map((m) => JSON.parse(m) as unknown)).toEqual([{ type: "cancel" }, { type: "status", status: "cancelled" }]);
  });

  it("when a finished run or an unknown id is cancelled, then nothing changes", async () => {
    expect((await admin("runs", "cancel", "--run", ids["done"] as string)).stdout).toMatch(/^not cancelled \(was succeeded\) /);
    expect((await env.db.run.findUniqueOrThrow({ where: { id: ids["done"] as string } })).status).toBe("succeeded");
    const unknown = await admin("runs", "cancel", "--run", "run_nope");
    expect([unknown.code, unknown.stderr.trim()]).toEqual([1, 'barscript-admin: no run "run_nope"']);
  });
});
