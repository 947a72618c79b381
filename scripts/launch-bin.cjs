// The installed bins of the CLI and the MCP connector (node_modules/.bin/barscript, npx
// barscript, barscript-mcp): Node cannot run TypeScript by itself, so a clone (where `npm ci`
// installs tsx) loads the source through tsx's CommonJS hook; without tsx (a production install)
// the bin runs the bundle of `npm run build`.
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: it runs before any TypeScript can load */
"use strict";
const { existsSync } = require("node:fs");
const { join } = require("node:path");

function tsxRegister() {
  try {
    return require("tsx/cjs/api").register;
  } catch {
    return null;
  }
}

/** Runs `source` (absolute .ts path) through tsx, else dist/<bundle> at the repository root. */
function launch(name, source, bundle) {
  const register = tsxRegister();
  if (register) {
    register();
    require(source);
    return;
  }
  const built = join(__dirname, "..", "dist", bundle);
  if (!existsSync(built)) {
    process.stderr.write(`${name}: neither tsx (npm ci) nor the built bundle (npm run build) is installed\n`);
    process.exit(5);
  }
  require(built);
}

module.exports = { launch };
