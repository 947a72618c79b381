// The operator CLI for tests: in-process (`runAdmin` with the test's environment and captured
// output; the same commands, parsing and one-line refusals as the process) and as the process
// operators start (`npm run admin` is `tsx apps/admin/src/main.ts`). Files keep a few process
// cases for what only a process shows (exit status, the streams) and run the rest in-process:
// each process start costs seconds on CI's machine.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { runAdmin } from "../../src/main";

const ROOT = join(__dirname, "../../../..");
const MAIN = join(ROOT, "apps/admin/src/main.ts");

export interface AdminResult { code: number; stdout: string; stderr: string }

export async function adminInProcess(env: Record<string, string>, args: string[]): Promise<AdminResult> {
  let stdout = "";
  let stderr = "";
  const code = await runAdmin(args, { env, stdout: (text) => { stdout += text; }, stderr: (text) => { stderr += text; } });
  return { code, stdout, stderr };
}

/** One process per call (`node --import tsx`, what `npm run admin` runs without the tsx wrapper's child). */
export function adminProcess(env: Record<string, string>, args: string[]): Promise<AdminResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", MAIN, ...args], { cwd: ROOT, env: { PATH: process.env["PATH"] ?? "", ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
    });
  });
}
