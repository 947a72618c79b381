// Reads a script's files from a directory (every .pine file under it) or a single file
// (sent as main.pine).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";

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

export function readScriptFiles(target: string): ScriptFile[] {
  if (statSync(target).isFile()) return [{ path: "main.pine", content: readFileSync(target, "utf8") }];
  return walk(target)
    .sort()
    .map((file) => ({ path: relative(target, file).split(sep).join("/"), content: readFileSync(file, "utf8") }));
}
