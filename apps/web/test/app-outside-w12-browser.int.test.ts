// The web app used from outside, twelfth pass (docs/adr/0364-chart-in-the-exchange-time-zone-expired-and-orphan-runs.md),
// in Debian chromium (playwright-core) against a real API and worker, as a TradingView user uses it:
// an intraday chart reads the exchange's clock (SPY's 09:30 open showed 14:30 UTC); the legend gives
// the last values off the chart, at the symbol's precision, and a definition's events with their
// counts; a label's text shows without a textcolor; a run whose results expired, or that was
// cancelled, runs again from its page; a deleted script's run says why its outputs are plain; a
// sweep over one input maps as one row and a double click on a row's Run starts one run; the runs
// list follows a running run; Tab indents in the editor. Each case fails on the tree before its fix.
// One API and one worker for every case (their own database, Redis prefix, queues); one chromium.
import { join } from "node:path";
import type { Page } from "playwright-core";
import { importFile } from "@barscript/marketdata";
import { closeAfterSuite, openSignedIn, requireChromiumAndBuild, startChromium, type TestBrowser } from "./support/browser";
import { RunsHarness, SLOW, type Client } from "../../api/test/runs-harness";
import { exchangeClock } from "../src/chart/mapping";

jest.setTimeout(120_000);

type Account = { id: string; handle: string; email: string; client: Client };
const h = new RunsHarness();
let account: Account;
let browser: TestBrowser | undefined;
const pageErrors: string[] = [];

const RSI = `//@version=6
indicator("RSI pane")
plot(ta.rsi(close, 3), "rsi", color = color.orange, style = plot.style_columns)
hline(70, "Upper")
`;

const CROSS = `//@version=6
definition("Cross")
fastLen = input.int(3, "Fast", minval = 1, maxval = 7)
fast = ta.sma(close, fastLen)
slow = ta.sma(close, 8)
alertcondition(ta.crossover(fast, slow), "up", "up")
alertcondition(ta.crossunder(fast, slow), "down", "down")
`;

// A label given a color and no text color: TradingView v6 writes its text in white.
const LABEL = `//@version=6
indicator("Label", overlay = true)
if barstate.islast
    label.new(bar_index - 10, close, "WWWW", color = color.new(#000080, 0), size = size.huge, tooltip = "t")
plot(close, "c")
`;

beforeAll(async () => {
  requireChromiumAndBuild();
  startChromium();
  await h.setup();
  // pyalgotrade's NinjaTrader SPY minutes of March 2011, in UTC (packages/marketdata/demo/SOURCES.md);
  // SPY trades on NYSE Arca, America/New_York: EST (UTC-5) until 2011-03-13, then EDT (UTC-4).
  const spy = { name: "SPDR S&P 500 ETF Trust", exchange: "NYSE Arca", assetClass: "etf", currency: "USD", timezone: "America/New_York", session: "0930-1600" } as const;
  await importFile(h.env.db, { symbol: "SPY", timeframe: "1m", file: join(__dirname, "../../../packages/marketdata/demo/nt-spy-minute-2011-03.csv"), format: "ninjatrader", meta: spy });
  account = await h.account();
  await h.script(account, "rsi", RSI);
  await h.script(account, "cross", CROSS);
  await h.script(account, "slow", SLOW);
  await h.script(account, "label", LABEL);
  browser = await openSignedIn(h.api.url, account, pageErrors);
});
closeAfterSuite(h, () => browser, pageErrors);

const page = (): Page => (browser as TestBrowser).page;

/** A run of `body` started over the API and finished; its id. */
async function finished(body: Record<string, unknown>): Promise<string> {
  const started = await account.client.start(body);
  expect(started.status).toBe(202);
  const run = await account.client.final(started.json.id as string);
  expect(run.status).toBe("succeeded");
  return run.id as string;
}

/** The legend's time of the bar under the pointer at the middle of the price pane (five bars: the third). */
async function middleBarTime(id: string): Promise<string> {
  const p = page();
  await p.goto(`${h.api.url}/app/runs/${id}`);
  const chart = p.locator(".chart");
  await chart.waitFor();
  await p.locator(".legend-name").first().waitFor();
  const box = await chart.boundingBox();
  if (!box) throw new Error("the chart has no box");
  // the right price scale takes about 60 pixels; five bars fit the rest, the third in its middle
  await p.mouse.move(box.x + (box.width - 60) / 2, box.y + 60);
  const time = p.locator(".legend-time");
  await time.waitFor();
  return time.innerText();
}

