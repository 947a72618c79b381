// The API, worker and admin processes integration tests start, and the CLI and MCP connector
// processes of their tests, run the esbuild bundles of the working tree (scripts/build.mjs, docs/adr/0040), the code the image runs: a bundle starts
// with about half the CPU of the same sources through tsx (docs/adr/0267). They are built once
// per set of sources into a folder of the system's temporary directory laid out like the
// repository (dist/ beside links to the repository's folders, so data read through `__dirname`
// is found where the image finds it). The integration project's global setup starts the build
// in the background; a test waits for it only when it starts its first process.
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "../..");
const PREFIX = "bs-bundles-";
/** Builds unused for this long are removed by the next global setup. */
const KEEP_MS = 24 * 3600_000;
const WAIT_MS = 240_000;

function addTree(digest: ReturnType<typeof createHash>, dir: string): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) addTree(digest, path);
    else if (entry.isFile()) digest.update(path).update("\0").update(readFileSync(path)).update("\0");
  }
}

/** The bundles' inputs: every workspace's sources and package.json, the build script, the lockfile. */
function sourcesDigest(): string {
  const digest = createHash("sha256").update(ROOT);
  for (const group of ["apps", "packages"]) {
    for (const name of readdirSync(join(ROOT, group)).sort()) {
      const pkg = join(ROOT, group, name, "package.json");
      if (existsSync(pkg)) digest.update(pkg).update(readFileSync(pkg));
      addTree(digest, join(ROOT, group, name, "src"));
    }
  }
  for (const file of ["scripts/build.mjs", "package-lock.json", "tsconfig.base.json"]) digest.update(file).update(readFileSync(join(ROOT, file)));
  return digest.digest("hex").slice(0, 16);
}

/** The folder holding dist/ for the current sources; the environment variable the global setup passes on. */
const ENV_DIR = "BS_TEST_BUNDLES";

function pruneOld(keep: string): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX) || join(tmpdir(), name) === keep) continue;
    const path = join(tmpdir(), name);
    try {
      if (Date.now() - statSync(path).mtimeMs > KEEP_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // another run removed it first
    }
  }
}

// The build and the move of its folder into place run in a shell of their own (detached), so a
// test run that ends first (or is interrupted) still leaves the bundles for the next one.
const BUILD = [
  'if node scripts/build.mjs --outdir "$1/dist" > "$1.log" 2>&1',
  'then rm -f "$1.log"; mv -T "$1" "$2" 2>/dev/null || rm -rf "$1"',
  'else mv "$1.log" "$2.error"; rm -rf "$1"',
  "fi",
].join("; ");

/**
 * Starts building the bundles when the current sources have none; returns at once with the
 * folder they are (or will be) in. A failed build leaves `<folder>.error` with its output.
 */
export function startBundles(): string {
  const dir = join(tmpdir(), `${PREFIX}${sourcesDigest()}`);
  process.env[ENV_DIR] = dir;
  pruneOld(dir);
  if (existsSync(join(dir, "dist", "build-manifest.json"))) return dir;
  rmSync(`${dir}.error`, { force: true });
  const staging = `${dir}.${randomBytes(4).toString("hex")}`;
  mkdirSync(staging);
  // The repository's folders at the same places: node_modules for the packages the bundles
  // require, and the data folders sources read through `__dirname` (migrations, demo bars, the web build).
  for (const name of readdirSync(ROOT)) if (!name.startsWith(".") && name !== "dist") symlinkSync(join(ROOT, name), join(staging, name));
  spawn("sh", ["-c", BUILD, "build", staging, dir], { cwd: ROOT, detached: true, stdio: "ignore" }).unref();
  return dir;
}

/** The bundles' folder once built (waits for the global setup's build; starts one when there was none). */
export async function bundlesDir(): Promise<string> {
  const dir = process.env[ENV_DIR] ?? startBundles();
  const since = Date.now();
  for (;;) {
    if (existsSync(join(dir, "dist", "build-manifest.json"))) return dir;
    if (existsSync(`${dir}.error`)) throw new Error(readFileSync(`${dir}.error`, "utf8"));
    if (Date.now() - since > WAIT_MS) throw new Error(`the bundles were not built into ${dir} within ${WAIT_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** `node <bundles>/dist/<entry>.js`'s script: `cli` (apps/cli/src/main.ts), `mcp` (apps/mcp/src/main.ts). */
export async function bundledEntry(entry: "cli" | "mcp"): Promise<string> {
  return join(await bundlesDir(), "dist", `${entry}.js`);
}
