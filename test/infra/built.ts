// The built bundles (scripts/build.mjs) as real processes in the image's layout: an app root
// holding dist/, the folders infra/Dockerfile's final stage copies (read from the Dockerfile
// itself) and node_modules, and `node dist/<entry>.js` run from it, exactly the image's command.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { join, resolve } from "node:path";
import { bundlesDir } from "../support/bundles";

export const ROOT = resolve(__dirname, "../..");

export interface BuildManifest {
  entries: Record<string, string>;
  sourceDirs: string[];
  packages: string[];
}

export interface Built {
  /** The app root (/app in the image). */
  root: string;
  outdir: string;
  manifest: BuildManifest;
  /** Paths the Dockerfile's final stage copies from the build stage, besides dist. */
  copied: string[];
  remove(): void;
}

/** `COPY --from=build /src/<path> ./<path>` lines of the Dockerfile's last stage. */
export function finalStageCopies(dockerfile: string): string[] {
  const last = dockerfile.split(/^FROM /m).pop() ?? "";
  return [...last.matchAll(/^COPY --from=build \/src\/(\S+) \.\/(\S+)$/gm)].map((m) => {
    if (m[1] !== m[2]) throw new Error(`COPY moves ${String(m[1])} to ${String(m[2])}: the bundles expect the same place`);
    return m[1] as string;
  });
}

/**
 * The image's app root, made fresh under .tmp/ (ignored by git) so helpers never share one: dist/
 * is a copy of the bundles the test run built once (test/support/bundles.ts, the same
 * `node scripts/build.mjs --outdir <dir>` as `npm run build`'s bundling step), beside only the
 * folders infra/Dockerfile's final stage copies and node_modules. A copy, not a link: a linked
 * dist/ would resolve `__dirname` to the bundles' folder, which links every folder of the
 * repository, and a data folder the Dockerfile forgot would go unnoticed.
 */
export async function imageFromBundles(): Promise<Built> {
  const bundles = join(await bundlesDir(), "dist");
  const root = join(ROOT, ".tmp", `image-${randomBytes(4).toString("hex")}`);
  const outdir = join(root, "dist");
  cpSync(bundles, outdir, { recursive: true });
  const copied = finalStageCopies(readFileSync(join(ROOT, "infra/Dockerfile"), "utf8")).filter((p) => p !== "dist");
  for (const path of copied) {
    // The web build is made in the image (npm run build:web); a checkout may not have one.
    if (!existsSync(join(ROOT, path))) { mkdirSync(join(root, path), { recursive: true }); continue; }
    cpSync(join(ROOT, path), join(root, path), { recursive: true });
  }
  symlinkSync(join(ROOT, "node_modules"), join(root, "node_modules"), "dir");
  const manifest = JSON.parse(readFileSync(join(outdir, "build-manifest.json"), "utf8")) as BuildManifest;
  return { root, outdir, manifest, copied, remove: () => rmSync(root, { recursive: true, force: true }) };
}

const baseEnv = (): Record<string, string> => ({ PATH: process.env["PATH"] ?? "", HOME: process.env["HOME"] ?? "/tmp" });

export function runBuilt(outdir: string, entry: string, args: string[], env: Record<string, string>): { code: number; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [join(outdir, `${entry}.js`), ...args], { cwd: resolve(outdir, ".."), env: { ...baseEnv(), ...env }, encoding: "utf8", timeout: 60_000 });
  return { code: result.status ?? 1, stdout: result.stdout, stderr: result.stderr };
}

export interface BuiltProc {
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Starts `node <outdir>/<entry>.js` and waits for `ready` in its output. */
export async function startBuilt(outdir: string, entry: string, env: Record<string, string>, ready: RegExp): Promise<BuiltProc & { match: RegExpMatchArray }> {
  const child = spawn(process.execPath, [join(outdir, `${entry}.js`)], { cwd: resolve(outdir, ".."), env: { ...baseEnv(), ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let text = "";
  child.stdout?.on("data", (c: Buffer) => { text += c.toString(); });
  child.stderr?.on("data", (c: Buffer) => { text += c.toString(); });
  const stop = (): Promise<void> => new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once("exit", () => done());
    child.kill("SIGTERM");
  });
  const deadline = Date.now() + 45_000;
  for (;;) {
    const match = ready.exec(text);
    if (match) return { child, output: () => text, stop, match };
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`${entry} did not print ${ready} (exit ${String(child.exitCode)}):\n${text}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
