#!/usr/bin/env node
// `barscript`: the command-line client.
import { runCli } from "./program";
import { processIo } from "./output";

runCli(process.argv.slice(2), processIo).then(
  (code) => { process.exitCode = code; },
  (error: unknown) => { processIo.err(`Error: ${(error as Error).message}`); process.exitCode = 4; },
);
