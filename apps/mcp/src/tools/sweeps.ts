// The sweep tools: `sweep` starts a sweep (or reads one by id), waits up to `wait` seconds, and
// answers the sweep with its top rows ranked by `sort`; `list_sweeps` and `cancel_sweep`
// (docs/reference/api.md #32-#36).
import { z } from "zod";
import { RUN_STATUSES, TIMEFRAMES } from "@barscript/contracts";
import type { AnswerOf, Barscript } from "@barscript/sdk";
import { ArgumentsError, defineTool, DESTRUCTIVE, param, READ, WRITE, type Tool } from "../tool";
import { fittedPage, TEXT_BUDGET } from "../bounded";
import { scriptOwner, splitRef } from "./script-ref";

type Sweep = AnswerOf<"getSweep">;
type Rows = AnswerOf<"getSweepResults">;
const final = (s: Sweep): boolean => s.status !== "queued" && s.status !== "running";

const OUTPUT = {
  type: "object",
  description: "The sweep (status, progress, summary or failure) and, once it succeeded, its top rows: rank, inputs, events and per horizon count, mean, median, hit_rate, t_stat, p_value, p_adjusted (Holm over all combinations), abnormal_mean (mean minus the baseline's), mean_ci95 and hit_rate_ci95; next_cursor reads the rows after them.",
  properties: { sweep: { type: "object" }, rows: { type: "array" }, next_cursor: { type: ["string", "null"] } },
};

/**
 * The statistics of a row's horizon a model is answered: the ranking ones and what says whether a
 * difference is real (abnormal mean, intervals); the API's rows carry the rest
 * (docs/adr/0306-clients-used-from-outside-three.md).
 */
const SHOWN = ["h", "count", "mean", "median", "hit_rate", "t_stat", "p_value", "p_adjusted", "abnormal_mean", "mean_ci95", "hit_rate_ci95"] as const;
type Row = Rows["data"][number];

const brief = (r: Row): Record<string, unknown> => ({
  ...r, horizons: r.horizons.map((h) => Object.fromEntries(SHOWN.map((k) => [k, (h as Record<string, unknown>)[k] ?? null]))),
});

async function rowsPage(sdk: Barscript, id: string, sort: string | undefined, limit: number, cursor: string | undefined): Promise<{ rows: Array<Record<string, unknown>>; next_cursor: string | null }> {
  const page = await sdk.call("getSweepResults", { path: { sweep_id: id }, query: { sort, limit, cursor } });
  return { rows: page.data.map(brief), next_cursor: page.next_cursor };
}

/** How many of `rows` fit in one answer beside the sweep (at least one). */
function fitting(sweep: Sweep, rows: unknown[]): number {
  const room = TEXT_BUDGET - JSON.stringify({ sweep, rows: [], next_cursor: "x".repeat(200), truncated: "x".repeat(200) }).length;
  let used = 0;
  let n = 0;
  while (n < rows.length && used + JSON.stringify(rows[n]).length + 1 <= room) used += JSON.stringify(rows[n++]).length + 1;
  return Math.max(1, n);
}

/**
 * The sweep and its top rows. Rows that would not fit in one answer are asked again fewer, so the
 * answer keeps the sweep and its next_cursor follows the last row shown (a list cut afterwards
 * would lose the sweep, bounded.ts, or skip rows).
 */
async function answer(sdk: Barscript, sweep: Sweep, wait: number, sort: string | undefined, top: number, cursor: string | undefined): Promise<unknown> {
  const deadline = Date.now() + wait * 1000;
  let s = sweep;
  while (!final(s) && Date.now() < deadline) {
    s = await sdk.call("getSweep", { path: { sweep_id: s.id }, query: { wait: String(Math.min(60, Math.max(1, Math.ceil((deadline - Date.now()) / 1000)))) } });
  }
  if (s.status !== "succeeded") return { sweep: s, rows: [], next_cursor: null };
  const page = await rowsPage(sdk, s.id, sort, top, cursor);
  const n = fitting(s, page.rows);
  if (n >= page.rows.length) return { sweep: s, ...page };
  const fewer = await rowsPage(sdk, s.id, sort, n, cursor);
  return { sweep: s, ...fewer, truncated: `${n} of the ${top} rows asked fit in one answer: pass next_cursor as cursor (with sweep_id) for the rows after them` };
}

/** What `sweep` needs to start one, by name, when `sweep_id` is not given. */
function missingToStart(args: { definition?: unknown; instruments?: unknown; timeframe?: unknown; grid?: unknown }): string[] {
  return (["definition", "instruments", "timeframe", "grid"] as const).filter((k) => args[k] === undefined);
}

const sort = param(z.string().regex(/^h\d+:[a-z_0-9]+$/).optional(), "Rank by one horizon's statistic, h<N>:<stat> (default the first horizon's t_stat; p values rank ascending)", "h5:p_adjusted");
const top = param(z.number().int().min(1).max(100).optional(), "Rows to answer (default 10, at most 100)", 10);
const wait = param(z.number().int().min(0).max(600).optional(), "Seconds to wait for the sweep to finish (default 60)", 60);

