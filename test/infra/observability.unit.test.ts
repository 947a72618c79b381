// The dashboard and the alert rules may use only the series the processes export, with the
// labels they export, so a renamed metric or label breaks here, not silently in Grafana or in a
// page that never fires. What is exported is read from the code's own registries (API http and
// queue metrics, worker metrics); `up` is Prometheus's own, and only for the scrape jobs that
// infra/prometheus/prometheus.yml defines. Every alert links its runbook heading in
// docs/operations.md.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Registry } from "prom-client";
import { parse } from "yaml";
import { createHttpMetrics } from "../../apps/api/src/ops/metrics";
import { createQueueMetrics } from "../../apps/api/src/ops/queue-metrics";
import { createWorkerMetrics } from "../../apps/worker/src/metrics";

const ROOT = join(__dirname, "../..");
const read = (path: string): string => readFileSync(join(ROOT, path), "utf8");

/** Labels Prometheus adds to every scraped series (target labels of prometheus.yml). */
const TARGET_LABELS = ["job", "instance", "pod"];

/** Series name -> labels, from the registries as the processes build them. */
async function exportedSeries(): Promise<Record<string, string[]>> {
  const api = new Registry();
  createHttpMetrics(false, api);
  const queues = createQueueMetrics({ registry: api, redisUrl: "redis://unused", redisPrefix: "x:", queues: [] });
  const worker = createWorkerMetrics({ collectDefaults: false }).registry;
  const found: Record<string, string[]> = {};
  for (const registry of [api, worker]) {
    for (const metric of await registry.getMetricsAsJSON()) {
      const labels = [...((registry.getSingleMetric(metric.name) as unknown as { labelNames?: string[] }).labelNames ?? [])];
      if (String(metric.type) === "histogram") {
        found[`${metric.name}_bucket`] = [...labels, "le"];
        found[`${metric.name}_sum`] = labels;
        found[`${metric.name}_count`] = labels;
      } else {
        found[metric.name] = labels;
      }
    }
  }
  await queues.close();
  return found;
}

const KEYWORDS = new Set(["and", "or", "unless", "by", "without", "on", "ignoring", "group_left", "group_right", "bool", "offset", "inf", "nan"]);

/** A PromQL expression's selectors: metric name (or undefined) and its label matchers. */
interface Selector { metric: string; matchers: Array<{ label: string; value: string }> }

export function selectors(expr: string): Selector[] {
  // Label matchers out first (their values hold digits and dots), each left as one "§" in order;
  // then ranges, grouping clauses and numbers go, leaving names, calls and operators.
  const braces: string[] = [];
  const text = expr
    .replace(/\{[^}]*\}/g, (b) => { braces.push(b); return " § "; })
    .replace(/\[[^\]]*\]/g, " ")
    .replace(/\b(?:by|without|on|ignoring)\s*\([^)]*\)/g, " ")
    .replace(/(?<![\w:])\d+(?:\.\d+)?(?:e[+-]?\d+)?/gi, " ");
  const found: Selector[] = [];
  for (const m of text.matchAll(/([a-zA-Z_:][\w:]*)?\s*(§)?\s*(\()?/g)) {
    const [, name, brace, call] = m;
    if (name === undefined && brace === undefined) continue;
    const matchersText = brace === undefined ? "" : (braces.shift() ?? "");
    if (name !== undefined && brace === undefined && call !== undefined) continue; // a function or aggregation
    if (name !== undefined && KEYWORDS.has(name.toLowerCase())) continue;
    const matchers = [...matchersText.matchAll(/([a-zA-Z_]\w*)\s*(?:=~|!~|!=|=)\s*"([^"]*)"/g)].map((l) => ({ label: l[1] as string, value: l[2] as string }));
    found.push({ metric: name ?? "", matchers });
  }
  return found;
}

/** Label names in `by (...)` and `without (...)` clauses. */
export const groupingLabels = (expr: string): string[] =>
  [...expr.matchAll(/\b(?:by|without)\s*\(([^)]*)\)/g)].flatMap((m) => (m[1] as string).split(",").map((l) => l.trim()).filter(Boolean));