test("an intraday chart reads the exchange's clock, daylight saving included: SPY's 14:32 UTC bar in EST is 09:32, its 13:32 UTC bar in EDT is 09:32", async () => {
  const winter = await finished({ script: "rsi", instrument: "SPY", timeframe: "1m", from: "2011-03-01T14:30:00Z", bars: 5 });
  await expect(middleBarTime(winter)).resolves.toBe("2011-03-01 09:32");
  await expect(page().locator(".chart-zone").innerText()).resolves.toBe("Chart times in America/New_York");
  const summer = await finished({ script: "rsi", instrument: "SPY", timeframe: "1m", from: "2011-03-14T13:30:00Z", bars: 5 });
  await expect(middleBarTime(summer)).resolves.toBe("2011-03-14 09:32");
});

test("the exchange's clock: New York's repeated hour (2011-11-06, 01:30 EDT then 01:30 EST) would put two bars at one time, so that chart stays UTC; daily bars keep their time", () => {
  const [edt, est] = [Date.UTC(2011, 10, 6, 5, 30) / 1000, Date.UTC(2011, 10, 6, 6, 30) / 1000];
  expect(exchangeClock("America/New_York", true, [edt - 3600, edt]).clock(edt)).toBe(Date.UTC(2011, 10, 6, 1, 30) / 1000);
  expect(exchangeClock("America/New_York", true, [edt, est]).zone).toBe("UTC");
  expect(exchangeClock("America/New_York", false, [edt]).clock(edt)).toBe(edt);
  expect(exchangeClock("Not/AZone", true, [edt]).zone).toBe("UTC");
});

test("a run whose results expired says so once and runs again on the same window and inputs", async () => {
  const id = await finished({ script: "rsi", instrument: "SPY", timeframe: "1m", from: "2011-03-02T14:30:00Z", bars: 20 });
  const expiresAt = new Date(Date.now() - 3_600_000);
  await h.env.db.run.update({ where: { id }, data: { expiresAt } });
  const p = page();
  await p.goto(`${h.api.url}/app/runs/${id}`);
  const again = p.getByRole("button", { name: "Run it again" });
  await again.waitFor();
  const iso = expiresAt.toISOString().replace("T", " ").replace(/\.\d+Z$/, " UTC");
  await expect(p.locator(".run-status").innerText()).resolves.toContain(`results expired ${iso}`);
  await expect(p.locator("main").innerText()).resolves.toContain(`Its results expired at ${iso}`);
  // neither the results' nor the logs' 410 is shown as a failure
  await expect(p.locator(".error").count()).resolves.toBe(0);
  await again.click();
  await p.waitForURL((url) => url.pathname.startsWith("/app/runs/run_") && !url.pathname.endsWith(id));
  await p.locator(".badge.succeeded").waitFor({ timeout: 60_000 });
  const next = (await account.client.call("GET", `/runs/${p.url().split("/").pop() ?? ""}`)).json;
  const old = (await account.client.call("GET", `/runs/${id}`)).json;
  expect([next.script, next.instrument, next.timeframe, next.window.from, next.window.to, next.window.bars, next.inputs])
    .toEqual([old.script, "SPY", "1m", "2011-03-02T14:30:00Z", "2011-03-02T14:49:00Z", 20, old.inputs]);
});

test("a run whose script was deleted says why its outputs are plain lines without their hlines", async () => {
  const slug = `gone-${Date.now()}`;
  const made = await account.client.call("POST", "/scripts", { slug, files: [{ path: "main.pine", content: RSI }] });
  expect(made.status).toBe(201);
  const id = await finished({ script: slug, instrument: "SPY", timeframe: "1m", from: "2011-03-03T14:30:00Z", bars: 20 });
  expect((await account.client.call("DELETE", `/scripts/${slug}?kind=indicator`)).status).toBe(204);
  const p = page();
  await p.goto(`${h.api.url}/app/runs/${id}`);
  await p.locator(".legend-name").first().waitFor();
  await expect(p.locator("main").innerText()).resolves.toContain(`The script of this run (${account.handle}/${slug} v1) can no longer be read (deleted)`);
});

test("a definition's chart names each event under it and how many there are, as the API counts them", async () => {
  const id = await finished({ script: "cross", instrument: "SPY", timeframe: "1m", from: "2011-03-04T14:30:00Z", bars: 120 });
  const counts = new Map<string, number>();
  for (const e of (await account.client.call("GET", `/runs/${id}/results?limit=1000`)).json.events as Array<{ name: string }>) counts.set(e.name, (counts.get(e.name) ?? 0) + 1);
  expect([...counts.keys()].sort()).toEqual(["down", "up"]);
  const p = page();
  await p.goto(`${h.api.url}/app/runs/${id}`);
  const keys = p.locator(".legend-event");
  await keys.first().waitFor();
  const said = (await keys.allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim()).sort();
  const event = (n: number): string => (n === 1 ? "1 event" : `${n} events`);
  expect(said).toEqual([`down (${event(counts.get("down") ?? 0)})`, `up (${event(counts.get("up") ?? 0)})`]);
});

