// Shared by the sign-in tests: the real app (createApp with the sign-in pages) on its own
// database and Redis prefix, a clock the tests can move, and a browser-like HTTP agent that
// keeps cookies and reads CSRF tokens from the pages it gets.
import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { createServer, type Server } from "node:http";
import request from "supertest";
import { createAccount, type Db } from "@barscript/db";
import type { ApiConfig } from "../src/config";
import type { Clock } from "../src/deps";
import { signinPages } from "../src/pages";
import { startAppHarness, type AppHarness } from "./support/app-harness";

export interface MovableClock extends Clock {
  advance(ms: number): void;
}

export function movableClock(): MovableClock {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms) => { offset += ms; } };
}

export interface Harness extends AppHarness {
  clock: MovableClock;
}

export async function startHarness(overrides: Partial<ApiConfig> = {}): Promise<Harness> {
  const clock = movableClock();
  const harness = await startAppHarness({ config: overrides, clock, outside: (deps) => [signinPages(deps)] });
  return { ...harness, clock };
}

/**
 * The harness of a test file: started before its tests, its Redis keys deleted before each test,
 * closed after them. The object is filled in by `beforeAll`: read it inside tests and hooks.
 */
export function harnessForFile(): Harness {
  const h = {} as Harness;
  beforeAll(async () => {
    Object.assign(h, await startHarness());
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(async () => {
    await h.resetRedis();
  });
  return h;
}

/** SHA-256 in hex, computed here: how codes, keys and session tokens are stored. */
export const sha256 = (value: string): string => createHash("sha256").update(value).digest("hex");

/**
 * The app served on an ephemeral port of 127.0.0.1 (for the real browser), with PUBLIC_URL
 * set to that address so verification_uri points at it.
 */
export async function serveHarness(): Promise<Harness & { url: string }> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const harness = await startHarness({ publicUrl: url });
  server.on("request", harness.app);
  return {
    ...harness,
    url,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await harness.close();
    },
  };
}

export const PASSWORD = "correct horse battery staple";
let accounts = 0;

export async function makeAccount(db: Db, options: { plan?: string; admit?: boolean } = {}): Promise<{ id: string; email: string; handle: string }> {
  accounts += 1;
  const suffix = `${process.pid}-${accounts}-${Math.random().toString(36).slice(2, 8)}`;
  const created = await createAccount(db, {
    email: `person-${suffix}@example.com`,
    password: PASSWORD,
    handle: `person-${suffix}`.slice(0, 39),
    plan: options.plan ?? "pro",
    admit: options.admit ?? true,
  });
  return { id: created.id, email: created.email, handle: created.handle };
}

/** The CSRF token in the first form of a page. */
export function csrfOf(html: string): string {
  const match = /name="csrf" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error(`no CSRF token in the page:\n${html.slice(0, 500)}`);
  return match[1];
}

export type Agent = ReturnType<typeof request.agent>;

/** A browser-like client signed in as `email` through the real /login form. */
export async function signedInAgent(app: Harness["app"], email: string, password = PASSWORD): Promise<Agent> {
  const agent = request.agent(app);
  const page = await agent.get("/login").expect(200);
  const res = await agent.post("/login").type("form").send({ csrf: csrfOf(page.text), email, password, next: "/account" });
  if (res.status !== 303) throw new Error(`sign-in failed with ${res.status}:\n${res.text.slice(0, 500)}`);
  return agent;
}

export interface Started {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

export async function startSignin(app: Harness["app"], body: Record<string, unknown> = { client_name: "barscript CLI" }): Promise<Started> {
  const res = await request(app).post("/v1/auth/device").send(body);
  if (res.status !== 200) throw new Error(`start failed with ${res.status}: ${res.text}`);
  return res.body as Started;
}

/** Approves or denies a user code through the real /device form of a signed-in agent. */
export async function decide(agent: Agent, userCode: string, decision: "approve" | "deny", extra: Record<string, string> = {}): Promise<request.Response> {
  const page = await agent.get(`/device?user_code=${encodeURIComponent(userCode)}`).expect(200);
  return agent.post("/device").type("form").send({ csrf: csrfOf(page.text), user_code: userCode, decision, key_name: "laptop", expires: "90", ...extra });
}