/** Every API instance reports the same queue counts: summing them multiplies by the replica count. */
export const sumsQueueJobs = (expr: string): boolean => /\bsum\b\s*(?:(?:by|without)\s*\([^)]*\)\s*)?\(\s*barscript_queue_jobs\b/.test(expr);

/** What is wrong with an expression, as readable strings (empty: fine). */
function problems(expr: string, exported: Record<string, string[]>, jobs: string[]): string[] {
  const found: string[] = [];
  const used = selectors(expr);
  for (const { metric, matchers } of used) {
    if (metric === "up") {
      const job = matchers.find((m) => m.label === "job");
      if (!job || !jobs.includes(job.value)) found.push(`up selects job ${JSON.stringify(job?.value)} that no scrape job has (${jobs.join(", ")})`);
      continue;
    }
    if (metric === "" || !(metric in exported)) { found.push(`unknown metric ${JSON.stringify(metric)}`); continue; }
    for (const { label } of matchers) {
      if (!exported[metric]?.includes(label) && !TARGET_LABELS.includes(label)) found.push(`${metric} has no label ${label}`);
    }
  }
  const known = new Set([...used.flatMap((s) => exported[s.metric] ?? []), ...TARGET_LABELS]);
  for (const label of groupingLabels(expr)) if (!known.has(label)) found.push(`grouping by unknown label ${label}`);
  if (sumsQueueJobs(expr)) found.push("sums barscript_queue_jobs (every API reports the same counts)");
  if (used.length === 0) found.push("no selector at all");
  return found;
}

/** GitHub's anchor for a Markdown heading. */
const anchorOf = (heading: string): string => heading.trim().toLowerCase().replace(/[^\w\- ]/g, "").replace(/ /g, "-");

let exported: Record<string, string[]>;
const scrape = parse(read("infra/prometheus/prometheus.yml")) as { rule_files: string[]; scrape_configs: Array<{ job_name: string }> };
const jobs = scrape.scrape_configs.map((c) => c.job_name);

beforeAll(async () => {
  exported = await exportedSeries();
});

describe("the checks of this file", () => {
  it("when given known bad expressions, then they catch each", () => {
    const fake = { barscript_runs_total: ["kind", "status", "failure"], barscript_queue_jobs: ["queue", "state"] };
    expect(problems('sum(rate(barscript_runs_total{stat="x"}[5m]))', fake, jobs)).toEqual(["barscript_runs_total has no label stat"]);
    expect(problems("kube_deployment_status_replicas_available > 0", fake, jobs)).toEqual(['unknown metric "kube_deployment_status_replicas_available"']);
    expect(problems('up{job=~".*api.*"} == 0', fake, jobs)).toEqual([`up selects job ".*api.*" that no scrape job has (${jobs.join(", ")})`]);
    expect(problems('sum by (state) (barscript_queue_jobs{queue="runs"})', fake, jobs)).toEqual(["sums barscript_queue_jobs (every API reports the same counts)"]);
    expect(problems("sum by (route) (rate(barscript_runs_total[5m]))", fake, jobs)).toEqual(["grouping by unknown label route"]);
    expect(problems('max by (state) (barscript_queue_jobs{queue="runs"}) and (sum(rate(barscript_runs_total[5m])) or vector(0)) == 0', fake, jobs)).toEqual([]);
  });

  it("when the registries are read, then the run queue wait histogram and failure kinds are there", () => {
    expect(exported["barscript_run_queue_wait_seconds_bucket"]).toEqual(["kind", "le"]);
    expect(exported["barscript_runs_total"]).toEqual(["kind", "status", "failure"]);
    expect(exported["barscript_http_requests_total"]).toEqual(["method", "route", "status"]);
  });
});

interface Panel { title: string; targets: { expr: string }[] }

describe("infra/grafana/barscript.json", () => {
  const dashboard = JSON.parse(read("infra/grafana/barscript.json")) as { uid: string; panels: Panel[] };

  it("when loaded, then every panel queries only exported series with their labels", () => {
    expect(dashboard.uid).toBe("barscript");
    for (const panel of dashboard.panels) {
      expect(panel.targets.length).toBeGreaterThan(0);
      for (const target of panel.targets) expect({ panel: panel.title, expr: target.expr, problems: problems(target.expr, exported, jobs) }).toEqual({ panel: panel.title, expr: target.expr, problems: [] });
    }
  });

  it("when loaded, then failure kinds, queue wait, run duration percentiles and limit refusals have panels", () => {
    const exprs = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr));
    expect(exprs.some((e) => /sum by \(failure\)/.test(e) && e.includes("barscript_runs_total"))).toBe(true);
    for (const q of ["0.5", "0.95", "0.99"]) {
      expect(exprs.some((e) => e.startsWith(`histogram_quantile(${q},`) && e.includes("barscript_run_queue_wait_seconds_bucket"))).toBe(true);
      expect(exprs.some((e) => e.startsWith(`histogram_quantile(${q},`) && e.includes("barscript_run_duration_seconds_bucket"))).toBe(true);
    }
    expect(exprs.some((e) => e.includes('barscript_http_requests_total{status="429"}'))).toBe(true);
  });
});

describe("infra/prometheus/rules.yml", () => {
  const rules = parse(read("infra/prometheus/rules.yml")) as { groups: Array<{ rules: Array<{ alert: string; expr: string; for?: string; annotations: Record<string, string> }> }> };
  const alerts = rules.groups.flatMap((g) => g.rules);
  const headings = new Set([...read("docs/operations.md").matchAll(/^#{2,4} (.+)$/gm)].map((m) => anchorOf(m[1] as string)));

  it("when loaded by the shipped scrape configuration, then it alerts on API down, 5xx, missing workers, backlog and queue wait", () => {
    expect(scrape.rule_files).toEqual(["rules.yml"]);
    expect(jobs.sort()).toEqual(["barscript-api", "barscript-worker"]);
    expect(alerts.map((a) => a.alert)).toEqual(expect.arrayContaining(["BarscriptApiDown", "BarscriptHigh5xxRate", "BarscriptNoWorkers", "BarscriptRunQueueBacklog", "BarscriptRunQueueWaitHigh"]));
  });

  it("when each alert's expression is read, then its metrics, labels and scrape jobs all exist", () => {
    for (const alert of alerts) expect({ alert: alert.alert, problems: problems(alert.expr, exported, jobs) }).toEqual({ alert: alert.alert, problems: [] });
  });

  it("when each alert is read, then it links a runbook heading in docs/operations.md", () => {
    for (const alert of alerts) {
      const url = alert.annotations["runbook_url"] ?? "";
      const anchor = /docs\/operations\.md#([\w-]+)$/.exec(url)?.[1];
      expect({ alert: alert.alert, anchor, known: anchor !== undefined && headings.has(anchor) }).toEqual({ alert: alert.alert, anchor: alert.alert.toLowerCase(), known: true });
    }
  });
});