test("off the chart the legend gives each output's value on the last bar, as TradingView's legend does; over a bar, that bar's; both at the symbol's two decimals", async () => {
  const id = await finished({ script: "rsi", instrument: "SPY", timeframe: "1m", from: "2011-03-07T14:30:00Z", bars: 5 });
  const points = await account.client.allPoints(id);
  // the file's prices have at most two decimals (133.52): TradingView shows the values at the symbol's precision
  const value = (i: number): string => (points[i]?.["rsi"] as number).toFixed(2);
  const p = page();
  await p.mouse.move(0, 0);
  await p.goto(`${h.api.url}/app/runs/${id}`);
  const rsi = p.locator(".legend li").filter({ hasText: "rsi" });
  await rsi.locator(".legend-value").waitFor();
  await expect(rsi.innerText()).resolves.toBe(`rsi ${value(4)}`);
  await expect(middleBarTime(id)).resolves.toBe("2011-03-07 09:32");
  await expect(rsi.innerText()).resolves.toBe(`rsi ${value(2)}`);
});

test("a sweep over one input draws its heat map as one row across the input's values, not the input against itself; its view is in the address; a double click on a row's Run starts one run", async () => {
  const made = await account.client.call("POST", "/sweeps", { definition: "cross", instruments: ["SPY"], timeframe: "1m", from: "2011-03-08T14:30:00Z", bars: 200, grid: { fastLen: [2, 3, 4] }, horizons: [1, 5] });
  expect(made.status).toBe(202);
  let sweep = made.json;
  while (["queued", "running"].includes(sweep.status as string)) sweep = (await account.client.call("GET", `/sweeps/${sweep.id}?wait=10`)).json;
  expect(sweep.status).toBe("succeeded");
  const rows = (await account.client.call("GET", `/sweeps/${sweep.id}/results`)).json.data as Array<{ inputs: { fastLen: number }; horizons: Array<{ h: number; t_stat: number | null }> }>;
  const t = (len: number): string => {
    const v = rows.find((r) => r.inputs.fastLen === len)?.horizons.find((k) => k.h === 1)?.t_stat;
    return typeof v === "number" ? v.toLocaleString("en-US", { maximumFractionDigits: 4 }) : "–";
  };
  const p = page();
  await p.goto(`${h.api.url}/app/sweeps/${sweep.id}`);
  const map = p.locator("table.heatmap");
  await map.waitFor();
  await expect(p.locator("#heat-y").count()).resolves.toBe(0);
  const lines = (await map.locator("tr").allInnerTexts()).map((r) => r.split("\t").map((c) => c.trim()));
  expect(lines).toEqual([["fastLen", "2", "3", "4"], ["t_stat", t(2), t(3), t(4)]]);

  // the map's statistic and horizon are in the address: a reload keeps them, Back returns to the default
  await p.locator("#heat-stat").selectOption("mean");
  await p.waitForURL((url) => url.searchParams.get("heat") === "fastLen,fastLen,mean,1");
  await p.locator("#heat-h").selectOption("5");
  await p.waitForURL((url) => url.searchParams.get("heat") === "fastLen,fastLen,mean,5");
  await p.reload();
  await map.locator("caption").filter({ hasText: "mean at h = 5" }).waitFor();
  await expect(p.locator("#heat-stat").inputValue()).resolves.toBe("mean");
  await p.goBack();
  await p.goBack();
  await map.locator("caption").filter({ hasText: "t_stat at h = 1" }).waitFor();

  // a double click on a row's Run starts one run of that combination, not two
  const posts: string[] = [];
  const count = (r: { method(): string; url(): string }): void => { if (r.method() === "POST" && new URL(r.url()).pathname === "/v1/runs") posts.push(r.url()); };
  p.on("request", count);
  await p.getByRole("button", { name: /^Run fastLen \d/ }).first().dblclick();
  await p.waitForURL((url) => url.pathname.startsWith("/app/runs/run_"));
  await p.locator(".run-status").waitFor();
  p.off("request", count);
  expect(posts.length).toBe(1);
});

