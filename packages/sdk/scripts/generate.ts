// Writes src/generated/ from the OpenAPI document of @barscript/contracts (the endpoint table):
//   openapi.ts     the types, by openapi-typescript
//   operations.ts  operationId -> method, path, paged, text types
// `npm run generate -w @barscript/sdk` after changing the table; with `--check` it writes nothing
// and exits 1 naming each committed file that differs (the unit test runs that); `--dir D`
// compares or writes D instead.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildOpenApi } from "@barscript/contracts";
import { generatedFiles } from "./generated-files";

const at = process.argv.indexOf("--dir");
const DIR = at > 0 && process.argv[at + 1] ? process.argv[at + 1] ?? "" : join(__dirname, "../src/generated");

function current(name: string): string | null {
  try {
    return readFileSync(join(DIR, name), "utf8");
  } catch {
    return null;
  }
}

async function main(check: boolean): Promise<number> {
  const files = await generatedFiles(buildOpenApi("http://localhost:8080/v1"));
  const stale = Object.keys(files).filter((name) => current(name) !== files[name]);
  if (check) {
    for (const name of stale) process.stderr.write(`stale: ${join(DIR, name)} (run npm run generate -w @barscript/sdk)\n`);
    return stale.length === 0 ? 0 : 1;
  }
  for (const name of stale) writeFileSync(join(DIR, name), files[name] ?? "");
  return 0;
}

main(process.argv.includes("--check")).then((code) => { process.exitCode = code; }, (error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exitCode = 1;
});
