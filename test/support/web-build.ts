// The web app's static build (apps/web/build), made once before the integration tests that serve
// it (the API answers /app/ with it). Rebuilt only when a source file is newer than the build,
// so a run that touches nothing of the app spends no time on it.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "../..");
const WEB = join(ROOT, "apps/web");
const BUILT = join(WEB, "build/index.html");

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((most, name) => Math.max(most, newest(join(path, name))), stat.mtimeMs);
}

export function ensureWebBuild(): void {
  const sources = Math.max(newest(join(WEB, "src")), newest(join(WEB, "index.html")), newest(join(WEB, "vite.config.mts")));
  if (existsSync(BUILT) && statSync(BUILT).mtimeMs > sources) return;
  const build = spawnSync("npm", ["run", "--silent", "build:web"], { cwd: ROOT, encoding: "utf8" });
  if (build.status !== 0) throw new Error(`npm run build:web failed:\n${build.stdout}\n${build.stderr}`);
}
