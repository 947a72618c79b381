// The repository stands alone (docs/adr/0030-self-contained-repository.md): no tracked file
// names a path of one machine, and tests and code read data through paths relative to
// themselves. Reads the tracked files with `git ls-files`, so untracked scratch files of a
// working tree do not count.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(__dirname, "..", "..");
const TEXT = /\.(ts|tsx|js|mjs|cjs|json|md|yml|yaml|prisma|sql|sh|pine|html|css|toml)$|(^|\/)(run|Dockerfile|\.[a-z]+rc)$/;
/** Absolute paths that only exist on one machine (home folders, a shared work area). */
const MACHINE_PATH = /(?<![\w.])\/(work|home|Users|root)\/[\w.-]+/;

function trackedTextFiles(): string[] {
  const out = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return out.split("\0").filter((f) => f !== "" && f !== "package-lock.json" && TEXT.test(f));
}

describe("a self-contained repository", () => {
  const files = trackedTextFiles();

  it("reads the tracked files (the check is not vacuous)", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain("test/repo/self-contained.unit.test.ts");
  });

  it("names no absolute path of a machine in any tracked file", () => {
    const hits: string[] = [];
    for (const file of files) {
      readFileSync(join(ROOT, file), "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (MACHINE_PATH.test(line)) hits.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`);
        });
    }
    expect(hits).toEqual([]);
  });

  it("recognizes a machine path and leaves URLs and relative paths alone", () => {
    // Built from parts, so this file does not hold the paths it looks for.
    const abs = (...parts: string[]): string => ["", ...parts].join("/");
    expect(MACHINE_PATH.test(`const DATA = "${abs("work", "shared", "data")}";`)).toBe(true);
    expect(MACHINE_PATH.test(`see ${abs("home", "alice", "notes")}`)).toBe(true);
    expect(MACHINE_PATH.test('join(__dirname, "../../marketdata/demo")')).toBe(false);
    expect(MACHINE_PATH.test(`https://example.com${abs("work", "items")}`)).toBe(false);
    expect(MACHINE_PATH.test("GET /v1/runs/{run_id}")).toBe(false);
  });
});
