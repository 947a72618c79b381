// Tools over scripts: validate, save, list, read; and the public library.
import { z } from "zod";
import { ClientError, type Barscript } from "@barscript/sdk";
import { ValidationSchema, SCRIPT_KINDS } from "@barscript/contracts";
import { defineTool, param, READ, WRITE, type Tool } from "../tool";
import { fittedPage, textPage } from "../bounded";
import { outputSchema } from "./schemas";
import { scriptKind } from "./script-ref";

const MAIN = "//@version=6\nindicator(\"My RSI\")\nplot(ta.rsi(close, 14), \"rsi\")\n";
const files = param(z.array(z.object({
  path: param(z.string(), "File path ending in .pine; the entry file is main.pine", "main.pine"),
  content: param(z.string(), "The file's source (Pine Script v6 dialect)", MAIN),
})).min(1), "The script's files; one main.pine is enough for most scripts", [{ path: "main.pine", content: MAIN }]);
const slug = param(z.string().min(1, "must not be empty"), "A script's slug (lowercase letters, digits, hyphens)", "my-rsi");
const kind = param(z.enum(SCRIPT_KINDS).optional(), "Only scripts of this kind", "indicator");
const limit = (most: number, example: number) => param(z.number().int().min(1).max(most).optional(), `Items in the page (default 20, at most ${most})`, example);
const cursor = param(z.string().optional(), "The next_cursor of a previous page, to read the page after it", "eyJsIjoi...");
const version = param(z.number().int().min(1).optional(), "An older version (default: the latest)", 2);
const offset = param(z.number().int().min(0).optional(), "Character offset into the files' text, for the next part of a long source (next_offset of the previous answer)", 6000);

interface Summarizable { slug: string; kind: string; title: string; description: string; latest_version: number; owner?: string; interface?: { inputs: Array<{ name: string }>; outputs: Array<{ name: string }> } }
const brief = (s: Summarizable): Record<string, unknown> => ({
  ...(s.owner ? { owner: s.owner } : {}), slug: s.slug, kind: s.kind, title: s.title, description: s.description.slice(0, 200), latest_version: s.latest_version,
  inputs: s.interface?.inputs.map((i) => i.name) ?? [], outputs: s.interface?.outputs.map((o) => o.name) ?? [],
});

/**
 * A create refused because the slug is taken: the refusal names the version a save would be based
 * on, as a stale save's does (server.ts nextSave): an assistant saving an edit without
 * base_version was told only that the slug is taken (docs/adr/0363).
 */
async function withNextVersion(error: unknown, sdk: Barscript, slug: string, kind: (typeof SCRIPT_KINDS)[number] | undefined): Promise<never> {
  if (!(error instanceof ClientError) || error.code !== "conflict") throw error;
  const latest = await sdk.call("getScript", { path: { slug }, query: { kind } }).then((script) => script.latest_version, () => null);
  if (latest === null) throw error;
  throw new ClientError(error.code, `${error.message} To save a new version of it, read it with get_script and save with \`base_version: ${latest}\` (its latest version).`, error.status, error.details);
}

/** A script with its files as one text, paged by characters. */
function withSource(script: Summarizable & { files?: Array<{ path: string; content: string }> }, from: number): Record<string, unknown> {
  const text = (script.files ?? []).map((f) => `// ── ${f.path}\n${f.content}`).join("\n");
  return { ...brief(script), interface: script.interface, source: textPage(text, from) };
}

export const scriptTools: Tool[] = [
  defineTool({
    name: "validate_script", title: "Validate a script", hints: READ, output: outputSchema(ValidationSchema),
    description: "Check a script without saving it: lint, link and derive. Answers `valid`, diagnostics (code, message, line, column) and the interface (inputs, outputs, events, warmup).",
    input: z.object({ files }),
    run: ({ files: f }, sdk) => sdk.call("validateScript", { body: { files: f } }),
  }),
  defineTool({
    name: "save_script", title: "Save a script", hints: WRITE,
    description: "Create a script (leave base_version out) or save a new version of yours (base_version = its latest_version; a stale one is refused with version_conflict). Invalid scripts are refused with their diagnostics.",
    input: z.object({
      slug, files,
      base_version: param(z.number().int().min(1).optional(), "The latest_version the new version is based on; omit to create the script", 1),
      message: param(z.string().max(1000).optional(), "A short note for this version", "shorter RSI length"),
      kind: scriptKind,
    }),
    run: async ({ slug: s, files: f, base_version, message, kind: k }, sdk) => brief(base_version === undefined
      ? await sdk.call("createScript", { body: { slug: s, kind: k, files: f, message } }).catch((error: unknown) => withNextVersion(error, sdk, s, k))
      : await sdk.call("updateScript", { path: { slug: s }, query: { kind: k }, body: { files: f, base_version, message } })),
  }),
  defineTool({
    name: "list_scripts", title: "List your scripts", hints: READ,
    description: "Your scripts, newest first: slug, kind, title, latest version, input and output names.",
    input: z.object({ kind, limit: limit(200, 20), cursor }),
    run: ({ kind: k, limit: l, cursor: c }, sdk) => fittedPage(async (n) => {
      const page = await sdk.call("listScripts", { query: { kind: k, limit: n, cursor: c } });
      return { data: page.data.map(brief), next_cursor: page.next_cursor };
    }, l ?? 20),
  }),
  defineTool({
    name: "get_script", title: "Read one of your scripts", hints: READ,
    description: "One of your scripts with its interface and source (long sources come in pages: pass next_offset as offset).",
    input: z.object({ slug, version, offset, kind: scriptKind }),
    run: async ({ slug: s, version: v, offset: o, kind: k }, sdk) => withSource(await sdk.call("getScript", { path: { slug: s }, query: { version: v === undefined ? undefined : String(v), kind: k } }), o ?? 0),
  }),
  defineTool({
    name: "search_library", title: "Search public scripts", hints: READ,
    description: "Full-text search of public scripts, the built-in `core` library included: owner, slug, kind, title and input/output names. Read one with get_library_script.",
    // the answer's next_cursor is read back through `cursor` (it was given with no way to use it); the
    // default page is the 20 `limit` says (docs/adr/0363)
    input: z.object({ q: param(z.string().optional(), "Words to find in the title, description or slug", "rsi"), kind, limit: limit(50, 10), cursor }),
    run: ({ q, kind: k, limit: l, cursor: c }, sdk) => fittedPage(async (n) => {
      const page = await sdk.call("searchLibrary", { query: { q, kind: k, limit: n, cursor: c } });
      return { data: page.data.map(brief), next_cursor: page.next_cursor };
    }, l ?? 20),
  }),
  defineTool({
    name: "get_library_script", title: "Read a public script", hints: READ,
    description: "A public script's interface and source, e.g. to import it or to learn from it.",
    input: z.object({ owner: param(z.string().min(1, "must not be empty"), "The owner's handle (`core` for the built-in library)", "core"), slug, version, offset }),
    run: async ({ owner, slug: s, version: v, offset: o }, sdk) => withSource(await sdk.call("getLibraryScript", { path: { owner, slug: s }, query: { version: v === undefined ? undefined : String(v) } }), o ?? 0),
  }),
];
