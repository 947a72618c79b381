// The web app's index.html as the API serves it. The file is read once and kept, and read again
// when the build replaces it (its modification time or size changes): `npm run build:web` beside a
// running API gives new asset names, and a kept old page would ask for scripts that no longer exist.
import { readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";

/** A reader of `<dir>/index.html`: its text, or null while the app is not built. */
export function indexHtmlReader(dir: string): () => string | null {
  const file = resolve(dir, "index.html");
  let kept: { mtimeMs: number; size: number; text: string } | null = null;
  return () => {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat) return (kept = null);
    if (!kept || kept.mtimeMs !== stat.mtimeMs || kept.size !== stat.size) kept = { mtimeMs: stat.mtimeMs, size: stat.size, text: readFileSync(file, "utf8") };
    return kept.text;
  };
}
