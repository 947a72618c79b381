// docs/operations.md, "Operator CLI": every listing and change takes `--json` for one JSON
// document on stdout. The instrument commands and `key reload` refused it ("unknown option").
// In-process (test/support/admin.ts): the same parsing and output as the process.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { adminInProcess, type AdminResult } from "./support/admin";

jest.setTimeout(60_000);

let env: TestEnv;
let dir: string;
const admin = (...args: string[]): Promise<AdminResult> => adminInProcess(env.processEnv, args);
const json = async (...args: string[]): Promise<unknown> => {
  const r = await admin(...args, "--json");
  expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
  return JSON.parse(r.stdout) as unknown;
};

beforeAll(async () => {
  env = await createTestEnv();
  dir = mkdtempSync(join(tmpdir(), "bs-admin-json-"));
});
afterAll(async () => {
  await env.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("--json on the instrument commands and key reload", () => {
  it("when a file of two daily bars (Friday 2024-03-01, Monday 2024-03-04) is imported with --json, then the import comes as one document", async () => {
    const file = join(dir, "two.csv");
    writeFileSync(file, "time,open,high,low,close,volume\n2024-03-01,1,2,0.5,1.5,10\n2024-03-04,1.5,3,1,2,20\n");
    // Two weeks: 1w bars open on the Mondays 2024-02-26 and 2024-03-04.
    expect(await json("instruments", "import", "--symbol", "jsn", "--timeframe", "1d", "--file", file)).toEqual({
      symbol: "JSN",
      instrument_id: expect.stringMatching(/^ins_/),
      created: true,
      bars: 2,
      series: [
        { timeframe: "1d", origin: "imported", coverage: { from: "2024-03-01T00:00:00Z", to: "2024-03-04T00:00:00Z", bars: 2 } },
        { timeframe: "1w", origin: "derived", coverage: { from: "2024-02-26T00:00:00Z", to: "2024-03-04T00:00:00Z", bars: 2 } },
      ],
    });
  });

  it("when backfill-status is set with --json, then the symbol and its status come as one document", async () => {
    expect(await json("instruments", "backfill-status", "--symbol", "jsn", "--status", "backfilling")).toEqual({ symbol: "JSN", status: "backfilling" });
  });

  it("when key reload is run with --json, then it says every API process reloads", async () => {
    expect(await json("key", "reload")).toEqual({ reloaded: true });
  });
});
