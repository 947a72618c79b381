// Import rules (each package README says what it may import), checked by `npm test` (npm run deps:check).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      severity: "error",
      comment: "Import cycles make start-up order and testing fragile. Cycles made only of type imports vanish at compile time and are allowed.",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "packages-never-import-apps",
      severity: "error",
      comment: "Packages are the shared core; apps wire them together, never the other way.",
      from: { path: "^packages/" },
      to: { path: "^apps/" },
    },
    {
      name: "apps-never-import-other-apps",
      severity: "error",
      comment: "Each app is a process of its own; shared code belongs in a package.",
      from: { path: "^apps/([^/]+)/" },
      to: { path: "^apps/([^/]+)/", pathNot: "^apps/$1/" },
    },
    {
      name: "packages-only-through-their-index",
      severity: "error",
      comment: "Another package is used through what its index exports (the `exports` field of its package.json), never by reaching into its src/: the index is the package's surface. An import written as `@barscript/<pkg>/src/...` does not resolve at all (exports), and a relative path into another package's src/ is refused here.",
      from: { path: "^(apps|packages|bench|test)/([^/]+)/" },
      to: { path: "^(@barscript/[^/]+|packages/[^/]+)/src/", pathNot: ["^packages/[^/]+/src/index\\.ts$", "^$1/$2/"] },
    },
    {
      name: "lang-has-no-io",
      severity: "error",
      comment: "packages/lang turns files into programs and runs them over arrays: no I/O at all (packages/lang/README.md).",
      from: { path: "^packages/lang/src/" },
      to: {
        dependencyTypes: ["core", "npm", "npm-dev", "npm-optional", "npm-peer", "npm-no-pkg", "npm-unknown"],
        path: "^(fs|node:fs|net|node:net|http|node:http|https|node:https|child_process|node:child_process|dgram|node:dgram|dns|node:dns|tls|node:tls|cluster|node:cluster|worker_threads|node:worker_threads|process|node:process|os|node:os|ioredis|pg|bullmq|express|@prisma)",
      },
    },
    {
      name: "lang-imports-only-itself",
      severity: "error",
      comment: "The language package has no runtime dependencies beyond Node's pure modules.",
      from: { path: "^packages/lang/src/" },
      to: { dependencyTypes: ["npm", "npm-dev", "npm-peer", "npm-optional", "npm-no-pkg", "npm-unknown"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(generated|test|node_modules)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["require", "node", "default"], extensions: [".ts", ".js", ".json"] },
  },
};
