// A freshly migrated database must be exactly what prisma/schema.prisma describes: tables,
// columns (type, nullability, default), primary keys, unique and plain indexes (column order
// included), foreign keys with their actions, and enums. schema.prisma is read by our own small
// parser (test/support/prisma-schema.ts), the database through information_schema and pg_catalog.
import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Client } from "pg";
import { migrate, MIGRATIONS_DIR } from "@barscript/db";
import { ADMIN_URL, createDatabaseFromTemplate, dropDatabase, urlFor } from "../../../test/support/databases";
import { diffShapes, expectedShape, readShape, type DbShape } from "../../../test/support/db-shape";
import { parsePrismaSchema } from "../../../test/support/prisma-schema";

const ROOT = resolve(__dirname, "../../..");
const SCHEMA_FILE = join(ROOT, "prisma/schema.prisma");
const MIGRATIONS = join(ROOT, "prisma/migrations");

async function withClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

describe("the migrated database against prisma/schema.prisma", () => {
  const fresh = `bs_schema_${randomBytes(4).toString("hex")}`;
  const expected: DbShape = expectedShape(parsePrismaSchema(readFileSync(SCHEMA_FILE, "utf8")));
  let actual: DbShape;

  beforeAll(async () => {
    await withClient(ADMIN_URL, (c) => c.query(`CREATE DATABASE "${fresh}"`));
    await migrate(urlFor(fresh), MIGRATIONS_DIR);
    actual = await withClient(urlFor(fresh), readShape);
  });
  afterAll(async () => { await dropDatabase(fresh); });

  it("when freshly migrated, then nothing differs from the schema", () => {
    expect(diffShapes(expected, actual)).toEqual([]);
  });

  it("when the schema is read, then it covers every model, enum and relation", () => {
    // Guards the test itself: a parser that silently read nothing would make the diff empty.
    expect(Object.keys(expected.tables)).toHaveLength(17);
    expect(Object.keys(expected.enums)).toHaveLength(10);
    expect(Object.keys(expected.foreignKeys)).toHaveLength(17);
    expect(expected.columns["events.id"]).toEqual({ type: "bigint", nullable: false, default: "nextval('events_id_seq'::regclass)" });
    expect(expected.columns["accounts.status"]).toEqual({ type: "USER-DEFINED AccountStatus", nullable: false, default: `'waitlist'::"AccountStatus"` });
    expect(expected.columns["plans.historyStart"]).toEqual({ type: "date", nullable: true, default: null });
    expect(expected.columns["api_keys.scopes"]).toEqual({ type: "text[]", nullable: true, default: null });
    expect(expected.foreignKeys["accounts_planName_fkey"]).toMatchObject({ onDelete: "RESTRICT", onUpdate: "CASCADE" });
    expect(expected.foreignKeys["runs_scriptId_fkey"]).toMatchObject({ onDelete: "SET NULL", onUpdate: "CASCADE" });
  });

  it("when migrations were applied, then _prisma_migrations holds each file's SHA-256", async () => {
    const files = readdirSync(MIGRATIONS, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort()
      .map((name) => ({ name, checksum: createHash("sha256").update(readFileSync(join(MIGRATIONS, name, "migration.sql"))).digest("hex") }));
    const rows = await withClient(urlFor(fresh), (c) => c.query<{ name: string; checksum: string; finished: boolean; rolled_back: boolean }>(
      `SELECT migration_name AS name, checksum, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS rolled_back
         FROM "_prisma_migrations" ORDER BY migration_name`));
    expect(files.length).toBeGreaterThan(0);
    expect(rows.rows).toEqual(files.map((f) => ({ ...f, finished: true, rolled_back: false })));
  });
});

describe("the drift check itself", () => {
  let scratch: string;
  let diff: string[];

  beforeAll(async () => {
    scratch = await createDatabaseFromTemplate();
    await withClient(urlFor(scratch), async (c) => {
      await c.query(`DROP INDEX "scripts_visibility_kind_updatedAt_idx"`);
      await c.query(`DROP INDEX "events_runId_time_id_idx"`);
      await c.query(`CREATE INDEX "events_runId_time_id_idx" ON "events"("runId", "id", "time")`);
      await c.query(`ALTER TABLE "runs" ALTER COLUMN "windowBars" TYPE bigint`);
      await c.query(`ALTER TABLE "instruments" ALTER COLUMN "exchange" DROP NOT NULL`);
      await c.query(`ALTER TABLE "scripts" ALTER COLUMN "description" SET DEFAULT 'none'`);
      await c.query(`ALTER TABLE "runs" DROP CONSTRAINT "runs_scriptId_fkey", ADD CONSTRAINT "runs_scriptId_fkey" FOREIGN KEY ("scriptId") REFERENCES "scripts"("id") ON DELETE CASCADE ON UPDATE CASCADE`);
      await c.query(`ALTER TYPE "RunStatus" ADD VALUE 'paused'`);
      await c.query(`ALTER TABLE "plans" ADD COLUMN "extra" integer`);
    });
    const expected = expectedShape(parsePrismaSchema(readFileSync(SCHEMA_FILE, "utf8")));
    diff = diffShapes(expected, await withClient(urlFor(scratch), readShape));
  });
  afterAll(async () => { await dropDatabase(scratch); });

  it("when an index is dropped, then it is reported missing", () => {
    expect(diff).toContainEqual(expect.stringMatching(/^index scripts_visibility_kind_updatedAt_idx: missing/));
  });

  it("when an index's columns are reordered, then it is reported", () => {
    expect(diff).toContainEqual(expect.stringMatching(/^index events_runId_time_id_idx: expected .*"runId","time","id".*found .*"runId","id","time"/));
  });

  it("when a column's type, nullability or default changes, then each is reported", () => {
    expect(diff).toContainEqual(expect.stringMatching(/^column runs.windowBars: expected \{"type":"integer".*found \{"type":"bigint"/));
    expect(diff).toContainEqual(expect.stringMatching(/^column instruments.exchange: .*"nullable":false.*"nullable":true/));
    expect(diff).toContainEqual(expect.stringMatching(/^column scripts.description: .*''::text.*'none'::text/));
  });

  it("when a foreign key's action, an enum or a column is added, then each is reported", () => {
    expect(diff).toContainEqual(expect.stringMatching(/^foreign key runs_scriptId_fkey: .*"SET NULL".*"CASCADE"/));
    expect(diff).toContainEqual(expect.stringMatching(/^enum RunStatus: expected .*found .*"paused"/));
    expect(diff).toContainEqual(expect.stringMatching(/^column plans.extra: unexpected/));
  });

  it("when nothing else was changed, then nothing else is reported", () => {
    expect(diff).toHaveLength(8);
  });
});
