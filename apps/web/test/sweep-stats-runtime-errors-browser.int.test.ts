// What the web app showed less of than the API gives, third pass
// (docs/adr/0306-clients-used-from-outside-three.md), in Debian chromium (playwright-core)
// against a real API and worker, one browser and one stack:
// - a ranked row of a sweep opens every statistic of its combination at every horizon (the
//   intervals, abnormal mean, MFE/MAE, Holm's p; the ranked table shows a few at one horizon);
// - a run's runtime errors say on how many bars and when, the first and the last (warmup bars
//   marked), not only the message and a count.
import type { Page } from "playwright-core";
import { closeAfterSuite, openSignedIn, requireChromiumAndBuild, type TestBrowser } from "./support/browser";
import { wcagViolations } from "./support/axe";
import { aaplCloses, RunsHarness, type Client } from "../../api/test/runs-harness";

jest.setTimeout(240_000);

const h = new RunsHarness();
let me: { id: string; handle: string; email: string; client: Client };
let page: Page;
let browser: TestBrowser | undefined;
const pageErrors: string[] = [];

beforeAll(async () => {
  requireChromiumAndBuild();
  await h.setup();
  me = await h.account();
  browser = await openSignedIn(h.api.url, me, pageErrors);
  ({ page } = browser);
});
closeAfterSuite(h, () => browser, pageErrors);

/** A number as the app writes it: en-US grouping, at most `digits` decimals. */
const shownNumber = (v: number, digits: number): string => v.toLocaleString("en-US", { maximumFractionDigits: digits });
/** "2000-03-01 00:00:00 UTC", as the app writes a time. */
const shownTime = (unixSeconds: number): string => new Date(unixSeconds * 1000).toISOString().replace("T", " ").replace(/\.\d+Z$/, " UTC");

const DEF = `//@version=6
definition("RSI below")
level = input.int(30, "Level", minval = 5, maxval = 95)
alertcondition(ta.rsi(close, 14) < level, "oversold", "x")
`;

type Horizon = { h: number; count: number; mean_ci95: [number, number] | null; abnormal_mean: number | null; p_adjusted: number | null };

test("a ranked row of a sweep opens every statistic of its combination at every horizon", async () => {
  await h.script(me, "rsi-below", DEF);
  const started = await me.client.call("POST", "/sweeps", { definition: "rsi-below", instruments: ["AAPL"], timeframe: "1d", bars: 1500, grid: { level: [25, 35] }, horizons: [5, 20] });
  expect(started.status).toBe(202);
  const id = started.json.id as string;
  let status = started.json.status as string;
  while (status === "queued" || status === "running") status = (await me.client.call("GET", `/sweeps/${id}?wait=10`)).json.status as string;
  expect(status).toBe("succeeded");
  const rows = (await me.client.call("GET", `/sweeps/${id}/results`)).json.data as Array<{ rank: number; events: number; inputs: { level: number }; horizons: Horizon[] }>;
  const row = rows.find((r) => r.inputs.level === 35)!;

  await page.goto(`${h.api.url}/app/sweeps/${id}`);
  const toggle = page.getByRole("button", { name: "Details of level 35" });
  await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("false");
  await toggle.click();
  await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("true");
  const table = page.getByRole("table", { name: `Every statistic of level 35 (rank ${row.rank}, ${row.events} events)` });
  await table.waitFor();
  const head = await table.locator("thead th").allTextContents();
  expect(head).toEqual(["Horizon (bars)", "Count", "Mean", "Median", "Stdev", "Hit rate", "MFE mean", "MAE mean", "t", "p", "Mean 95% CI", "Abnormal mean", "Hit rate 95% CI", "MFE median", "MAE median", "p adjusted (Holm)"]);
  const body = await table.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => Array.from(tr.children).map((c) => c.textContent ?? "")));
  expect(body.map((cells) => [cells[0], cells[1], cells[10], cells[11], cells[15]])).toEqual(row.horizons.map((x) => [
    String(x.h), shownNumber(x.count, 0),
    x.mean_ci95 ? `${shownNumber(x.mean_ci95[0], 6)} to ${shownNumber(x.mean_ci95[1], 6)}` : "–",
    x.abnormal_mean === null ? "–" : shownNumber(x.abnormal_mean, 6),
    x.p_adjusted === null ? "–" : shownNumber(x.p_adjusted, 4),
  ]));
  await expect(wcagViolations(page)).resolves.toEqual([]);

  await toggle.click();
  await expect(table.count()).resolves.toBe(0);
});

// bar_index counts from the instrument's first bar: bars 1000 and 3000 raise a runtime error (an
// element of an empty array); with the latest 1,000 bars as the window (bar 2270 on), bar 1000 is
// a warmup bar.
const SOME_ERRORS = `//@version=6
indicator("Some errors")
a = array.new_float(0)
v = bar_index == 1000 or bar_index == 3000 ? array.get(a, 0) : close
plot(v, "v")
`;

test("a run's runtime errors say on how many bars and when, the first and the last", async () => {
  const bars = await aaplCloses();
  const t = (i: number): number => bars.time[i] as number;
  await h.script(me, "some-errors", SOME_ERRORS);
  const run = await me.client.start({ script: "some-errors", instrument: "AAPL", timeframe: "1d", bars: 1000, wait: 30 });
  expect(run.json.status).toBe("succeeded");
  const [error] = (run.json.summary as { runtime_errors: Array<{ message: string }> }).runtime_errors;
  await page.goto(`${h.api.url}/app/runs/${run.json.id as string}`);
  const list = page.locator(".runtime-errors");
  await list.waitFor();
  await expect(list.locator("p").textContent()).resolves.toBe("A runtime error on some bars:");
  await expect(list.locator("li").allTextContents()).resolves.toEqual([`${error!.message} on 2 bars, first ${shownTime(t(1000))} (warmup), last ${shownTime(t(3000))}`]);
});

// The same error on every bar the run evaluates (warmup included): the heading says so.
const EVERY_BAR_ERROR = `//@version=6
indicator("Every bar")
a = array.new_float(0)
plot(array.get(a, 0), "v")
`;

test("a runtime error raised on every bar says every bar, not some", async () => {
  await h.script(me, "every-bar-error", EVERY_BAR_ERROR);
  const run = await me.client.start({ script: "every-bar-error", instrument: "AAPL", timeframe: "1d", bars: 50, wait: 30 });
  const summary = run.json.summary as { bars_evaluated: number; runtime_errors: Array<{ count: number }> };
  expect(summary.runtime_errors[0]!.count).toBe(summary.bars_evaluated);
  await page.goto(`${h.api.url}/app/runs/${run.json.id as string}`);
  const list = page.locator(".runtime-errors");
  await list.waitFor();
  await expect(list.locator("p").textContent()).resolves.toBe("A runtime error on every bar:");
});
