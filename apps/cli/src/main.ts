#!/usr/bin/env node
// `barscript`: the command-line client.
import { EXIT } from "@barscript/contracts";
import { runCli } from "./program";
import { processIo } from "./output";
import { processEnv } from "./config";

// A reader that stops early (`barscript results ... | head`) closes the pipe: the output is done,
// not a failure of the command, so it ends quietly with the command's code. Any other failure to
// write (a full disk) is one line on stderr, not a stack trace (docs/adr/0316-clients-used-from-outside-four.md).
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? EXIT.ok);
  processIo.err(`Error internal: could not write the output: ${error.message}`);
  process.exit(EXIT.retryable);
});

runCli(process.argv.slice(2), processIo, processEnv()).then(
  (code) => { process.exitCode = code; },
  (error: unknown) => { processIo.err(`Error: ${(error as Error).message}`); process.exitCode = 4; },
);
