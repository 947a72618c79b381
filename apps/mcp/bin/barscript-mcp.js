#!/usr/bin/env node
// `barscript-mcp` as installed (node_modules/.bin/barscript-mcp): Node cannot run the
// TypeScript source by itself, so a clone (where `npm ci` installs tsx) loads it through tsx's
// CommonJS hook; without tsx (a production install) it runs the bundle of `npm run build`.
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS bin: it runs before any TypeScript can load */
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

const register = tsxRegister();
if (register) {
  register();
  require("../src/main.ts");
} else {
  const bundle = join(__dirname, "../../../dist/mcp.js");
  if (!existsSync(bundle)) {
    process.stderr.write("barscript-mcp: neither tsx (npm ci) nor the built bundle (npm run build) is installed\n");
    process.exit(5);
  }
  require(bundle);
}
