// The stdlib namespaces compiled code reaches as `$rt.<name>` (the Runtime exposes them), and the
// path of each implementation in them: an emitter names a stdlib class or function by value and
// codegen writes its path.

import * as stdlib from "../stdlib";

export const RUNTIME_NAMESPACES = {
  ta: stdlib.ta,
  math: stdlib.math,
  str: stdlib.str,
  array: stdlib.array,
  map: stdlib.map,
  matrix: stdlib.matrix,
  color: stdlib.color,
  /** Calendar fields, timestamp() and str.format_time (stdlib/time.ts). */
  cal: stdlib.time,
  /** request.* call sites' state (stdlib/request). */
  request: stdlib.request,
  /** time(timeframe, session), time_close(...), session.* (stdlib/session.ts). */
  session: stdlib.session,
  /** time_tradingday (stdlib/bar-times.ts). */
  barTimes: stdlib.barTimes,
  /** A symbol's exchange prefix and ticker, syminfo.prefix(symbol) and syminfo.ticker(symbol) (stdlib/syminfo.ts). */
  syminfo: stdlib.syminfo,
} as const;

let paths: Map<unknown, string> | null = null;

/** `ta.Sma` for stdlib's Sma: the path under `$rt` of a class or function, or null when the runtime does not expose it. */
export function runtimePath(impl: unknown): string | null {
  if (paths === null) {
    paths = new Map();
    for (const [ns, members] of Object.entries(RUNTIME_NAMESPACES)) {
      for (const [name, value] of Object.entries(members)) if (typeof value === "function" && !paths.has(value)) paths.set(value, `${ns}.${name}`);
    }
  }
  return paths.get(impl) ?? null;
}
