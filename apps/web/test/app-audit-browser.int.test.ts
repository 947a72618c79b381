// Web app findings of an audit in Debian chromium (playwright-core) against a real API and worker:
// an hline far from an overlay's values is still drawn (its pane's scale takes it in, as on
// TradingView; ADR 0154), a script in its own pane with levels and no plots draws them there,
// another account's sweep, script or private library script answers 404 as the API would
// (apps/web/README.md: a page the person may not see answers as the API would), and the skip link
// takes a keyboard user past the navigation; at a phone's width every scrolling table, the
// library's read-only code and a tall script's editor can be reached from the keyboard (axe-core). One browser, one stack.
import type { Page } from "playwright-core";
import { closeAfterSuite, openSignedIn, requireChromiumAndBuild, type TestBrowser } from "./support/browser";
import { axeFindings } from "./support/axe";
import { seedCoreLibrary } from "@barscript/db";
import { RunsHarness, type Client } from "../../api/test/runs-harness";


jest.setTimeout(180_000);

const h = new RunsHarness();
let me: { id: string; handle: string; email: string; client: Client };
let page: Page;
let browser: TestBrowser | undefined;

beforeAll(async () => {
  requireChromiumAndBuild();
  await h.setup();
  await seedCoreLibrary(h.env.db);
  me = await h.account();
  browser = await openSignedIn(h.api.url, me);
  ({ page } = browser);
});
closeAfterSuite(h, () => browser);

// AAPL's daily closes in the demo data's last 300 bars lie between about 360 and 710 (2011-12 to
// 2013-03), so a level at 150 is far below every candle and both plots.
const FAR_HLINE = `//@version=6
indicator("Far level", overlay = true)
plot(ta.sma(close, 20), "basis", color = color.blue)
hline(150, "far", color = color.fuchsia, linestyle = hline.style_solid)
`;

/** Pixels of the chart's canvases within 40 of fuchsia (#E040FB) in each channel. */
function fuchsiaPixels(): Promise<number> {
  return page.evaluate(() => {
    let n = 0;
    for (const canvas of Array.from(document.querySelectorAll<HTMLCanvasElement>(".chart canvas"))) {
      const data = canvas.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height).data;
      if (!data) continue;
      for (let i = 0; i < data.length; i += 4) {
        if ((data[i + 3] ?? 0) > 200 && Math.abs((data[i] ?? 0) - 0xe0) < 40 && Math.abs((data[i + 1] ?? 0) - 0x40) < 40 && Math.abs((data[i + 2] ?? 0) - 0xfb) < 40) n += 1;
      }
    }
    return n;
  });
}

test("an hline far from the plotted values is drawn on the price pane", async () => {
  await h.script(me, "far-level", FAR_HLINE);
  const run = await me.client.start({ script: "far-level", instrument: "AAPL", timeframe: "1d", bars: 300, wait: 30 });
  expect(run.json.status).toBe("succeeded");
  await page.goto(`${h.api.url}/app/runs/${run.json.id}`);
  await page.locator(".legend").getByText("basis", { exact: true }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll(".chart canvas").length >= 2);
  // a solid 1-pixel line across the pane (about 1,200 pixels) and its price label on the axis
  await expect(fuchsiaPixels()).resolves.toBeGreaterThan(800);
});

// An indicator in its own pane (overlay = false) whose only outputs are levels: TradingView draws
// them in the script's pane below the price pane, and that pane's scale takes in both (ADR 0154).
// Prices near 20 and 80 are far below every AAPL candle, so on the price pane neither would show.
const LEVELS_ONLY = `//@version=6
indicator("Levels only", overlay = false)
hline(80, "upper", color = color.fuchsia, linestyle = hline.style_solid)
hline(20, "lower", color = color.fuchsia, linestyle = hline.style_solid)
`;

/** Horizontal fuchsia lines (canvas rows with at least 300 fuchsia pixels: a level across the
 * pane, not its labels) on the price pane (the canvases that draw candles) and below it. */
