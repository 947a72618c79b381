// Script files (docs/reference/endpoints.md "File"): at most 50 files, 512 KB each,
// 2 MB in all; paths relative, `/`-separated, no `..`, ending in `.pine`; the entry is main.pine.
// Refusals are 400 invalid_request naming the file and the limit. The digest is the Version's.
import { createHash } from "node:crypto";
import { ScriptsError } from "./errors";
import type { SourceFile } from "./types";

export const MAX_FILES = 50;
export const MAX_FILE_BYTES = 524_288;
export const MAX_TOTAL_BYTES = 2_097_152;
export const ENTRY_FILE = "main.pine";

const invalid = (message: string): ScriptsError => new ScriptsError("invalid_request", message);

function checkPath(path: string): void {
  const shown = JSON.stringify(path);
  if (path.includes("\\")) throw invalid(`File ${shown}: paths are "/"-separated; backslashes are not allowed.`);
  if (path.startsWith("/")) throw invalid(`File ${shown}: paths are relative; it must not start with "/".`);
  if ([...path].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) throw invalid(`File ${shown}: the path holds a control character.`);
  const segments = path.split("/");
  if (segments.includes("..")) throw invalid(`File ${shown}: paths must not contain "..".`);
  if (segments.some((segment) => segment === "" || segment === ".")) throw invalid(`File ${shown}: the path has an empty or "." segment.`);
  if (!path.endsWith(".pine") || path.endsWith("/.pine") || path === ".pine") throw invalid(`File ${shown}: file names must end in ".pine".`);
}

/** Throws invalid_request for the first file that breaks a limit; the order of checks is stable. */
export function checkFiles(files: readonly SourceFile[]): void {
  if (files.length === 0) throw invalid(`Field \`files\`: at least one file is required (the entry file ${ENTRY_FILE}).`);
  if (files.length > MAX_FILES) throw invalid(`Field \`files\`: ${files.length} files is over the limit of ${MAX_FILES} files a script.`);
  const seen = new Set<string>();
  let total = 0;
  for (const file of files) {
    checkPath(file.path);
    if (seen.has(file.path)) throw invalid(`File ${JSON.stringify(file.path)} appears more than once.`);
    seen.add(file.path);
    const bytes = Buffer.byteLength(file.content, "utf8");
    if (bytes > MAX_FILE_BYTES) {
      throw invalid(`File ${JSON.stringify(file.path)} is ${bytes} bytes, over the limit of ${MAX_FILE_BYTES} bytes (512 KB) a file.`);
    }
    total += bytes;
  }
  if (total > MAX_TOTAL_BYTES) {
    throw invalid(`Field \`files\`: ${total} bytes in all is over the limit of ${MAX_TOTAL_BYTES} bytes (2 MB) a script.`);
  }
  if (!seen.has(ENTRY_FILE)) throw invalid(`Field \`files\`: the entry file ${ENTRY_FILE} is missing.`);
}

/** Files in the stored order: by path, so equal sets of files read back the same. */
export function canonicalFiles(files: readonly SourceFile[]): SourceFile[] {
  return [...files].map((f) => ({ path: f.path, content: f.content })).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * sha256 over the files in path order: each file contributes its path, its UTF-8 byte length and
 * its content, NUL-separated, so no two different sets of files share a digest.
 */
export function filesDigest(files: readonly SourceFile[]): string {
  const hash = createHash("sha256");
  for (const file of canonicalFiles(files)) {
    hash.update(file.path, "utf8");
    hash.update("\0");
    hash.update(String(Buffer.byteLength(file.content, "utf8")));
    hash.update("\0");
    hash.update(file.content, "utf8");
    hash.update("\0");
  }
  return `sha256:${hash.digest("hex")}`;
}
