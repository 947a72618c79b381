// Reads a script's files from a directory (every .pine file under it) or a single file
// (sent as main.pine).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { UsageError } from "./usage";

export interface ScriptFile {
  path: string;
  content: string;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith(".") || entry.name === "node_modules" ? [] : walk(full);
    return entry.name.endsWith(".pine") ? [full] : [];
  });
}

/** Whether `target` is a file; a path that is not there is refused as not_found, named as `shown`. */
function isFile(target: string, shown: string): boolean {
  try {
    return statSync(target).isFile();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new UsageError(`${shown}: no such file or folder`, "not_found");
    throw error;
  }
}

/** `target` is the resolved path; `shown` the path as the person typed it. */
export function readScriptFiles(target: string, shown = target): ScriptFile[] {
  if (isFile(target, shown)) return [{ path: "main.pine", content: readFileSync(target, "utf8") }];
  return walk(target)
    .sort()
    .map((file) => ({ path: relative(target, file).split(sep).join("/"), content: readFileSync(file, "utf8") }));
}
