// Scripts over HTTP (docs/reference/api.md "Scripts"): every status and code, scopes, isolation, ?kind= and
// ?owner=, the save race run truly concurrently, rename and delete keeping runs and events.
import request from "supertest";
import { seedCoreLibrary } from "@barscript/db";
import { writeFlatSeries } from "../../../test/support/bars";
import { startScriptsHarness, member, type Member, type ScriptsHarness } from "./scripts-harness";

const ind = (title: string, body = "plot(close, \"Close\")"): Array<{ path: string; content: string }> => [
  { path: "main.pine", content: `//@version=6\nindicator("${title}")\n${body}\n` },
];
const def = (title: string, event = "up"): Array<{ path: string; content: string }> => [
  { path: "main.pine", content: `//@version=6\ndefinition("${title}")\nalertcondition(close > open, "${event}", "went up")\n` },
];
const studyOf = (title: string, uses: string): Array<{ path: string; content: string }> => [
  { path: "main.pine", content: `//@version=6\nstudy("${title}", horizons = [1, 5])\nuse("${uses}")\n` },
];

// Seeding the core library validates 34 scripts; give hooks and tests room on a busy machine.
jest.setTimeout(60_000);

describe("scripts API", () => {
  let h: ScriptsHarness;
  let alice: Member;
  let bob: Member;
  const as = (key: string) => ({ Authorization: `Bearer ${key}` });
  const post = (key: string, path: string, body: unknown) => request(h.app).post(`/v1${path}`).set(as(key)).send(body as object);
  const put = (key: string, path: string, body: unknown) => request(h.app).put(`/v1${path}`).set(as(key)).send(body as object);
  const patch = (key: string, path: string, body: unknown) => request(h.app).patch(`/v1${path}`).set(as(key)).send(body as object);
  const get = (key: string, path: string) => request(h.app).get(`/v1${path}`).set(as(key));
  const del = (key: string, path: string) => request(h.app).delete(`/v1${path}`).set(as(key));

  beforeAll(async () => {
    h = await startScriptsHarness();
    alice = await member(h.db, "alice");
    bob = await member(h.db, "bob");
    await seedCoreLibrary(h.db);
  });
  afterAll(async () => { await h.close(); });

  describe("POST /v1/scripts/validate (#8)", () => {
    it("answers 200 with the interface of a valid script", async () => {
      const res = await post(alice.readKey, "/scripts/validate", { files: ind("Closes", "length = input.int(14, \"Length\")\nplot(ta.sma(close, length), \"Average\")") });
      expect(res.status).toBe(200);
      expect(res.body.valid).toBe(true);
      expect(res.body.diagnostics).toEqual([]);
      expect(res.body.interface.outputs).toEqual([expect.objectContaining({ name: "average", title: "Average" })]);
      expect(res.body.interface.inputs).toEqual([expect.objectContaining({ name: "length", type: "int", default: 14 })]);
      expect(res.body.dependencies).toEqual([]);
    });

    it("reads a JSON body that starts with a UTF-8 byte order mark (as PowerShell writes files) as the JSON after it; other bad JSON stays 400", async () => {
      const text = JSON.stringify({ files: ind("Closes") });
      const res = await request(h.app).post("/v1/scripts/validate").set(as(alice.readKey)).set("Content-Type", "application/json").send(`\uFEFF${text}`);
      expect([res.status, res.body.valid]).toEqual([200, true]);
      const bad = await request(h.app).post("/v1/scripts/validate").set(as(alice.readKey)).set("Content-Type", "application/json").send(`\uFEFF\uFEFF${text}`);
      expect([bad.status, bad.body.error?.code, bad.body.error?.message]).toEqual([400, "invalid_request", "Request body is not valid JSON."]);
    });

    it("answers 200 with diagnostics when invalid", async () => {
      const res = await post(alice.readKey, "/scripts/validate", { files: ind("Bad", "plot(nosuch)") });
      expect(res.status).toBe(200);
      expect(res.body.valid).toBe(false);
      expect(res.body.diagnostics[0]).toMatchObject({ severity: "error", stage: "lint", code: "undeclared_identifier", file: "main.pine", line: 3 });
    });

    it("reports a kind that does not match the declaration", async () => {
      const res = await post(alice.readKey, "/scripts/validate", { kind: "definition", files: ind("Ind") });
      expect(res.status).toBe(200);
      expect(res.body.valid).toBe(false);
      expect(res.body.diagnostics.map((d: { code: string }) => d.code)).toContain("kind_mismatch");
    });

    it("refuses file limits with 400 naming the file and the limit", async () => {
      const res = await post(alice.readKey, "/scripts/validate", { files: [...ind("X"), { path: "../evil.pine", content: "" }] });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("invalid_request");
      expect(res.body.error.message).toContain("../evil.pine");
      const big = await post(alice.readKey, "/scripts/validate", { files: [...ind("X"), { path: "big.pine", content: "a".repeat(524_289) }] });
      expect(big.status).toBe(400);
      expect(big.body.error.message).toMatch(/big\.pine.*524288/);
    });

    it("needs the read scope and a key", async () => {
      expect((await post(alice.writeKey, "/scripts/validate", { files: ind("X") })).body.error.code).toBe("forbidden_scope");
      expect((await request(h.app).post("/v1/scripts/validate").send({ files: ind("X") })).status).toBe(401);
    });
  });

  describe("POST /v1/scripts (#9)", () => {
    it("creates version 1, titled after the declaration, without files in the answer", async () => {
      const res = await post(alice.key, "/scripts", { slug: "closes", files: ind("My closes"), description: "d" });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ slug: "closes", kind: "indicator", title: "My closes", description: "d", visibility: "private", latest_version: 1, dependencies: [] });
      expect(res.body.files).toBeUndefined();
      expect(res.body.interface.outputs[0].name).toBe("close");
      expect(Date.parse(res.body.created_at)).not.toBeNaN();
    });

    it("takes a given title", async () => {
      const res = await post(alice.key, "/scripts", { slug: "titled", title: "Custom", files: ind("Declared") });
      expect(res.body.title).toBe("Custom");
    });

    it("answers 409 conflict on a taken slug, but lets a study share it", async () => {
      const again = await post(alice.key, "/scripts", { slug: "closes", files: ind("Other") });
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe("conflict");
      const asDefinition = await post(alice.key, "/scripts", { slug: "closes", files: def("Other") });
      expect(asDefinition.status).toBe(409);
      expect((await post(alice.key, "/scripts", { slug: "ups", files: def("Ups") })).status).toBe(201);
      const study = await post(alice.key, "/scripts", { slug: "closes", files: studyOf("Closes study", "ups") });
      expect(study.status).toBe(201);
      expect(study.body.kind).toBe("study");
      expect(study.body.dependencies).toEqual([{ owner: "alice", slug: "ups", kind: "definition", version: 1 }]);
    });

    it("answers 422 script_invalid with diagnostics and saves nothing", async () => {
      const res = await post(alice.key, "/scripts", { slug: "broken", files: ind("Broken", "plot(nosuch)") });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe("script_invalid");
      expect(res.body.error.diagnostics[0].code).toBe("undeclared_identifier");
      expect((await get(alice.key, "/scripts/broken")).status).toBe(404);
    });

    it("answers 422 when the given kind does not match the declaration", async () => {
      const res = await post(alice.key, "/scripts", { slug: "wrong-kind", kind: "definition", files: ind("Ind") });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe("script_invalid");
      expect(res.body.error.diagnostics.map((d: { code: string }) => d.code)).toContain("kind_mismatch");
      expect((await post(alice.key, "/scripts", { slug: "right-kind", kind: "indicator", files: ind("Ind") })).status).toBe(201);
    });

    it("answers 400 on a bad slug, missing files, too many files or too many bytes", async () => {
      expect((await post(alice.key, "/scripts", { slug: "Bad_Slug", files: ind("X") })).body.error).toMatchObject({ code: "invalid_request", message: expect.stringContaining("slug") });
      expect((await post(alice.key, "/scripts", { slug: "nofiles" })).status).toBe(400);
      const many = [...ind("X"), ...Array.from({ length: 50 }, (_, i) => ({ path: `lib/f${i}.pine`, content: "" }))];
      const tooMany = await post(alice.key, "/scripts", { slug: "many", files: many });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.error.message).toMatch(/50 files/);
      const total = [...ind("X"), ...Array.from({ length: 4 }, (_, i) => ({ path: `p${i}.pine`, content: "a".repeat(524_288) }))];
      const tooBig = await post(alice.key, "/scripts", { slug: "heavy", files: total });
      expect(tooBig.status).toBe(400);
      expect(tooBig.body.error.message).toMatch(/2097152/);
      const noEntry = await post(alice.key, "/scripts", { slug: "noentry", files: [{ path: "other.pine", content: "" }] });
      expect(noEntry.body.error.message).toMatch(/main\.pine/);
    });

    it("needs scripts:write", async () => {
      const res = await post(alice.readKey, "/scripts", { slug: "scoped", files: ind("X") });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("forbidden_scope");
    });

    it("answers 403 plan_limit past the plan's scripts cap and definitions cap", async () => {
      await h.db.plan.create({ data: { name: "tiny-caps", apiAccess: true, requestsPerMinute: 1000, concurrentHeavy: 5, concurrentWaits: 5, concurrentRuns: 1, historyStart: null, scriptsCap: 3, definitionsCap: 1, eventsPerMonth: 1000, computeUnitsPerMonth: 1000, runTimeLimitSeconds: 30 } });
      const carol = await member(h.db, "carol", "tiny-caps");
      expect((await post(carol.key, "/scripts", { slug: "d1", files: def("D1") })).status).toBe(201);
      const secondDefinition = await post(carol.key, "/scripts", { slug: "d2", files: def("D2") });
      expect(secondDefinition.status).toBe(403);
      expect(secondDefinition.body.error.code).toBe("plan_limit");
      expect(secondDefinition.body.error.message).toMatch(/definitions/);
      expect((await post(carol.key, "/scripts", { slug: "i1", files: ind("I1") })).status).toBe(201);
      expect((await post(carol.key, "/scripts", { slug: "i2", files: ind("I2") })).status).toBe(201);
      const fourth = await post(carol.key, "/scripts", { slug: "i3", files: ind("I3") });
      expect(fourth.status).toBe(403);
      expect(fourth.body.error.code).toBe("plan_limit");
      // Concurrent creations cannot pass the cap together (the account row is the lock).
      await del(carol.key, "/scripts/i2");
      const racing = await Promise.all([1, 2, 3].map((i) => post(carol.key, "/scripts", { slug: `r${i}`, files: ind(`R${i}`) })));
      expect(racing.map((r) => r.status).sort()).toEqual([201, 403, 403]);
    });
  });

  describe("PUT /v1/scripts/{slug} (#12)", () => {
    it("requires base_version", async () => {
      await post(alice.key, "/scripts", { slug: "saved", files: ind("Saved") });
      const res = await put(alice.key, "/scripts/saved", { files: ind("Saved", "plot(open)") });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("invalid_request");
      expect(res.body.error.message).toContain("base_version");
    });

    it("saves a new version on the latest, refuses a stale base with details.latest_version", async () => {
      const saved = await put(alice.key, "/scripts/saved", { base_version: 1, files: ind("Saved", "plot(open, \"Open\")"), message: "use open" });
      expect(saved.status).toBe(200);
      expect(saved.body.latest_version).toBe(2);
      expect(saved.body.interface.outputs[0].name).toBe("open");
      const stale = await put(alice.key, "/scripts/saved", { base_version: 1, files: ind("Saved", "plot(high)") });
      expect(stale.status).toBe(409);
      expect(stale.body.error).toMatchObject({ code: "version_conflict", details: { latest_version: 2 } });
      // A retried save (same files, old base) is a conflict too.
      const retried = await put(alice.key, "/scripts/saved", { base_version: 1, files: ind("Saved", "plot(open, \"Open\")") });
      expect(retried.status).toBe(409);
    });

    it("creates no version for identical files and answers the script as is", async () => {
      const same = await put(alice.key, "/scripts/saved", { base_version: 2, files: ind("Saved", "plot(open, \"Open\")") });
      expect(same.status).toBe(200);
      expect(same.body.latest_version).toBe(2);
      const versions = await get(alice.key, "/scripts/saved/versions");
      expect(versions.body.data.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    });

    it("lets exactly one of two truly concurrent saves on one base win", async () => {
      await post(alice.key, "/scripts", { slug: "raced", files: ind("Raced") });
      for (let base = 1; base <= 3; base++) {
        const [a, b] = await Promise.all([
          put(alice.key, "/scripts/raced", { base_version: base, files: ind("Raced", `plot(open + ${base})`) }),
          put(alice.key, "/scripts/raced", { base_version: base, files: ind("Raced", `plot(close + ${base})`) }),
        ]);
        expect([a.status, b.status].sort()).toEqual([200, 409]);
        const loser = a.status === 409 ? a : b;
        expect(loser.body.error).toMatchObject({ code: "version_conflict", details: { latest_version: base + 1 } });
      }
      expect((await get(alice.key, "/scripts/raced")).body.latest_version).toBe(4);
    });

    it("answers 422 when invalid or when the declaration changes kind, and keeps the version", async () => {
      const invalid = await put(alice.key, "/scripts/saved", { base_version: 2, files: ind("Saved", "plot(nope)") });
      expect(invalid.status).toBe(422);
      const kindChange = await put(alice.key, "/scripts/saved", { base_version: 2, files: def("Now a definition") });
      expect(kindChange.status).toBe(422);
      expect(kindChange.body.error.diagnostics.map((d: { code: string }) => d.code)).toContain("kind_mismatch");
      expect((await get(alice.key, "/scripts/saved")).body.latest_version).toBe(2);
    });

    it("answers 404 for an unknown slug, 403 forbidden_scope without scripts:write", async () => {
      expect((await put(alice.key, "/scripts/nosuch", { base_version: 1, files: ind("X") })).status).toBe(404);
      expect((await put(alice.readKey, "/scripts/saved", { base_version: 2, files: ind("X") })).body.error.code).toBe("forbidden_scope");
    });
  });

  describe("GET /v1/scripts, /v1/scripts/{slug}, versions (#10, #11, #15)", () => {
    it("reads the latest files, or an older version with version=N", async () => {
      const latest = await get(alice.readKey, "/scripts/saved");
      expect(latest.status).toBe(200);
      expect(latest.body.files).toEqual(ind("Saved", "plot(open, \"Open\")"));
      const first = await get(alice.readKey, "/scripts/saved?version=1");
      expect(first.body.files).toEqual(ind("Saved"));
      expect(first.body.latest_version).toBe(2);
      expect(first.body.interface.outputs[0].name).toBe("close");
      expect((await get(alice.readKey, "/scripts/saved?version=9")).status).toBe(404);
      expect((await get(alice.readKey, "/scripts/saved?version=abc")).body.error.code).toBe("invalid_request");
      expect((await get(alice.readKey, "/scripts/saved?version=0")).status).toBe(400);
    });

    it("lists versions with their digest and message, paged", async () => {
      const first = await get(alice.readKey, "/scripts/saved/versions?limit=1");
      expect(first.body.data).toEqual([{ version: 2, created_at: expect.any(String), message: "use open", digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) }]);
      const second = await get(alice.readKey, `/scripts/saved/versions?limit=1&cursor=${encodeURIComponent(first.body.next_cursor)}`);
      expect(second.body.data[0]).toMatchObject({ version: 1, message: null });
      expect(second.body.next_cursor).toBeNull();
    });

    it("lists the caller's scripts in keyset pages, filters by kind, refuses foreign cursors", async () => {
      const all = await get(alice.readKey, "/scripts?limit=500");
      const slugs = all.body.data.map((s: { slug: string }) => s.slug);
      expect(slugs).toEqual(expect.arrayContaining(["closes", "saved", "raced", "ups"]));
      expect(all.body.data.every((s: { files?: unknown }) => s.files === undefined)).toBe(true);
      const walked: string[] = [];
      let cursor: string | null = null;
      do {
        const page: request.Response = await get(alice.readKey, `/scripts?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
        expect(page.body.data.length).toBeLessThanOrEqual(2);
        walked.push(...page.body.data.map((s: { slug: string; kind: string }) => `${s.kind}:${s.slug}`));
        cursor = page.body.next_cursor;
      } while (cursor);
      expect(walked).toEqual(all.body.data.map((s: { slug: string; kind: string }) => `${s.kind}:${s.slug}`));
      const studies = await get(alice.readKey, "/scripts?kind=study");
      expect(studies.body.data.map((s: { kind: string }) => s.kind)).toEqual(["study"]);
      expect((await get(alice.readKey, "/scripts?kind=bogus")).status).toBe(400);
      expect((await get(alice.readKey, "/scripts?cursor=forged")).body.error.code).toBe("invalid_request");
      const versionsCursor = (await get(alice.readKey, "/scripts/saved/versions?limit=1")).body.next_cursor as string;
      expect((await get(alice.readKey, `/scripts?cursor=${encodeURIComponent(versionsCursor)}`)).status).toBe(400);
      // limit=0 and garbage fall back to the default.
      expect((await get(alice.readKey, "/scripts?limit=0")).status).toBe(200);
    });
  });

  describe("?kind= disambiguation", () => {
    it("answers 409 conflict on a slug a study shares, on every script endpoint, and works with kind", async () => {
      for (const res of [
        await get(alice.key, "/scripts/closes"),
        await get(alice.key, "/scripts/closes/versions"),
        await put(alice.key, "/scripts/closes", { base_version: 1, files: ind("X") }),
        await patch(alice.key, "/scripts/closes", { title: "T" }),
        await del(alice.key, "/scripts/closes"),
      ]) {
        expect(res.status).toBe(409);
        expect(res.body.error.code).toBe("conflict");
        expect(res.body.error.message).toMatch(/kind/);
      }
      expect((await get(alice.key, "/scripts/closes?kind=study")).body.kind).toBe("study");
      expect((await get(alice.key, "/scripts/closes?kind=indicator")).body.kind).toBe("indicator");
      expect((await get(alice.key, "/scripts/closes?kind=definition")).status).toBe(404);
      expect((await patch(alice.key, "/scripts/closes?kind=study", { title: "Renamed study" })).body.title).toBe("Renamed study");
    });
  });

  describe("PATCH and DELETE (#13, #14)", () => {
    it("renames, keeping versions, runs and events; a taken new slug is 409", async () => {
      const created = await post(alice.key, "/scripts", { slug: "old-name", files: def("Signals", "buy") });
      expect(created.status).toBe(201);
      await put(alice.key, "/scripts/old-name", { base_version: 1, files: def("Signals v2", "buy") });
      const script = await h.db.script.findFirstOrThrow({ where: { ownerId: alice.id, slug: "old-name" } });
      const runId = "run_AAAAAAAAAAAAAAAAAAAAAAA1";
      await h.db.run.create({ data: { id: runId, accountId: alice.id, kind: "definition", scriptId: script.id, scriptOwnerId: alice.id, scriptSlug: "old-name", scriptVersion: 2, instrument: "AAPL", timeframe: "1d", inputs: {}, status: "succeeded", finishedAt: new Date(), startedAt: new Date(), summary: { bars: 1, warmup_bars: 0, bars_evaluated: 1, compute_units: 1, events: 1, runtime_errors: [], duration: 0.01 }, expiresAt: new Date(Date.now() + 7 * 86_400_000) } });
      await h.db.event.create({ data: { runId, scriptId: script.id, accountId: alice.id, name: "buy", message: "went up", instrument: "AAPL", timeframe: "1d", time: new Date("2020-01-02T00:00:00Z"), price: 10 } });

      const renamed = await patch(alice.key, "/scripts/old-name", { slug: "new-name", description: "renamed", visibility: "public" });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ slug: "new-name", description: "renamed", visibility: "public", latest_version: 2, title: "Signals v2" }); // a save without a title takes the declaration's (ADR 0305)
      expect((await get(alice.key, "/scripts/old-name")).status).toBe(404);
      expect((await get(alice.key, "/scripts/new-name/versions")).body.data).toHaveLength(2);
      expect(await h.db.run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ scriptId: script.id, scriptSlug: "new-name" }); // ADR 0008
      expect((await get(alice.key, `/runs/${runId}`)).body.script).toEqual({ owner: "alice", slug: "new-name", version: 2 });
      expect((await get(alice.key, "/runs?script=new-name")).body.data.map((r: { id: string }) => r.id)).toEqual([runId]);
      expect((await get(alice.key, "/runs?script=old-name")).body.data).toEqual([]);
      expect(await h.db.event.count({ where: { scriptId: script.id } })).toBe(1);

      const taken = await patch(alice.key, "/scripts/new-name", { slug: "ups" });
      expect(taken.status).toBe(409);
      expect(taken.body.error.code).toBe("conflict");
      expect((await patch(alice.key, "/scripts/new-name", { slug: "Not Valid" })).status).toBe(400);
      expect((await patch(alice.key, "/scripts/new-name", { owner_id: "x" })).status).toBe(400);

      // DELETE: 204, no body; its runs and events stay readable by run id.
      const gone = await del(alice.key, "/scripts/new-name");
      expect(gone.status).toBe(204);
      expect(gone.text).toBe("");
      expect((await get(alice.key, "/scripts/new-name")).status).toBe(404);
      expect((await del(alice.key, "/scripts/new-name")).status).toBe(404);
      expect(await h.db.run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ scriptId: null, scriptSlug: "new-name" });
      expect(await h.db.event.count({ where: { runId } })).toBe(1);
      const run = await get(alice.key, `/runs/${runId}`);
      expect(run.status).toBe(200);
      expect(run.body.id).toBe(runId);
    });

    it("refuses a query parameter DELETE does not take, deleting nothing: ?version= on a script, ?before= on its events (docs/adr/0277)", async () => {
      expect((await post(alice.key, "/scripts", { slug: "keep-me", files: def("Keep me", "buy") })).status).toBe(201);
      await put(alice.key, "/scripts/keep-me", { base_version: 1, files: def("Keep me v2", "buy") });
      const script = await h.db.script.findFirstOrThrow({ where: { ownerId: alice.id, slug: "keep-me" } });
      const runId = "run_DeLeTeQuErYPaRaMs0000277";
      await h.db.run.create({ data: { id: runId, accountId: alice.id, kind: "definition", scriptId: script.id, scriptOwnerId: alice.id, scriptSlug: "keep-me", scriptVersion: 2, instrument: "AAPL", timeframe: "1d", inputs: {}, status: "succeeded", finishedAt: new Date(), startedAt: new Date(), summary: { bars: 1, warmup_bars: 0, bars_evaluated: 1, compute_units: 1, events: 1, runtime_errors: [], duration: 0.01 }, expiresAt: new Date(Date.now() + 7 * 86_400_000) } });
      await h.db.event.create({ data: { runId, scriptId: script.id, accountId: alice.id, name: "buy", message: "went up", instrument: "AAPL", timeframe: "1d", time: new Date("2020-01-02T00:00:00Z"), price: 10 } });

      const oneVersion = await del(alice.key, "/scripts/keep-me?version=2");
      expect([oneVersion.status, oneVersion.body.error?.code]).toEqual([400, "invalid_request"]);
      expect(oneVersion.body.error.message).toBe("Parameter `version` is not a parameter of this request (it takes: kind, owner).");
      expect((await get(alice.key, "/scripts/keep-me/versions")).body.data).toHaveLength(2);

      const older = await del(alice.key, "/scripts/keep-me/events?before=2021-01-01T00:00:00Z");
      expect([older.status, older.body.error?.code]).toEqual([400, "invalid_request"]);
      expect(older.body.error.message).toBe("Parameter `before` is not a parameter of this request (it takes: kind, owner, instrument, timeframe, from, to, name, run_id).");
      expect(await h.db.event.count({ where: { runId } })).toBe(1);

      // The parameters they take still work.
      expect((await del(alice.key, "/scripts/keep-me/events?kind=definition&to=2021-01-01T00:00:00Z")).body).toEqual({ deleted: 1 });
      expect((await del(alice.key, "/scripts/keep-me?kind=definition")).status).toBe(204);
    });

    it("leaves dependents of a deleted library with unresolved_import when next validated", async () => {
      await post(alice.key, "/scripts", { slug: "tools", files: [{ path: "main.pine", content: "//@version=6\nlibrary(\"Tools\")\nexport double(float x) =>\n    2 * x\n" }] });
      const user = [{ path: "main.pine", content: "//@version=6\nindicator(\"Uses tools\")\nimport alice/tools/1 as tools\nplot(tools.double(close), \"Doubled\")\n" }];
      const created = await post(alice.key, "/scripts", { slug: "uses-tools", files: user });
      expect(created.body.dependencies).toEqual([{ owner: "alice", slug: "tools", kind: "library", version: 1 }]);
      expect((await del(alice.key, "/scripts/tools")).status).toBe(204);
      const res = await post(alice.key, "/scripts/validate", { files: user });
      expect(res.body.valid).toBe(false);
      expect(res.body.diagnostics.map((d: { code: string }) => d.code)).toContain("unresolved_import");
    });
  });

  describe("?owner= and isolation", () => {
    beforeAll(async () => {
      await post(bob.key, "/scripts", { slug: "bob-private", files: ind("Bob private") });
      await post(bob.key, "/scripts", { slug: "bob-public", visibility: "public", files: ind("Bob public") });
      // a stored instrument, so that the collect below is refused for its script only (the request's
      // own values are checked first: docs/adr/0187)
      await writeFlatSeries(h.db, { id: "ins_aapl", symbol: "AAPL", timeframe: "1d", t0: 1_577_923_200, step: 86_400, count: 3, value: (i) => 10 + i });
    });

    it("another account's private slug answers 404 on every script endpoint", async () => {
      const answers = [
        await get(alice.key, "/scripts/bob-private"),
        await get(alice.key, "/scripts/bob-private?owner=bob"),
        await put(alice.key, "/scripts/bob-private", { base_version: 1, files: ind("X") }),
        await put(alice.key, "/scripts/bob-private?owner=bob", { base_version: 1, files: ind("X") }),
        await patch(alice.key, "/scripts/bob-private?owner=bob", { title: "x" }),
        await del(alice.key, "/scripts/bob-private?owner=bob"),
        await get(alice.key, "/scripts/bob-private/versions?owner=bob"),
        await get(alice.key, "/scripts/bob-private/events?owner=bob"),
        await del(alice.key, "/scripts/bob-private/events?owner=bob"),
        await post(alice.key, "/scripts/bob-private/collect?owner=bob", { instrument: "AAPL", timeframe: "1d" }),
        await get(alice.key, "/library/bob/bob-private"),
      ];
      expect(answers.map((r) => [r.status, r.body.error?.code])).toEqual(answers.map(() => [404, "not_found"]));
      expect(await h.db.script.findFirstOrThrow({ where: { slug: "bob-private" } })).toMatchObject({ title: "Bob private", latestVersion: 1 });
    });

    it("reads another account's public script (#11, #15) but cannot change it (#12-#14: 403 forbidden)", async () => {
      const read = await get(alice.key, "/scripts/bob-public?owner=bob");
      expect(read.status).toBe(200);
      expect(read.body.files).toEqual(ind("Bob public"));
      expect((await get(alice.key, "/scripts/bob-public/versions?owner=bob")).body.data).toHaveLength(1);
      for (const res of [
        await put(alice.key, "/scripts/bob-public?owner=bob", { base_version: 1, files: ind("Mine now") }),
        await patch(alice.key, "/scripts/bob-public?owner=bob", { title: "Mine" }),
        await del(alice.key, "/scripts/bob-public?owner=bob"),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.error.code).toBe("forbidden");
      }
      // Without owner, the slug names the caller's own (none): 404.
      expect((await get(alice.key, "/scripts/bob-public")).status).toBe(404);
    });

    it("treats the caller's own handle as no owner, and an unknown handle as 404", async () => {
      expect((await get(alice.key, "/scripts/saved?owner=alice")).status).toBe(200);
      expect((await put(alice.key, "/scripts/saved?owner=alice", { base_version: 2, files: ind("Saved", "plot(open, \"Open\")") })).status).toBe(200);
      expect((await get(alice.key, "/scripts/saved?owner=nobody-here")).status).toBe(404);
    });

    it("never lists another account's scripts", async () => {
      const mine = await get(alice.key, "/scripts?limit=500");
      expect(mine.body.data.map((s: { slug: string }) => s.slug)).not.toEqual(expect.arrayContaining(["bob-private"]));
      expect(mine.body.data.map((s: { slug: string }) => s.slug)).not.toContain("bob-public");
    });

    it("resolves imports of another account's private library as unresolved", async () => {
      await post(bob.key, "/scripts", { slug: "secret-lib", files: [{ path: "main.pine", content: "//@version=6\nlibrary(\"Secret\")\nexport f(float x) =>\n    x\n" }] });
      const res = await post(alice.key, "/scripts/validate", { files: [{ path: "main.pine", content: "//@version=6\nindicator(\"Peek\")\nimport bob/secret-lib/1 as s\nplot(s.f(close))\n" }] });
      expect(res.body.valid).toBe(false);
      expect(res.body.diagnostics.map((d: { code: string }) => d.code)).toContain("unresolved_import");
    });
  });
});
