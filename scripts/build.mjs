// `npm run build`: one CommonJS bundle per process entry in dist/ (docs/adr/0040-build-with-esbuild-bundles.md).
//
//   node scripts/build.mjs [--outdir <dir>]
//
// Workspace packages (@barscript/*) and the generated Prisma client are inlined; every other
// package stays an external `require` resolved from node_modules at run time, so the image needs
// only production dependencies. Types are checked separately (`tsc --noEmit`, in `npm run build`).
//
// Files that find their data next to their source through `__dirname` (migrations, core library,
// Lua scripts, demo bars) keep doing so: in the bundle `__dirname` becomes that source's folder
// under the app root, which is the output folder's parent (the repository for `dist/`, /app in
// the image, which copies those folders to the same places). The output folder also gets
// build-manifest.json: the entries, the data folders and the third-party packages required.
import { build } from "esbuild";
import { readFile, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Output name -> source entry. `thread` is the sandbox thread the worker's pool loads as ./thread,
 * `validation-thread` the script validation thread the API's pool loads as ./thread.
 */
export const ENTRIES = {
  api: "apps/api/src/main.ts",
  worker: "apps/worker/src/main.ts",
  thread: "apps/worker/src/runs/thread.ts",
  "validation-thread": "apps/api/src/validation/thread.ts",
  admin: "apps/admin/src/main.ts",
  cli: "apps/cli/src/main.ts",
  mcp: "apps/mcp/src/main.ts",
  migrate: "packages/db/src/migrate/cli.ts",
};

/** The entry bundling `source` (a path without its extension); a file that is not one cannot be loaded from dist/. */
function entryFor(source) {
  const found = Object.entries(ENTRIES).find(([, entry]) => join(ROOT, entry).replace(/\.ts$/, "") === source.replace(/\.ts$/, ""));
  if (!found) throw new Error(`require.resolve of ${relative(ROOT, source)}: not a build entry (add it to ENTRIES)`);
  return found[0];
}

const isBare = (path) => !path.startsWith(".") && !path.startsWith("/") && !/^[A-Za-z]:[\\/]/.test(path);

/** Third-party packages stay `require`s; workspace packages are bundled. */
const externals = {
  name: "externals",
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === "entry-point") return undefined;
      // A pool loads its thread file by `require.resolve("./thread")`: the bundle of that file is
      // an entry of its own, next to the pool's bundle (the worker's dist/thread.js, the API's
      // dist/validation-thread.js).
      if (args.kind === "require-resolve") {
        if (!isBare(args.path)) return { path: `./${entryFor(resolve(args.resolveDir, args.path))}`, external: true };
        return { path: args.path, external: true };
      }
      if (!isBare(args.path)) return undefined;
      if (args.path.startsWith("@barscript/")) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** `__dirname` in repository sources -> that source's folder under the app root (dist/..). */
function sourceDirs(dataDirs) {
  let counter = 0;
  return {
    name: "source-dirs",
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        const text = await readFile(args.path, "utf8");
        if (!/\b__dirname\b/.test(text)) return { contents: text, loader: "ts" };
        // A source outside this repository (a workspace link into another checkout) would read
        // its data from a folder the image does not have.
        if (!args.path.startsWith(ROOT + sep)) throw new Error(`${args.path} uses __dirname but lies outside ${ROOT}`);
        const name = `__bsSourceDir${counter++}`;
        const fromRoot = relative(ROOT, dirname(args.path)).split(sep).join("/");
        dataDirs.add(fromRoot);
        const header = `const ${name} = require("node:path").resolve(__dirname, "..", ${JSON.stringify(fromRoot)});\n`;
        return { contents: header + text.replace(/\b__dirname\b/g, name), loader: "ts" };
      });
    },
  };
}

export async function buildAll(outdir = join(ROOT, "dist")) {
  const out = resolve(outdir);
  const dataDirs = new Set();
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, entry]) => [name, join(ROOT, entry)])),
    outdir: out,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    sourcemap: true,
    // Entry points keep their shebang (cli); nothing else is rewritten.
    logLevel: "warning",
    metafile: true,
    plugins: [externals, sourceDirs(dataDirs)],
  });
  const required = new Set();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const imported of output.imports) {
      // require.resolve probes (the pool's optional tsx) are not requirements.
      if (!imported.external || imported.kind === "require-resolve" || imported.path.startsWith("node:") || !isBare(imported.path)) continue;
      const parts = imported.path.split("/");
      required.add(imported.path.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]);
    }
  }
  const manifest = { entries: ENTRIES, sourceDirs: [...dataDirs].sort(), packages: [...required].sort() };
  await writeFile(join(out, "build-manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return { outdir: out, manifest };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf("--outdir");
  const outdir = at >= 0 ? process.argv[at + 1] : undefined;
  buildAll(outdir).then(
    ({ outdir: dir }) => console.log(`built ${Object.keys(ENTRIES).join(", ")} into ${relative(process.cwd(), dir) || "."}`),
    (error) => {
      console.error(`build: ${error.message}`);
      process.exit(1);
    },
  );
}
