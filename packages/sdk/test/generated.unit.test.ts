// The committed generated files are what scripts/generate.ts writes from today's endpoint table:
// a table change without `npm run generate -w @barscript/sdk` fails here. (openapi-typescript is
// an ES module, so the check runs as a process under tsx.)
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "../../..");
const GENERATED = join(ROOT, "packages/sdk/src/generated");
const check = (dir = GENERATED): { status: number | null; stderr: string } =>
  spawnSync(process.execPath, ["--import", "tsx", join(ROOT, "packages/sdk/scripts/generate.ts"), "--check", "--dir", dir], { cwd: ROOT, encoding: "utf8" });

describe("generated SDK files", () => {
  it("when generated again from the OpenAPI document, then each committed file is identical", () => {
    const result = check();
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  it("when a committed file differs, then the check names it and fails", () => {
    const dir = mkdtempSync(join(tmpdir(), "bs-sdk-"));
    copyFileSync(join(GENERATED, "openapi.ts"), join(dir, "openapi.ts"));
    writeFileSync(join(dir, "operations.ts"), readFileSync(join(GENERATED, "operations.ts"), "utf8").replace("getMe", "getMyself"));
    const result = check(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(`stale: ${join(dir, "operations.ts")} (run npm run generate -w @barscript/sdk)\n`);
  });
});
