// Web addresses that name nothing, over HTTP against a real API process (the app shell is the built
// apps/web), Postgres and Redis (docs/adr/0199): an unknown docs topic in the app answers 404 with
// the app shell, as /docs/{topic} answers 404; a typed address with a malformed percent escape is
// a page for a browser (the app shell's 404 under /app, a 400 page under /docs), while /v1 and a
// client asking for JSON keep the JSON envelope.
import { createAccount, createApiKey } from "@barscript/db";
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { spawnApi, type ApiProc } from "../../../test/support/processes";

jest.setTimeout(120_000);

const PASSWORD = "a long enough password";
const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
// U+0924 is E0 A4 A4 in UTF-8: the last byte's escape is cut short.
const MALFORMED = "%E0%A4%A";
let env: TestEnv;
let api: ApiProc;
let cookie = "";
let key = "";

async function signIn(email: string): Promise<void> {
  const jar = new Map<string, string>();
  const keep = (res: Response): void => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq > 0) jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  };
  const form = await fetch(`${api.url}/login`);
  keep(form);
  const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? "";
  const login = await fetch(`${api.url}/login`, {
    method: "POST", redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({ csrf, email, password: PASSWORD, next: "/app/" }).toString(),
  });
  expect([login.status, login.headers.get("location")]).toEqual([303, "/app/"]);
  keep(login);
}

async function get(path: string, accept: string, auth: "cookie" | "key" | "none" = "cookie"): Promise<{ status: number; type: string; text: string }> {
  const headers: Record<string, string> = { accept };
  if (auth === "cookie") headers["cookie"] = cookie;
  if (auth === "key") headers["authorization"] = `Bearer ${key}`;
  const res = await fetch(`${api.url}${path}`, { headers, redirect: "manual" });
  return { status: res.status, type: res.headers.get("content-type") ?? "", text: await res.text() };
}

beforeAll(async () => {
  env = await createTestEnv();
  api = await spawnApi(env.processEnv);
  const email = `addresses-${Date.now()}@example.com`;
  const account = await createAccount(env.db, { email, password: PASSWORD, handle: `addresses-${Date.now().toString(36)}`, plan: "pro", admit: true });
  key = (await createApiKey(env.db, { accountId: account.id, name: "read", scopes: ["read"], expiresAt: null })).secret;
  await signIn(email);
});
afterAll(async () => {
  await api?.kill();
  await env?.close();
});

describe("an unknown docs topic", () => {
  it("answers 404 with the app shell in the app, as /docs and /v1/docs answer 404 for it", async () => {
    // `tour`, the topic the endpoint reference gives as its example, is one /docs serves
    expect((await get("/docs/tour", BROWSER)).status).toBe(200);
    const known = await get("/app/docs/tour", BROWSER);
    expect([known.status, known.type]).toEqual([200, "text/html; charset=utf-8"]);
    expect(known.text).toContain('<meta name="csrf-token"');

    const unknown = await get("/app/docs/no-such-topic", BROWSER);
    expect([unknown.status, unknown.type]).toEqual([404, "text/html; charset=utf-8"]);
    // the same shell as a known page (the app then says "Not found")
    expect(unknown.text).toContain('<meta name="csrf-token"');
    expect(unknown.text.replace(/content="[^"]*"/g, "")).toBe(known.text.replace(/content="[^"]*"/g, ""));

    expect((await get("/docs/no-such-topic", BROWSER)).status).toBe(404);
    expect((await get("/v1/docs/no-such-topic", "application/json", "key")).status).toBe(404);
    expect((await get("/app/docs/no-such-topic/", BROWSER)).status).toBe(404);
  });
});

describe("a malformed percent escape in a typed address", () => {
  it("under /app: the app shell with 404, not a JSON 400", async () => {
    for (const path of [`/app/scripts/${MALFORMED}`, `/app/runs/${MALFORMED}`, `/app/docs/${MALFORMED}`, `/app/library/core/${MALFORMED}`]) {
      const page = await get(path, BROWSER);
      expect([path, page.status, page.type]).toEqual([path, 404, "text/html; charset=utf-8"]);
      expect(page.text).toContain('<meta name="csrf-token"');
    }
  });

  it("under /app, signed out: sent to sign in like any app address", async () => {
    const page = await get(`/app/scripts/${MALFORMED}`, BROWSER, "none");
    expect([302, 303]).toContain(page.status);
  });

  it("under /docs: a 400 page for a browser, the JSON envelope for a client asking for JSON", async () => {
    const page = await get(`/docs/${MALFORMED}`, BROWSER);
    expect([page.status, page.type]).toEqual([400, "text/html; charset=utf-8"]);
    expect(page.text).toContain("<title>Bad request");
    expect(page.text).toContain("not valid percent-encoded UTF-8");

    const json = await get(`/docs/${MALFORMED}`, "application/json");
    expect([json.status, json.type]).toEqual([400, "application/json; charset=utf-8"]);
    expect(JSON.parse(json.text).error.code).toBe("invalid_request");
  });

  it("under /v1: the JSON envelope whatever the Accept", async () => {
    const answer = await get(`/v1/scripts/${MALFORMED}`, BROWSER, "key");
    expect([answer.status, answer.type]).toEqual([400, "application/json; charset=utf-8"]);
    expect(JSON.parse(answer.text).error.code).toBe("invalid_request");
  });
});
