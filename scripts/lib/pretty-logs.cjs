// How `npm run up` shows the services' output: on a terminal, their JSON log lines through
// pino-pretty (other lines, like "listening on 8080", pass as they are); piped or redirected,
// or with LOG_FORMAT=json, unchanged JSON, one object a line, as in production.
"use strict";

/**
 * A factory of one pretty-printing stream per service, or null to leave the output as it is.
 * `load` returns pino-pretty (a dev dependency: when it throws, the output stays JSON).
 */
function prettyLogs({ isTTY, env, load, destination = 1 }) {
  if (!isTTY || env.LOG_FORMAT === "json") return null;
  let pinoPretty;
  try {
    pinoPretty = load();
  } catch {
    return null;
  }
  return () => pinoPretty({ colorize: isTTY === true && destination === 1, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname", destination });
}

module.exports = { prettyLogs };
