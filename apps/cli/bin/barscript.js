#!/usr/bin/env node
// `barscript` as installed: the TypeScript source through tsx, or the built bundle (scripts/launch-bin.cjs).
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS bin: it runs before any TypeScript can load */
"use strict";
const { join } = require("node:path");
require("../../../scripts/launch-bin.cjs").launch("barscript", join(__dirname, "../src/main.ts"), "cli.js");
