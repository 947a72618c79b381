import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { runSeed, type SeedStep } from "@barscript/db";

describe("seeding", () => {
  let env: TestEnv;
  beforeAll(async () => { env = await createTestEnv(); });
  afterAll(async () => { await env.close(); });

  it("when run, then plans come first and registered steps follow in order", async () => {
    const order: string[] = [];
    const steps: SeedStep[] = [
      { name: "first", run: async ({ db }) => { order.push(`first:${await db.plan.count()}`); } },
      { name: "second", run: async () => { order.push("second"); } },
    ];
    const done = await runSeed({ db: env.db, databaseUrl: env.databaseUrl, log: () => undefined }, steps);
    expect(done).toEqual(["plans", "first", "second"]);
    expect(order).toEqual(["first:4", "second"]);
  });

  it("when an operator changed a plan, then seeding again keeps the change", async () => {
    await env.db.plan.update({ where: { name: "pro" }, data: { requestsPerMinute: 1234 } });
    await runSeed({ db: env.db, databaseUrl: env.databaseUrl, log: () => undefined }, []);
    expect((await env.db.plan.findUniqueOrThrow({ where: { name: "pro" } })).requestsPerMinute).toBe(1234);
  });

  it("when a step fails, then the error names it", async () => {
    const failing: SeedStep = { name: "broken", run: async () => { throw new Error("boom"); } };
    await expect(runSeed({ db: env.db, databaseUrl: env.databaseUrl, log: () => undefined }, [failing])).rejects.toThrow('seed step "broken" failed: boom');
  });
});
