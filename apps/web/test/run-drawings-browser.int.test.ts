// The run page draws a run's drawings (docs/reference/api.md #30) in Debian chromium against a
// real API and worker: a drawing-only indicator's run page asks for its drawings, gets 200, and
// its chart shows the labels as markers (pixels of the label color on the price pane).
import type { Page } from "playwright-core";
import { fillSignIn, openBrowser, requireChromiumAndBuild, type TestBrowser } from "./support/browser";
import { RunsHarness, type Client } from "../../api/test/runs-harness";


jest.setTimeout(180_000);

/** Only draws: a magenta label on each of the last bars and a magenta line (no plot). */
const DRAWS = `//@version=6
indicator("marks", overlay = true, max_labels_count = 20)
label.new(time, high, "m", xloc = xloc.bar_time, color = #FF00FF)
if barstate.islast
    line.new(time - 20 * 86400000, low, time, high, xloc = xloc.bar_time, color = #FF00FF, width = 3)
`;

const h = new RunsHarness();
let me: { id: string; handle: string; email: string; client: Client };
let page: Page;
let browser: TestBrowser | undefined;

beforeAll(async () => {
  requireChromiumAndBuild();
  await h.setup();
  me = await h.account();
  await h.script(me, "marks", DRAWS);
  browser = await openBrowser();
  ({ page } = browser);
  page.setDefaultTimeout(20_000);
});

afterAll(async () => {
  await browser?.close();
  await h.teardown();
});

test("a drawing-only indicator's run page draws its labels and line", async () => {
  const run = await me.client.start({ script: "marks", instrument: "AAPL", timeframe: "1d", bars: 60, wait: 30 });
  expect(run.json.status).toBe("succeeded");
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(String(e)));

  await page.goto(`${h.api.url}/app/runs/${run.json.id}`);
  await page.waitForURL(/\/login/);
  const drawings = page.waitForResponse((r) => r.url().endsWith(`/v1/runs/${run.json.id}/drawings`));
  await fillSignIn(page, me);
  expect((await drawings).status()).toBe(200);
  await page.waitForFunction(() => document.querySelectorAll(".chart canvas").length >= 1);
  // the label and line color (#FF00FF) is on the price pane's canvases
  await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLCanvasElement>(".chart canvas")).some((canvas) => {
    const data = canvas.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height).data;
    if (!data) return false;
    for (let i = 0; i < data.length; i += 4) if (data[i]! > 200 && data[i + 1]! < 60 && data[i + 2]! > 200 && data[i + 3]! > 200) return true;
    return false;
  }));
  expect(problems).toEqual([]);
});
