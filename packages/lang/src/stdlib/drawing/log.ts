// log.info / log.warning / log.error: lines kept per evaluation with the bar's open time
// (warmup bars' lines too). A run keeps its first MAX_LOG_LINES lines and counts the rest;
// a message longer than MAX_LOG_CHARS is cut (docs/adr/0064-run-logs.md). Logging never fails a bar.

import { builtinFunction, type FunctionRecord } from "../../builtins/record";
import { format, FORMAT_ARGUMENT } from "../str";

export type LogLevel = "info" | "warning" | "error";

export interface LogLine {
  /** Bar open time, Unix seconds. */
  time: number;
  level: LogLevel;
  message: string;
}

export const MAX_LOG_LINES = 1000;
export const MAX_LOG_CHARS = 4096;

export class LogStore {
  readonly lines: LogLine[] = [];
  dropped = 0;
  constructor(private readonly time: Float64Array) {}

  write(level: LogLevel, bar: number, message: string | null): undefined {
    if (this.lines.length >= MAX_LOG_LINES) {
      this.dropped++;
      return undefined;
    }
    const text = message === null ? "NaN" : message.length > MAX_LOG_CHARS ? message.slice(0, MAX_LOG_CHARS) : message;
    this.lines.push({ time: this.time[bar] ?? NaN, level, message: text });
    return undefined;
  }

  /** The message: the format string alone as written, or with `{0}`, `{1}`, ... replaced as str.format does. */
  message(fmt: string | null, args: unknown[]): string | null {
    return args.length === 0 ? fmt : format(fmt, args);
  }
}

function logRecord(level: LogLevel): FunctionRecord {
  return builtinFunction({
    // TradingView's two overloads: the message alone (`log.info(message = "...")`), and a format
    // string whose arguments each have their own type, as str.format's (`log.info("{0} {1}", bar_index, "x")`)
    sig: [`log.${level}(message: series string): void`, `log.${level}(formatString: series string, ...arg: ${FORMAT_ARGUMENT}): void`],
    doc: `Writes a line of level \`${level}\` to the run's logs (GET /v1/runs/{id}/logs); with arguments, formatted as str.format.`,
    emit: (b) => `$rt.logs.write(${JSON.stringify(level)}, $i, $rt.logs.message(${b.has("message") ? b.a("message") : b.a("formatString")}, [${b.rest().join(", ")}]))`,
  });
}

export const logInfo = logRecord("info");
export const logWarning = logRecord("warning");
export const logError = logRecord("error");
