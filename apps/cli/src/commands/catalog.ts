// What there is to use: `library search|get|fork`, `docs [topic]`, `instruments [q]`, `usage`, `keys`.
import type { Command } from "commander";
import { ClientError } from "@barscript/sdk";
import { EXIT, type ExitCode } from "@barscript/contracts";
import { table } from "../output";
import type { Cli, CommandModule } from "../context";
import { oneOrMore, UsageError } from "../usage";
import { nextPage } from "./runs";

type Kind = "indicator" | "definition" | "study" | "library";

function ownerSlug(ref: string): { owner: string; slug: string } {
  const [owner, slug] = ref.split("/");
  if (!owner || !slug) throw new UsageError(`expected <owner>/<slug>, e.g. core/rsi, got "${ref}"`);
  return { owner, slug };
}

async function fork(cli: Cli, ref: string, as: string | undefined): Promise<ExitCode> {
  const sdk = cli.sdk();
  const source = await sdk.call("getLibraryScript", { path: ownerSlug(ref) });
  const script = await sdk.call("createScript", { body: { slug: as ?? source.slug, title: source.title, description: source.description, files: source.files ?? [], message: `forked from ${ref}@${source.latest_version}` } }).catch((error: unknown) => {
    // the slug is taken: say how this command names another (docs/adr/0316-clients-used-from-outside-four.md)
    if (error instanceof ClientError && error.code === "conflict") throw new ClientError(error.code, `${error.message} Fork it under another slug: barscript library fork ${ref} <new-slug>`, error.status, error.details);
    throw error;
  });
  cli.emit(script, () => `Forked ${ref} as ${script.slug}`);
  return EXIT.ok;
}

/** What the plan's history reaches: a window starting earlier is moved to it, one ending earlier is refused (docs/reference/api.md, ADR 0363). */
function historyLine(start: string | null): string {
  return start ? `history: runs reach bars from ${start.slice(0, 10)} on (a window starting earlier is moved to that day)` : "history: runs reach every stored bar";
}

export const catalogCommands: CommandModule = (program: Command, cli: Cli) => {
  const library = program.command("library").description("public scripts (the built-in core library included)");
  library.command("search [q]").description("full-text search").option("--kind <kind>").option("--limit <n>", "at most this many", oneOrMore("--limit"), "20")
    .option("--cursor <cursor>", "the page after a previous one (its next_cursor)")
    .action(cli.action(async (q: string | undefined, o: { kind?: Kind; limit: string; cursor?: string }) => {
      const page = await cli.sdk().call("searchLibrary", { query: { q, kind: o.kind, limit: o.limit, cursor: o.cursor } });
      // a page with more ends with the command for the next one, as `runs` does (docs/adr/0306, 0363)
      const again = ["library search", ...(q ? [JSON.stringify(q)] : []), ...(o.kind ? ["--kind", o.kind] : []), ...(o.limit !== "20" ? ["--limit", o.limit] : [])].join(" ");
      cli.emit(page, (m) => `${table(m, ["script", "kind", "title"], page.data.map((s) => [`${s.owner}/${s.slug}`, s.kind, s.title]), `(no public script matches${q ? ` "${q}"` : ""}: the search matches whole words)`)}${nextPage(again, page.next_cursor)}`);
      return EXIT.ok;
    }));
  library.command("get <owner/slug>").description("a public script with its source").option("--version <n>", "an older version", oneOrMore("--version"))
    .action(cli.action(async (ref: string, o: { version?: string }) => {
      const script = await cli.sdk().call("getLibraryScript", { path: ownerSlug(ref), query: { version: o.version } });
      cli.emit(script, (m) => [`${m.colors.bold(`${script.owner}/${script.slug}`)} v${o.version ?? script.latest_version} (${script.kind}): ${script.title}`, script.description, ...(script.files ?? []).map((f) => `\n${m.colors.dim(`── ${f.path}`)}\n${f.content}`)].join("\n"));
      return EXIT.ok;
    }));
  library.command("fork <owner/slug> [new-slug]").description("copy a public script into your scripts")
    .action(cli.action((ref: string, as: string | undefined) => fork(cli, ref, as)));

  program.command("docs [topic]").description("the language documentation: the topics, or one as markdown")
    .action(cli.action(async (topic: string | undefined) => {
      const sdk = cli.sdk();
      if (topic) {
        const text = await sdk.text("getDoc", { path: { topic } });
        cli.emit({ topic, markdown: text }, () => text);
      } else {
        const page = await sdk.call("listDocs");
        cli.emit(page, (m) => table(m, ["topic", "title", "summary"], page.data.map((t) => [t.topic, t.title, t.summary])));
      }
      return EXIT.ok;
    }));
  program.command("instruments [q]").description("markets with stored bars, and their coverage")
    .option("--limit <n>", "at most this many (default: the API's 50)", oneOrMore("--limit"))
    .option("--cursor <cursor>", "the page after a previous one (its next_cursor)")
    .action(cli.action(async (q: string | undefined, o: { limit?: string; cursor?: string }) => {
      const page = await cli.sdk().call("listInstruments", { query: { q, limit: o.limit, cursor: o.cursor } });
      // a page with more ends with the command for the next one (it showed 50 and said nothing, docs/adr/0363)
      const again = ["instruments", ...(q ? [JSON.stringify(q)] : []), ...(o.limit ? ["--limit", o.limit] : [])].join(" ");
      cli.emit(page, (m) => `${table(m, ["symbol", "name", "exchange", "status", "timeframes"], page.data.map((i) => [i.symbol, i.name, i.exchange, i.status, Object.keys(i.coverage).join(" ")]))}${nextPage(again, page.next_cursor)}`);
      return EXIT.ok;
    }));
  program.command("usage").description("plan caps, this month's usage and API limits")
    .action(cli.action(async () => {
      const u = await cli.sdk().call("getUsage");
      cli.emit(u, (m) => `${m.colors.bold(`plan ${u.plan}`)} (${u.period.start.slice(0, 10)} to ${u.period.end.slice(0, 10)})\n${table(m, ["cap", "used", "limit"], [
        ...Object.entries(u.caps).map(([name, cap]) => [name, cap.used, cap.limit]), ["concurrent_runs", u.concurrent_runs.used, u.concurrent_runs.limit],
      ])}\n${u.api_limits.requests_per_minute} requests a minute, ${u.api_limits.concurrent_heavy} heavy calls at once, ${u.api_limits.concurrent_waits} long polls at once, run time limit ${u.run_time_limit}s
${historyLine(u.history_start)}`);
      return EXIT.ok;
    }));
  program.command("keys").description("your API keys (no secrets)")
    .action(cli.action(async () => {
      const page = await cli.sdk().call("listKeys");
      cli.emit(page, (m) => table(m, ["name", "prefix", "scopes", "created", "last used", "revoked"], page.data.map((k) => [k.name, k.prefix, k.scopes.join(" "), k.created_at.slice(0, 10), k.last_used_at?.slice(0, 10), k.revoked_at?.slice(0, 10)])));
      return EXIT.ok;
    }));
};
