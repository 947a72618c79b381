// Types of scripts/lib/pretty-logs.cjs for the TypeScript tests.
import type { Writable } from "node:stream";
export declare function prettyLogs(options: {
  isTTY: boolean | undefined;
  env: Record<string, string | undefined>;
  load: () => unknown;
  destination?: number | NodeJS.WritableStream;
}): null | (() => Writable);