function fuchsiaLinesByPane(): Promise<{ price: number; below: number }> {
  return page.evaluate(() => {
    const near = (d: Uint8ClampedArray, i: number, rgb: number[]): boolean =>
      (d[i + 3] ?? 0) > 200 && rgb.every((c, k) => Math.abs((d[i + k] ?? 0) - c) < 40);
    const canvases = Array.from(document.querySelectorAll<HTMLCanvasElement>(".chart canvas")).map((canvas) => {
      const data = canvas.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray();
      let lines = 0;
      let candle = 0;
      for (let y = 0; y < canvas.height; y += 1) {
        let row = 0;
        for (let i = y * canvas.width * 4; i < (y + 1) * canvas.width * 4; i += 4) {
          if (near(data, i, [0xe0, 0x40, 0xfb])) row += 1;
          if (near(data, i, [0x08, 0x99, 0x81])) candle += 1;
        }
        if (row >= 300) lines += 1;
      }
      const box = canvas.getBoundingClientRect();
      return { top: box.top, bottom: box.bottom, lines, candle };
    });
    const priceBottom = Math.max(...canvases.filter((c) => c.candle > 0).map((c) => c.bottom));
    const sum = (xs: typeof canvases): number => xs.reduce((n, c) => n + c.lines, 0);
    return { price: sum(canvases.filter((c) => c.bottom <= priceBottom)), below: sum(canvases.filter((c) => c.top >= priceBottom)) };
  });
}

test("a script in its own pane with hlines and no plots draws both levels in a pane below the prices; an overlay's levels stay on the price pane", async () => {
  await h.script(me, "levels-only", LEVELS_ONLY);
  const run = await me.client.start({ script: "levels-only", instrument: "AAPL", timeframe: "1d", bars: 300, wait: 30 });
  expect(run.json.status).toBe("succeeded");
  await page.goto(`${h.api.url}/app/runs/${run.json.id}`);
  await page.locator(".legend").waitFor({ state: "attached" });
  await page.waitForFunction(() => document.querySelectorAll(".chart canvas").length >= 2);
  const own = await fuchsiaLinesByPane();
  // both levels (1 pixel high) across the pane below, none on the price pane
  expect(own).toEqual({ price: 0, below: 2 });

  const far = await me.client.start({ script: "far-level", instrument: "AAPL", timeframe: "1d", bars: 300, wait: 30 });
  expect(far.json.status).toBe("succeeded");
  await page.goto(`${h.api.url}/app/runs/${far.json.id}`);
  await page.locator(".legend").getByText("basis", { exact: true }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll(".chart canvas").length >= 2);
  const overlay = await fuchsiaLinesByPane();
  expect(overlay).toEqual({ price: 1, below: 0 });
});

test("pages the person may not see answer 404 as the API would: another account's sweep, script and private library script, a version that does not exist", async () => {
  const other = await h.account();
  await h.script(other, "their-def", `//@version=6
definition("Theirs")
len = input.int(14, "Length", minval = 2)
alertcondition(ta.rsi(close, len) < 30, "oversold", "x")
`);
  const sweep = await other.client.call("POST", "/sweeps", { definition: "their-def", instruments: ["AAPL"], timeframe: "1d", bars: 300, grid: { len: [7, 14] }, horizons: [5] });
  expect(sweep.status).toBe(202);
  const refused = await page.goto(`${h.api.url}/app/sweeps/${sweep.json.id}`);
  expect(refused?.status()).toBe(404);
  await page.getByRole("alert").filter({ hasText: "Not found" }).waitFor();
  await expect(page.locator("main").textContent()).resolves.not.toContain("their-def");

  // The API answers 404 to each of these for this account (GET /v1/scripts/{slug}, /v1/library/{owner}/{slug}).
  expect((await me.client.call("GET", "/scripts/their-def")).status).toBe(404);
  expect((await me.client.call("GET", `/library/${other.handle}/their-def`)).status).toBe(404);
  for (const path of ["/app/scripts/their-def", `/app/library/${other.handle}/their-def`, "/app/scripts/far-level?version=9"]) {
    const answer = await page.goto(`${h.api.url}${path}`);
    expect({ path, status: answer?.status() }).toEqual({ path, status: 404 });
    await page.getByRole("alert").filter({ hasText: "Not found" }).waitFor();
  }
  // What the person may see still answers 200.
  for (const path of ["/app/scripts/far-level?version=1", "/app/scripts/new", "/app/library"]) {
    expect({ path, status: (await page.goto(`${h.api.url}${path}`))?.status() }).toEqual({ path, status: 200 });
  }
});

