// The body of a save and of a create as /openapi.json publishes them and as the API takes them
// (docs/adr/0198): `base_version` is required on PUT /v1/scripts/{slug} and not a field of
// POST /v1/scripts; the published document and the service agree, over HTTP on the real app.
import request from "supertest";
import { startScriptsHarness, member, type Member, type ScriptsHarness } from "./scripts-harness";

jest.setTimeout(60_000);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const FILES = [{ path: "main.pine", content: "//@version=6\nindicator(\"Saved\")\nplot(close)\n" }];
const EDITED = [{ path: "main.pine", content: "//@version=6\nindicator(\"Saved\")\nplot(open)\n" }];

let h: ScriptsHarness;
let alice: Member;
let doc: Json;

/** The request body schema of an operation, its `$ref` followed into components. */
function bodyOf(path: string, method: string): Json {
  const schema = doc["paths"][path][method]["requestBody"]["content"]["application/json"]["schema"] as Json;
  const ref = schema["$ref"] as string | undefined;
  return ref ? (doc["components"]["schemas"][ref.replace("#/components/schemas/", "")] as Json) : schema;
}

beforeAll(async () => {
  h = await startScriptsHarness();
  alice = await member(h.db, "saver");
  doc = (await request(h.app).get("/openapi.json").expect(200)).body as Json;
});
afterAll(async () => { await h.close(); });

const as = () => ({ Authorization: `Bearer ${alice.key}` });

describe("PUT /v1/scripts/{slug}", () => {
  it("is published with base_version required, an integer of at least 1", () => {
    const body = bodyOf("/v1/scripts/{slug}", "put");
    expect(body["required"]).toEqual(expect.arrayContaining(["files", "base_version"]));
    expect(body["properties"]["base_version"]).toMatchObject({ type: "integer", minimum: 1 });
    expect(body["additionalProperties"]).toBe(false);
  });

  it("refuses a body without it, naming it as required, and saves with it", async () => {
    await request(h.app).post("/v1/scripts").set(as()).send({ slug: "saved", files: FILES }).expect(201);
    const missing = await request(h.app).put("/v1/scripts/saved").set(as()).send({ files: EDITED });
    expect([missing.status, missing.body.error.code]).toEqual([400, "invalid_request"]);
    expect(missing.body.error.message).toBe("Field `base_version` is required.");
    const zero = await request(h.app).put("/v1/scripts/saved").set(as()).send({ files: EDITED, base_version: 0 });
    expect([zero.status, zero.body.error.code]).toEqual([400, "invalid_request"]);
    expect(zero.body.error.message).toContain("`base_version`");
    const saved = await request(h.app).put("/v1/scripts/saved").set(as()).send({ files: EDITED, base_version: 1 });
    expect([saved.status, saved.body.latest_version]).toEqual([200, 2]);
  });
});

describe("POST /v1/scripts", () => {
  it("is published without base_version", () => {
    const body = bodyOf("/v1/scripts", "post");
    expect(Object.keys(body["properties"] as Json)).not.toContain("base_version");
    expect(body["required"]).toEqual(expect.arrayContaining(["slug", "files"]));
    expect(body["additionalProperties"]).toBe(false);
  });

  it("refuses base_version as a field it does not have, and creates nothing", async () => {
    const res = await request(h.app).post("/v1/scripts").set(as()).send({ slug: "created", files: FILES, base_version: 1 });
    expect([res.status, res.body.error.code]).toEqual([400, "invalid_request"]);
    expect(res.body.error.message).toBe("Field `base_version` is not a field of this request.");
    await request(h.app).get("/v1/scripts/created").set(as()).expect(404);
  });
});

describe("a required field left out elsewhere", () => {
  it("is said to be required, by name", async () => {
    const res = await request(h.app).post("/v1/scripts").set(as()).send({ slug: "no-files" });
    expect([res.status, res.body.error.message]).toEqual([400, "Field `files` is required."]);
  });
});
