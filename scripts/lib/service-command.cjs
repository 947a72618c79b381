// How `npm run up` (scripts/up.mjs) starts a TypeScript entry point: the API, the worker, the
// migrations. Plain CommonJS with no dependencies, as env-file.cjs, so jest can load it.
"use strict";

/**
 * The command and arguments that run `entry` with tsx: one Node process, `node --import tsx
 * <entry>`, which receives Ctrl-C and up's forwarded signal itself. Not the `tsx` command: it
 * relays a signal to its child and SIGKILLs the child when the child does not acknowledge it
 * within about 30 ms, so a worker whose event loop was busy was killed with its runs in hand
 * (left `running` until the next worker's reconciler failed them `internal`). Without a local
 * tsx (`localTsx` false: nothing installed yet) it falls back to `npx tsx`.
 */
function serviceCommand(entry, localTsx) {
  if (localTsx) return [process.execPath, ["--import", "tsx", entry]];
  return [process.platform === "win32" ? "npx.cmd" : "npx", ["tsx", entry]];
}

/**
 * The environment `npm run up` gives one of its services. Both the API and the worker read
 * `METRICS_PORT` (docs/configuration.md): set for `npm run up`, both would bind it, and the one
 * that came second either stopped up (the API exits on a taken port) or ran without metrics.
 * Under up it is the worker's: the API serves `GET /metrics` on its own `PORT`, as the README's
 * tour shows it.
 */
function serviceEnv(name, env) {
  if (name !== "api" || env.METRICS_PORT === undefined) return env;
  const own = { ...env };
  delete own.METRICS_PORT;
  return own;
}

module.exports = { serviceCommand, serviceEnv };