test("keyboard: Skip to content moves the next Tab into the page, past the site's navigation", async () => {
  await page.goto(`${h.api.url}/app/account`);
  await page.getByRole("heading", { name: "Your account" }).waitFor();
  const skip = page.getByRole("link", { name: "Skip to content" });
  await skip.focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  const focused = await page.evaluate(() => ({ inMain: document.activeElement?.closest("main") !== null, inNav: document.activeElement?.closest("header") !== null }));
  expect(focused).toEqual({ inMain: true, inNav: false });
  expect(new URL(page.url()).pathname).toBe("/app/account");
});

/** axe-core's violations of one rule on the page as it is: the offending nodes' targets. */
async function violations(rule: string): Promise<string[]> {
  return (await axeFindings(page, { type: "rule", values: [rule] })).flatMap((f) => f.targets);
}

test("on a 320-pixel phone, a study's wide tables, the library's code and a tall script's editor scroll from the keyboard", async () => {
  await page.setViewportSize({ width: 320, height: 700 });
  try {
    await h.script(me, "dip", `//@version=6
definition("Dip")
alertcondition(ta.rsi(close, 14) < 35, "dip", "x")
`);
    await h.script(me, "dip-study", `//@version=6
study("Dips", horizons = [1, 5])
use("dip", events = ["dip"])
`);
    const study = await me.client.start({ script: "dip-study", instrument: "AAPL", timeframe: "1d", bars: 1000, wait: 30 });
    expect(study.json.status).toBe("succeeded");
    await page.goto(`${h.api.url}/app/studies/${study.json.id}`);
    await page.getByRole("table", { name: /^Baseline/ }).waitFor();
    // the tables are wider than the phone: they scroll inside themselves, and a keyboard reaches them
    expect(await page.evaluate(() => Array.from(document.querySelectorAll(".scroll")).some((e) => e.scrollWidth > e.clientWidth))).toBe(true);
    await expect(violations("scrollable-region-focusable")).resolves.toEqual([]);
    await page.goto(`${h.api.url}/app/library/core/rsi`);
    await page.locator(".cm-content").first().waitFor();
    await expect(violations("scrollable-region-focusable")).resolves.toEqual([]);
    // the editor of a script taller than its box (70% of the window's height) scrolls inside itself
    await h.script(me, "tall", `//@version=6\nindicator("Tall")\n${Array.from({ length: 60 }, (_, i) => `v${i} = close + ${i}`).join("\n")}\nplot(v59, "v")\n`);
    await page.goto(`${h.api.url}/app/scripts/tall`);
    await page.locator(".cm-content").first().waitFor();
    expect(await page.evaluate(() => Array.from(document.querySelectorAll(".cm-scroller")).some((e) => e.scrollHeight > e.clientHeight))).toBe(true);
    await expect(violations("scrollable-region-focusable")).resolves.toEqual([]);
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
});

test("a study sharing its slug with a definition: the list opens each, and the bare address offers both", async () => {
  await h.script(me, "twin", `//@version=6
definition("Twin definition")
alertcondition(ta.rsi(close, 14) < 35, "dip", "x")
`);
  await h.script(me, "twin", `//@version=6
study("Twin study", horizons = [1, 5])
use("twin", events = ["dip"])
`);
  await page.goto(`${h.api.url}/app/`);
  await page.getByRole("link", { name: "Twin study" }).click();
  await page.getByRole("heading", { name: "Twin study" }).waitFor();
  await page.getByRole("button", { name: "Run the study" }).waitFor();
  await page.goto(`${h.api.url}/app/`);
  await page.getByRole("link", { name: "Twin definition" }).click();
  await page.getByRole("heading", { name: "Twin definition" }).waitFor();
  // /app/scripts/twin names two scripts (the API answers 409 without ?kind=): the page links both.
  await page.goto(`${h.api.url}/app/scripts/twin`);
  await page.getByRole("link", { name: "open the study" }).click();
  await page.getByRole("heading", { name: "Twin study" }).waitFor();
  expect(new URL(page.url()).search).toBe("?kind=study");
});