export const sweepTools: Tool[] = [
  defineTool({
    name: "sweep", title: "Sweep a definition's inputs", hints: WRITE, output: OUTPUT,
    description: "Which settings of a signal were followed by the best returns? Evaluates one of your definitions (or, with `owner`, a public one) for every combination of the `grid` input values (at most 500) on 1-20 instruments, measures what followed its events at each horizon (as a study), and answers the top rows ranked by `sort`, with Holm-adjusted p values (many settings tried). Give `sweep_id` instead to read a sweep already started.",
    input: z.object({
      definition: param(z.string().optional(), "The slug of a saved definition (owner/slug for another account's public one)", "rsi-oversold"),
      owner: scriptOwner,
      instruments: param(z.array(z.string()).min(1).max(20).optional(), "Symbols from find_instruments", ["AAPL", "MSFT"]),
      timeframe: param(z.enum(TIMEFRAMES).optional(), "Bar length", "1d"),
      grid: param(z.record(z.string(), z.array(z.union([z.number(), z.string(), z.boolean()])).min(1).max(50)).optional(), "Values of each swept input by name", { level: [20, 25, 30, 35] }),
      inputs: param(z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])).optional(), "Fixed values of other inputs", { len: 14 }),
      horizons: param(z.array(z.number().int().min(1).max(500)).min(1).max(10).optional(), "Bars after each event to measure (default 1, 5, 20)", [1, 5, 20]),
      bars: param(z.number().int().min(1).max(50000).optional(), "Bars in each instrument's window (default the latest 5,000)", 2000),
      from: param(z.string().optional(), "Window start, RFC 3339", "2015-01-01T00:00:00Z"),
      to: param(z.string().optional(), "Window end, RFC 3339", "2020-01-01T00:00:00Z"),
      events: param(z.array(z.string()).optional(), "Only these events of the definition", ["oversold"]),
      cooldown: param(z.number().int().min(0).optional(), "Leave out an event closer than this many bars after a kept one", 5),
      sweep_id: param(z.string().optional(), "Read this sweep instead of starting one", "swp_4fV2kQ9mXb1LzT8cR3sW0aJe"),
      cursor: param(z.string().optional(), "With sweep_id: next_cursor of a previous answer, for the rows after it", "eyJsIjoi..."),
      sort, top, wait,
    }),
    run: async (args, sdk) => {
      const w = args.wait ?? 60;
      const n = args.top ?? 10;
      if (args.sweep_id) return answer(sdk, await sdk.call("getSweep", { path: { sweep_id: args.sweep_id } }), w, args.sort, n, args.cursor);
      const missing = missingToStart(args);
      if (!args.definition || !args.instruments || !args.timeframe || !args.grid) {
        throw new ArgumentsError(`To start a sweep give ${missing.map((k) => `\`${k}\``).join(", ")} too (definition, instruments, timeframe and grid), or sweep_id to read one.`);
      }
      if (args.cursor) throw new ArgumentsError("`cursor` reads more rows of a sweep already started: give it with `sweep_id`.");
      const ref = splitRef(args.definition, args.owner);
      const body = {
        definition: ref.owner === undefined ? ref.slug : { slug: ref.slug, owner: ref.owner }, instruments: args.instruments, timeframe: args.timeframe, grid: args.grid, inputs: args.inputs,
        horizons: args.horizons ?? [1, 5, 20], bars: args.bars, from: args.from, to: args.to, events: args.events, cooldown: args.cooldown, wait: Math.min(60, w),
      };
      return answer(sdk, await sdk.call("createSweep", { body }), w, args.sort, n, undefined);
    },
  }),
  defineTool({
    name: "list_sweeps", title: "List your sweeps", hints: READ,
    description: "Your sweeps, newest first (status, progress, definition, instruments, timeframe, grid); read one's rows with sweep and its sweep_id.",
    input: z.object({
      status: param(z.enum(RUN_STATUSES).optional(), "Only sweeps with this status", "succeeded"),
      limit: param(z.number().int().min(1).max(50).optional(), "Sweeps in the page (default 10, at most 50)", 10),
      cursor: param(z.string().optional(), "next_cursor of a previous page", "eyJsIjoi..."),
    }),
    run: ({ status, limit, cursor }, sdk) => fittedPage(async (n) => {
      const page = await sdk.call("listSweeps", { query: { status, limit: n, cursor } });
      return { data: page.data.map(({ id, definition, instruments, timeframe, grid, status: st, progress, failure, created_at }) => ({ id, definition, instruments, timeframe, grid, status: st, progress, failure, created_at })), next_cursor: page.next_cursor };
    }, limit ?? 10),
  }),
  defineTool({
    name: "cancel_sweep", title: "Cancel a sweep", hints: DESTRUCTIVE,
    description: "Stop a queued or running sweep (it ends `cancelled`, its rows not kept); a finished sweep keeps its state.",
    input: z.object({ sweep_id: param(z.string().min(1, "must not be empty"), "A sweep's id, from sweep or list_sweeps", "swp_4fV2kQ9mXb1LzT8cR3sW0aJe") }),
    run: ({ sweep_id }, sdk) => sdk.call("cancelSweep", { path: { sweep_id } }),
  }),
];
