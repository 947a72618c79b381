// Scripts storage against a real Postgres: the core library seed (real validate()), versions
// decided by the database under true concurrency, slugs per class, library full-text search,
// and the linker's resolver.
import { validate } from "@barscript/lang";
import {
  createAccount, createScriptResolver, createScriptService, listVersions, locateScript, readCoreLibrary, saveVersion, searchLibrary,
  seedCoreLibrary, ScriptsError, deleteScript, locateOwnScript, ownScriptsJsonSql, query, statement, type Derived, type Db, type ScriptJson,
} from "@barscript/db";
import { createTestEnv, type TestEnv } from "../../../test/support/env";

const indicator = (title: string, body = "plot(close)"): Array<{ path: string; content: string }> => [
  { path: "main.pine", content: `//@version=6\nindicator("${title}")\n${body}\n` },
];

// Seeding the core library validates 34 scripts; give hooks and tests room on a busy machine.
jest.setTimeout(60_000);

describe("scripts storage", () => {
  let env: TestEnv;
  let db: Db;
  let caller: { accountId: string; handle: string };
  const service = (): ReturnType<typeof createScriptService> => createScriptService({ db, validate });

  beforeAll(async () => {
    env = await createTestEnv();
    db = env.db;
    const account = await createAccount(db, { email: "owner@example.com", password: "correct horse battery", handle: "owner", plan: "pro", admit: true });
    caller = { accountId: account.id, handle: account.handle };
  });
  afterAll(async () => { await env.close(); });

  describe("core library seed", () => {
    it("creates every manifest script under `core`, public, each valid through the real validate()", async () => {
      const result = await seedCoreLibrary(db);
      const sources = readCoreLibrary();
      expect(sources.length).toBeGreaterThanOrEqual(25);
      expect(result.created).toEqual(sources.map((s) => s.slug));
      const core = await db.account.findUniqueOrThrow({ where: { handle: "core" }, include: { plan: true } });
      expect(core.status).toBe("active");
      expect(core.planName).toBe("business");
      expect(core.passwordHash.startsWith("scrypt$")).toBe(false);
      const scripts = await db.script.findMany({ where: { ownerId: core.id } });
      expect(scripts).toHaveLength(sources.length);
      expect(scripts.every((s) => s.visibility === "public")).toBe(true);
      const kinds = new Set(scripts.map((s) => s.kind));
      expect([...kinds].sort()).toEqual(["definition", "indicator", "library", "study"]);
      // Re-validate each stored script as core: zero errors.
      const resolver = createScriptResolver(db, { accountId: core.id, handle: "core" });
      for (const source of sources) {
        const validation = await validate(source.files, { resolver });
        expect({ slug: source.slug, errors: validation.diagnostics.filter((d) => d.severity === "error") }).toEqual({ slug: source.slug, errors: [] });
        expect(validation.valid).toBe(true);
        // Real multi-line scripts, not one-liners.
        expect(source.files[0]?.content.split("\n").filter((l) => l.trim() !== "" && !l.trim().startsWith("//")).length).toBeGreaterThanOrEqual(4);
      }
    });

    it("is idempotent: a second seed changes nothing", async () => {
      const before = await db.scriptVersion.count();
      const result = await seedCoreLibrary(db);
      expect(result.created).toEqual([]);
      expect(result.updated).toEqual([]);
      expect(await db.scriptVersion.count()).toBe(before);
    });

    it("holds the scripts the brief names, with their events", async () => {
      const core = await db.account.findUniqueOrThrow({ where: { handle: "core" } });
      const found = await db.script.findMany({ where: { ownerId: core.id }, include: { versions: true } });
      const bySlug = new Map(found.map((s) => [s.slug, s]));
      for (const slug of ["rsi", "macd", "bollinger", "atr", "stochastic", "supertrend", "vwap", "ichimoku", "keltner", "adx", "ema-ribbon", "donchian", "cci", "mfi", "obv", "williams-r"]) {
        expect(bySlug.get(slug)?.kind).toBe("indicator");
      }
      const maCross = bySlug.get("ma-cross");
      expect(maCross?.kind).toBe("definition");
      const events = (maCross?.versions[0]?.interface as { events: Array<{ name: string }> }).events.map((e) => e.name);
      expect(events).toEqual(expect.arrayContaining(["bull", "bear"]));
      expect(bySlug.get("rsi-oversold")?.kind).toBe("definition");
      expect(bySlug.get("helpers")?.kind).toBe("library");
      expect(found.filter((s) => s.kind === "study")).toHaveLength(2);
      const importers = found.filter((s) => (s.versions[0]?.dependencies as Array<{ slug: string }>).some((d) => d.slug === "helpers"));
      expect(importers.length).toBeGreaterThanOrEqual(2);
    });
  });

  describe("library search (Postgres full-text)", () => {
    it("finds the RSI script for \"relative strength\", best first", async () => {
      const page = await searchLibrary(db, { q: "relative strength", limit: 10 });
      expect(page.rows[0]?.slug).toBe("rsi");
      expect(page.rows[0]?.ownerHandle).toBe("core");
    });

    it("stems words and searches descriptions and slugs, with a kind filter", async () => {
      const crosses = await searchLibrary(db, { q: "crossing", kind: "definition", limit: 50 });
      expect(crosses.rows.map((r) => r.slug)).toEqual(expect.arrayContaining(["ma-cross", "macd-cross"]));
      expect(crosses.rows.every((r) => r.kind === "definition")).toBe(true);
      const bySlug = await searchLibrary(db, { q: "donchian", limit: 5 });
      expect(bySlug.rows[0]?.slug).toBe("donchian");
    });

    it("pages by (rank, id) without repeats or gaps", async () => {
      const all = await searchLibrary(db, { q: "average", limit: 200 });
      expect(all.rows.length).toBeGreaterThan(3);
      const seen: string[] = [];
      let after: [number | string, string] | undefined;
      for (;;) {
        const page = await searchLibrary(db, { q: "average", limit: 2, after });
        seen.push(...page.rows.map((r) => r.slug));
        if (!page.next) break;
        after = page.next;
      }
      expect(seen).toEqual(all.rows.map((r) => r.slug));
    });
  });

  describe("versions decided by the database", () => {
    const derived: Derived = { kind: "indicator", title: "Race", interface: { inputs: [], outputs: [], events: [], warmup_bars: 0 }, dependencies: [] };

    it("lets exactly one of two concurrent saves on one base through", async () => {
      const created = await service().create(caller, { slug: "race", files: indicator("Race") });
      for (let round = 0; round < 5; round++) {
        const base = created.latestVersion + round;
        const attempts = await Promise.allSettled([
          saveVersion(db, { scriptId: created.id, baseVersion: base, files: indicator("Race", `plot(open + ${round})`), digest: `sha256:a${round}`, derived }),
          saveVersion(db, { scriptId: created.id, baseVersion: base, files: indicator("Race", `plot(high + ${round})`), digest: `sha256:b${round}`, derived }),
        ]);
        const won = attempts.filter((a) => a.status === "fulfilled");
        const lost = attempts.filter((a): a is PromiseRejectedResult => a.status === "rejected");
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(1);
        expect(lost[0]?.reason).toBeInstanceOf(ScriptsError);
        expect((lost[0]?.reason as ScriptsError).reason).toBe("version_conflict");
        expect((lost[0]?.reason as ScriptsError).extra.latestVersion).toBe(base + 1);
      }
      const versions = await listVersions(db, created.id, { limit: 50 });
      expect(versions.rows.map((v) => v.version)).toEqual([6, 5, 4, 3, 2, 1]);
    });

    it("creates no version for files identical to the latest", async () => {
      const created = await service().create(caller, { slug: "same", files: indicator("Same") });
      const outcome = await service().save(caller, created, { files: indicator("Same"), base_version: 1 });
      expect(outcome.created).toBe(false);
      expect(outcome.script.latestVersion).toBe(1);
    });
  });

  describe("slugs", () => {
    it("are unique per class: a study may share a slug with an indicator, which then needs ?kind=", async () => {
      await service().create(caller, { slug: "shared", files: indicator("Shared") });
      await expect(service().create(caller, { slug: "shared", files: indicator("Again") })).rejects.toMatchObject({ reason: "conflict" });
      await service().create(caller, { slug: "rsi-low", files: [{ path: "main.pine", content: "//@version=6\ndefinition(\"Low\")\nalertcondition(ta.rsi(close, 14) < 30, \"low\", \"low\")\n" }] });
      await service().create(caller, { slug: "shared", files: [{ path: "main.pine", content: "//@version=6\nstudy(\"Shared study\")\nuse(\"rsi-low\")\n" }] });
      await expect(locateScript(db, caller, "shared")).rejects.toMatchObject({ reason: "conflict" });
      expect((await locateScript(db, caller, "shared", { kind: "study" })).script.kind).toBe("study");
      expect((await locateScript(db, caller, "shared", { kind: "indicator" })).script.kind).toBe("indicator");
      // the same rows read as one JSON value (the API's run start reads them beside the series)
      const json = statement("test_own_scripts_json", `SELECT (${ownScriptsJsonSql("$1", "$2")}) AS scripts`);
      const read = async (slug: string): Promise<ScriptJson[] | null> => (await query<{ scripts: ScriptJson[] | null }>(db, json, [caller.accountId, slug]))[0]?.scripts ?? null;
      const rows = await read("shared");
      expect(() => locateOwnScript(caller, "shared", undefined, rows)).toThrow(expect.objectContaining({ reason: "conflict" }));
      const study = locateOwnScript(caller, "shared", "study", rows);
      const stored = await db.script.findFirstOrThrow({ where: { ownerId: caller.accountId, slug: "shared", kind: "study" } });
      expect(study).toEqual({ script: { id: stored.id, ownerId: caller.accountId, slug: "shared", slugClass: "study", kind: "study", title: stored.title, description: stored.description, visibility: stored.visibility, latestVersion: 1, createdAt: stored.createdAt, updatedAt: stored.updatedAt }, ownerHandle: "owner", own: true });
      expect(await read("no-such-slug")).toBeNull();
      expect(() => locateOwnScript(caller, "no-such-slug", undefined, null)).toThrow(expect.objectContaining({ reason: "not_found" }));
    });
  });

  describe("resolver", () => {
    it("sees own private scripts and others' public ones only; a deleted library leaves dependents unresolved", async () => {
      const lib = await service().create(caller, { slug: "mylib", files: [{ path: "main.pine", content: "//@version=6\nlibrary(\"Mine\")\nexport twice(float x) =>\n    2 * x\n" }] });
      const user = [{ path: "main.pine", content: "//@version=6\nindicator(\"User\")\nimport owner/mylib/1 as m\nplot(m.twice(close))\n" }];
      const ok = await service().validate(caller, { files: user });
      expect(ok.valid).toBe(true);
      expect(ok.dependencies).toEqual([{ owner: "owner", slug: "mylib", kind: "library", version: 1 }]);
      const other = await createAccount(db, { email: "other@example.com", password: "correct horse battery", handle: "other", plan: "pro", admit: true });
      const otherResolver = createScriptResolver(db, { accountId: other.id, handle: "other" });
      expect(await otherResolver.resolve({ owner: "owner", slug: "mylib", version: 1 })).toBeNull();
      expect(await otherResolver.resolve({ owner: "core", slug: "helpers", version: null })).toMatchObject({ owner: "core", kind: "library", version: 1 });
      await deleteScript(db, lib.id);
      const after = await service().validate(caller, { files: user });
      expect(after.valid).toBe(false);
      expect(after.diagnostics.map((d) => d.code)).toContain("unresolved_import");
    });
  });
});
