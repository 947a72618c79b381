import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { migrate, MIGRATIONS_DIR, readMigrations } from "@barscript/db";

describe("migration runner", () => {
  let env: TestEnv;
  beforeAll(async () => { env = await createTestEnv(); });
  afterAll(async () => { await env.close(); });

  it("when run again on a migrated database, then it applies nothing", async () => {
    const result = await migrate(env.databaseUrl, MIGRATIONS_DIR);
    expect(result.applied).toEqual([]);
    expect(result.skipped).toEqual(readMigrations(MIGRATIONS_DIR).map((m) => m.name));
  });

  it("when migrations ran, then plans are seeded with the reference's figures", async () => {
    const pro = await env.db.plan.findUniqueOrThrow({ where: { name: "pro" } });
    expect(pro.requestsPerMinute).toBe(600);
    expect(pro.historyStart?.toISOString()).toBe("1990-01-01T00:00:00.000Z");
  });
});
