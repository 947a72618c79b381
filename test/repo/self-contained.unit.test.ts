// The repository stands alone (docs/adr/0030-self-contained-repository.md): no tracked file
// names a path of the machine it was built on (the checkout itself, or the shared folder of
// documents and data it was built from), so tests and code reach data through paths relative
// to themselves. Reads the tracked files with `git ls-files`, so untracked scratch files of a
// working tree do not count. Made-up paths in tests (`/home/a/rsi.pine`) are fine. Comments
// cite documents of the repository (docs/reference), not the contract documents outside it.
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

/**
 * The contract documents the project was first built from live outside the repository; comments
 * cite docs/reference instead. Files still being reworded when this check was added; an entry
 * goes when its file is clean (new files never join the list).
 */
const NOT_YET_REWORDED = new Set<string>([]);
// Built from parts, so this file does not cite them itself.
const OUTSIDE_NAMES = ["API", "LANGUAGE", ["SERVICE", "SPEC"].join("-"), "ARCHITECTURE", "STYLE"];
const OUTSIDE_DOCUMENT = new RegExp([...OUTSIDE_NAMES.map((d) => `\\b${d}\\.md\\b`), OUTSIDE_NAMES[2]].join("|"));

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
    expect(machinePathIn(`git clone ${abs("work", "main")} elsewhere`)).toBe(abs("work", "main"));
    expect(machinePathIn(`readFileSync("${join(ROOT, "packages", "x.csv")}")`)).toBe(ROOT);
    expect(machinePathIn('displayPath("/home/a/rsi.pine")')).toBeNull();
    expect(machinePathIn('join(__dirname, "../../marketdata/demo")')).toBeNull();
    expect(machinePathIn(`${abs("work", "mainframe")} is another folder`)).toBeNull();
  });

  it("cites no document that is outside the repository", () => {
    const hits = files.filter((file) => !NOT_YET_REWORDED.has(file) && OUTSIDE_DOCUMENT.test(readFileSync(join(ROOT, file), "utf8")));
    expect(hits).toEqual([]);
    expect(OUTSIDE_DOCUMENT.test(["// see ", "API", ".md"].join(""))).toBe(true);
    expect(OUTSIDE_DOCUMENT.test("// see docs/reference/api.md")).toBe(false);
  });
});
