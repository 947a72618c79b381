// `npm run build`: one CommonJS bundle per process entry in dist/ (docs/adr/0040-build-with-esbuild-bundles.md).
//
//   node scripts/build.mjs [--outdir <dir>]
//
// Workspace packages (@barscript/*) and the generated Prisma client are inlined; every other
// package stays an external `require` resolved from node_modules at run time, so the image needs
// only production dependencies. Types are checked separately (`tsc --noEmit`, in `npm run build`).
//
// Files that find their data next to their source through `__dirname` (migrations, core library,
// Lua scripts, demo bars) keep doing so: in the bundle `__dirname` is rewritten to the source
// directory relative to the bundle, so dist/ must sit beside the data it reads (the image copies
// those folders at the same relative places).
import { build } from "esbuild";
import { readFile } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Output name -> source entry. `thread` is the sandbox thread the worker's pool loads as ./thread. */
export const ENTRIES = {
  api: "apps/api/src/main.ts",
  worker: "apps/worker/src/main.ts",
  thread: "apps/worker/src/runs/thread.ts",
  admin: "apps/admin/src/main.ts",
  cli: "apps/cli/src/main.ts",
  mcp: "apps/mcp/src/main.ts",
  migrate: "packages/db/src/migrate/cli.ts",
};

const isBare = (path) => !path.startsWith(".") && !path.startsWith("/") && !/^[A-Za-z]:[\\/]/.test(path);

/** Third-party packages stay `require`s; workspace packages are bundled. */
const externals = {
  name: "externals",
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === "entry-point") return undefined;
      // The worker's pool loads its sandbox thread file next to itself: dist/thread.js.
      if (args.kind === "require-resolve") return { path: args.path, external: true };
      if (!isBare(args.path)) return undefined;
      if (args.path.startsWith("@barscript/")) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** `__dirname` in repository sources -> that source's directory, found from the bundle's own. */
function sourceDirs(outdir) {
  let counter = 0;
  return {
    name: "source-dirs",
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (args.path.includes(`${sep}node_modules${sep}`) || !args.path.startsWith(ROOT)) return undefined;
        const text = await readFile(args.path, "utf8");
        if (!/\b__dirname\b/.test(text)) return { contents: text, loader: "ts" };
        const name = `__bsSourceDir${counter++}`;
        const fromBundle = relative(outdir, dirname(args.path)).split(sep).join("/");
        const header = `const ${name} = require("node:path").resolve(__dirname, ${JSON.stringify(fromBundle)});\n`;
        return { contents: header + text.replace(/\b__dirname\b/g, name), loader: "ts" };
      });
    },
  };
}

export async function buildAll(outdir = join(ROOT, "dist")) {
  const out = resolve(outdir);
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
    plugins: [externals, sourceDirs(out)],
  });
  return { outdir: out, outputs: Object.keys(result.metafile.outputs) };
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
