// The repository stands alone (docs/adr/0030-self-contained-repository.md): no tracked file
// names a path of the machine it was built on (the checkout itself, or the shared folder of
// documents and data it was built from), so tests and code reach data through paths relative
// to themselves. Reads the tracked files with `git ls-files`, so untracked scratch files of a
// working tree do not count. Made-up paths in tests (`/home/a/rsi.pine`) are fine.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(__dirname, "..", "..");
const TEXT = /\.(ts|tsx|js|mjs|cjs|json|md|yml|yaml|prisma|sql|sh|pine|html|css|toml)$|(^|\/)(run|Dockerfile|\.[a-z]+rc)$/;
// Built from parts, so this file does not hold the paths it looks for.
const abs = (...parts: string[]): string => ["", ...parts].join("/");
/** This checkout's absolute path, and the build machine's work area and shared folder. */
const MACHINE_PATHS = [ROOT, abs("work", "main"), abs("work", "shared")];

function machinePathIn(line: string): string | null {
  return MACHINE_PATHS.find((p) => new RegExp(`${p.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}(?![\\w.-])`).test(line)) ?? null;
}

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

  it("names no path of the build machine in any tracked file", () => {
    const hits: string[] = [];
    for (const file of files) {
      readFileSync(join(ROOT, file), "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (machinePathIn(line)) hits.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`);
        });
    }
    expect(hits).toEqual([]);
  });

  it("recognizes the machine's paths and leaves made-up and relative paths alone", () => {
    expect(machinePathIn(`const DATA = "${abs("work", "shared", "data")}";`)).toBe(abs("work", "shared"));
    expect(machinePathIn(`git clone ${abs("work", "main")} /tmp/ci-check`)).toBe(abs("work", "main"));
    expect(machinePathIn(`readFileSync("${join(ROOT, "packages", "x.csv")}")`)).toBe(ROOT);
    expect(machinePathIn('displayPath("/home/a/rsi.pine")')).toBeNull();
    expect(machinePathIn('join(__dirname, "../../marketdata/demo")')).toBeNull();
    expect(machinePathIn(`${abs("work", "mainframe")} is another folder`)).toBeNull();
  });
});
