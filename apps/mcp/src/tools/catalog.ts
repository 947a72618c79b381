// Tools over what there is: docs, instruments, events of definitions, usage.
import { z } from "zod";
import { TIMEFRAMES } from "@barscript/contracts";
import { defineTool, param, READ, WRITE, type Tool } from "../tool";
import { fittedPage, textPage } from "../bounded";
import { scriptKind, scriptOwner, splitRef } from "./script-ref";

const slug = param(z.string().min(1, "must not be empty"), "A definition script's slug (owner/slug for another account's public one)", "gap-up");

export const catalogTools: Tool[] = [
  defineTool({
    name: "read_docs", title: "Read the documentation", hints: READ,
    description: "The language documentation. Without a topic: the topics. With one: its markdown, in pages (pass next_offset as offset). Read `tour` and `differences` before writing a script.",
    input: z.object({
      topic: param(z.string().optional(), "A topic from the list", "tour"),
      offset: param(z.number().int().min(0).optional(), "Character offset for the next part of a long topic (next_offset of the previous answer)", 6000),
    }),
    run: async ({ topic, offset }, sdk) => topic ? { topic, ...textPage(await sdk.text("getDoc", { path: { topic } }), offset ?? 0) } : sdk.call("listDocs"),
  }),
  defineTool({
    name: "find_instruments", title: "Find instruments", hints: READ,
    description: "Instruments by symbol or name, with the bars stored per timeframe (from, to, count).",
    input: z.object({
      q: param(z.string().optional(), "Part of a symbol or name", "AAPL"),
      limit: param(z.number().int().min(1).max(50).optional(), "Instruments in the page (default 10)", 10),
      // the answer's next_cursor is read back here (it was given with no parameter to take it, docs/adr/0363)
      cursor: param(z.string().optional(), "next_cursor of a previous page", "eyJsIjoi..."),
    }),
    run: ({ q, limit, cursor }, sdk) => fittedPage((n) => sdk.call("listInstruments", { query: { q, limit: n, cursor } }), limit ?? 10),
  }),
  defineTool({
    name: "collect_events", title: "Collect a definition's events", hints: WRITE,
    description: "Run a saved definition over history on one instrument and timeframe and keep its events (read them with list_events). Waits up to `wait` seconds and answers the run.",
    input: z.object({
      slug,
      owner: scriptOwner,
      kind: scriptKind,
      instrument: param(z.string(), "A symbol", "AAPL"),
      timeframe: param(z.enum(TIMEFRAMES), "Bar length", "1d"),
      from: param(z.string().optional(), "Window start, RFC 3339", "2010-01-01T00:00:00Z"),
      to: param(z.string().optional(), "Window end, RFC 3339", "2013-03-01T00:00:00Z"),
      bars: param(z.number().int().min(1).max(50000).optional(), "Bars in the window (default the latest 50,000)", 5000),
      inputs: param(z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])).optional(), "Values of the definition's inputs by name", { length: 20 }),
      wait: param(z.number().int().min(0).max(60).optional(), "Seconds to wait for the run to finish (at most 60; 0 answers at once)", 30),
    }),
    run: ({ slug: given, owner: named, kind, wait, ...body }, sdk) => {
      const { slug: s, owner } = splitRef(given, named); // owner/slug, as start_run takes it (docs/adr/0363)
      return sdk.call("collectEvents", { path: { slug: s }, query: { owner, kind }, body: { ...body, wait: wait ?? 30 } });
    },
  }),
  defineTool({
    name: "list_events", title: "List a definition's events", hints: READ,
    description: "Events a definition raised (time, name, instrument, price, message), oldest first, a page at a time.",
    input: z.object({
      slug,
      owner: scriptOwner,
      kind: scriptKind,
      instrument: param(z.string().optional(), "Only this instrument", "AAPL"),
      timeframe: param(z.enum(TIMEFRAMES).optional(), "Only this timeframe", "1d"),
      run_id: param(z.string().optional(), "Only the events of this run (a collect_events or start_run answer's id)", "run_4fV2kQ9mXb1LzT8cR3sW0aJe"),
      // the API's time filters (#17), both inclusive (docs/adr/0363)
      from: param(z.string().optional(), "Only events at or after this time, RFC 3339", "2010-01-01T00:00:00Z"),
      to: param(z.string().optional(), "Only events at or before this time, RFC 3339", "2012-12-31T00:00:00Z"),
      name: param(z.string().optional(), "Only events with this name", "gap_up"),
      limit: param(z.number().int().min(1).max(100).optional(), "Events in the page (default 50)", 50),
      cursor: param(z.string().optional(), "next_cursor of a previous page", "eyJsIjoi..."),
    }),
    run: ({ slug: given, owner: named, limit, ...query }, sdk) => {
      const { slug: s, owner } = splitRef(given, named);
      return fittedPage((n) => sdk.call("listEvents", { path: { slug: s }, query: { ...query, owner, limit: n } }), limit ?? 50);
    },
  }),
  defineTool({
    name: "get_usage", title: "Read plan usage", hints: READ,
    description: "The plan's caps with this month's usage (compute units, events, scripts) and the API limits.",
    input: z.object({}),
    run: (_args, sdk) => sdk.call("getUsage"),
  }),
];