test("a cancelled run offers Run it again, which asks for the same window, version and inputs", async () => {
  const started = await account.client.start({ script: "slow", instrument: "SPY", timeframe: "1m", from: "2011-03-09T14:30:00Z", bars: 50 });
  expect(started.status).toBe(202);
  const id = started.json.id as string;
  expect((await account.client.call("POST", `/runs/${id}/cancel`)).status).toBe(200);
  expect((await account.client.final(id)).status).toBe("cancelled");
  const p = page();
  await p.goto(`${h.api.url}/app/runs/${id}`);
  await p.getByRole("button", { name: "Run it again" }).click();
  await p.waitForURL((url) => url.pathname.startsWith("/app/runs/run_") && !url.pathname.endsWith(id));
  const next = (await account.client.call("GET", `/runs/${p.url().split("/").pop() ?? ""}`)).json;
  // the new run is as slow: stopped here, so it holds no worker after the test
  await account.client.call("POST", `/runs/${next.id}/cancel`);
  expect([next.script.slug, next.script.version, next.instrument, next.timeframe, next.window.requested_from, next.inputs]).toEqual(["slow", 1, "SPY", "1m", "2011-03-09T14:30:00Z", {}]);
});

test("the runs list follows a running run's status without a reload, as the sweeps list does, and says when it changes", async () => {
  const started = await account.client.start({ script: "slow", instrument: "SPY", timeframe: "1m", from: "2011-03-10T14:30:00Z", bars: 50 });
  expect(started.status).toBe(202);
  const id = started.json.id as string;
  const p = page();
  await p.goto(`${h.api.url}/app/runs`);
  const row = p.locator("tr").filter({ hasText: id });
  await row.locator(".badge.queued, .badge.running").waitFor();
  expect((await account.client.call("POST", `/runs/${id}/cancel`)).status).toBe(200);
  await row.locator(".badge.cancelled").waitFor({ timeout: 20_000 });
  await expect(p.locator("[aria-live]").filter({ hasText: `Run ${id} is cancelled.` }).count()).resolves.toBe(1);
});

test("a label given a color and no text color shows its text in white, TradingView v6's default (the answer's null drew no text)", async () => {
  const id = await finished({ script: "label", instrument: "SPY", timeframe: "1m", from: "2011-03-11T14:30:00Z", bars: 40 });
  const p = page();
  await p.goto(`${h.api.url}/app/runs/${id}`);
  const tip = p.locator(".label-tip").first();
  await tip.waitFor({ state: "attached" });
  const box = await tip.boundingBox();
  if (!box) throw new Error("the label has no box");
  // the inner half of the label's balloon: its navy fill and, drawn over it, its text
  const counts = await p.evaluate((b) => {
    let [white, navy] = [0, 0];
    for (const canvas of Array.from(document.querySelectorAll<HTMLCanvasElement>(".chart canvas"))) {
      const c = canvas.getBoundingClientRect();
      const k = canvas.width / c.width;
      const data = canvas.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height).data;
      if (!data) continue;
      for (let y = Math.ceil((b.y + b.height / 4 - c.y) * k); y < (b.y + (3 * b.height) / 4 - c.y) * k; y += 1) {
        for (let x = Math.ceil((b.x + b.width / 4 - c.x) * k); x < (b.x + (3 * b.width) / 4 - c.x) * k; x += 1) {
          if (x < 0 || y < 0 || x >= canvas.width || y >= canvas.height) continue;
          const i = (y * canvas.width + x) * 4;
          const [r, g, bl, a] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0, data[i + 3] ?? 0];
          if (a > 200 && r > 220 && g > 220 && bl > 220) white += 1;
          if (a > 200 && r < 30 && g < 30 && bl > 100) navy += 1;
        }
      }
    }
    return { white, navy };
  }, box);
  expect(counts.navy).toBeGreaterThan(50);
  expect(counts.white).toBeGreaterThan(20);
});

test("Tab in the editor indents a block's line by Pine's four spaces (Shift+Tab outdents); Esc then Tab leaves the editor", async () => {
  const p = page();
  await p.goto(`${h.api.url}/app/scripts/new`);
  const editor = p.locator(".cm-content");
  await editor.click();
  await p.keyboard.press("Control+A");
  await p.keyboard.press("Delete");
  await p.keyboard.insertText("//@version=6\nindicator(\"T\")\nif close > open\nplot(close)");
  await p.keyboard.press("Home");
  await p.keyboard.press("Tab");
  await expect(editor.evaluate((e) => document.activeElement === e)).resolves.toBe(true);
  await expect(p.locator(".cm-line").nth(3).innerText()).resolves.toBe("    plot(close)");
  await p.keyboard.press("Shift+Tab");
  await expect(p.locator(".cm-line").nth(3).innerText()).resolves.toBe("plot(close)");
  await p.keyboard.press("Tab");
  await p.keyboard.press("Escape");
  await p.keyboard.press("Tab");
  await expect(editor.evaluate((e) => document.activeElement !== e && !e.contains(document.activeElement))).resolves.toBe(true);
  await expect(p.locator(".cm-line").nth(3).innerText()).resolves.toBe("    plot(close)");
  await expect(editor.getAttribute("aria-describedby")).resolves.toBe("editor-keys");
});
