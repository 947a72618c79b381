#!/usr/bin/env node
// `barscript`: the command-line client.
import { runCli } from "./program";
import { processIo } from "./output";
import { processEnv } from "./config";

runCli(process.argv.slice(2), processIo, processEnv()).then(
  (code) => { process.exitCode = code; },
  (error: unknown) => { processIo.err(`Error: ${(error as Error).message}`); process.exitCode = 4; },
);
