// The run page draws a run's drawings (docs/reference/api.md #30) in Debian chromium against a
// real API and worker: a drawing-only indicator's run page asks for its drawings, gets 200, and
// its chart shows the labels (pixels of the label color on the price pane); a box is filled with
// its translucent bgcolor and holds its text, a dashed line is drawn in dashes, a solid one whole,
// and an extended one to the pane's edge (docs/adr/0214).
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

// On the last bar of a 60-bar window (AAPL's closes there lie between about 430 and 530), far above
// the candles: a box over bars -40..-10 between 900 and 850, half-transparent blue with red text
// of size.huge;
// a dashed and a solid green line (width 2) over the same bars at 1000 and 950; an orange line
// over bars -40..-30 at 800, extended right; two white lines over the same bars at 1100 and 1050
// with a half-transparent cyan fill between them; a label "peak" with a tooltip on bar -5 at 1150.
const STYLED = `//@version=6
indicator("styled", overlay = true)
if barstate.islast
    box.new(bar_index - 40, 900, bar_index - 10, 850, border_color = #FF00FF, bgcolor = color.new(#0000FF, 50), text = "ZONE", text_color = #FF0000, text_size = size.huge)
    line.new(bar_index - 40, 1000, bar_index - 10, 1000, color = #00FF00, width = 2, style = line.style_dashed)
    line.new(bar_index - 40, 950, bar_index - 10, 950, color = #00FF00, width = 2)
    line.new(bar_index - 40, 800, bar_index - 30, 800, color = #FFA500, width = 2, extend = extend.right)
    label.new(bar_index - 5, 1150, "peak", tooltip = "the highest")
    linefill.new(line.new(bar_index - 40, 1100, bar_index - 10, 1100, color = #FFFFFF), line.new(bar_index - 40, 1050, bar_index - 10, 1050, color = #FFFFFF), color.new(#00FFFF, 50))
plot(close, "c")
`;

/** Per canvas row of the chart: pixels whose r, g, b lie in the ranges, the runs they form, the longest run. */
function rows(range: [number, number, number, number, number, number]): Promise<Array<{ pixels: number; runs: number; longest: number }>> {
  return page.evaluate(([r0, r1, g0, g1, b0, b1]) => {
    const out: Array<{ pixels: number; runs: number; longest: number }> = [];
    for (const canvas of Array.from(document.querySelectorAll<HTMLCanvasElement>(".chart canvas"))) {
      const data = canvas.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height).data;
      if (!data) continue;
      for (let y = 0; y < canvas.height; y += 1) {
        let [pixels, runs, longest, run] = [0, 0, 0, 0];
        for (let x = 0; x < canvas.width; x += 1) {
          const i = (y * canvas.width + x) * 4;
          const [r, g, b, a] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0, data[i + 3] ?? 0];
          const hit = a > 200 && r >= r0 && r <= r1 && g >= g0 && g <= g1 && b >= b0 && b <= b1;
          if (hit) { pixels += 1; run += 1; if (run === 1) runs += 1; longest = Math.max(longest, run); } else run = 0;
        }
        if (pixels > 0) out.push({ pixels, runs, longest });
      }
    }
    return out;
  }, range);
}

test("a box is filled with its translucent bgcolor, bordered and holds its text; lines are dashed, solid and extended as drawn; a linefill fills between its lines; their words are text too", async () => {
  await h.script(me, "styled-drawings", STYLED);
  const run = await me.client.start({ script: "styled-drawings", instrument: "AAPL", timeframe: "1d", bars: 60, wait: 30 });
  expect(run.json.status).toBe("succeeded");
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(String(e)));
  await page.goto(`${h.api.url}/app/runs/${run.json.id}`);
  // the chart is made once the run's bars, results and drawings are in; two frames later it is painted
  await page.waitForFunction(() => document.querySelectorAll(".chart canvas").length >= 2);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  // color.new(#0000FF, 50): alpha round(0.5 * 255) = 128, 128 / 255 = 0.502; over the white
  // pane 255 * (1 - 0.502) = 127 for red and green, blue 255. The box is 30 bars of 60 wide (about
  // 590 pixels) and 50 of the pane's some 600 price units high (about 35 pixels): far more than 5,000.
  const fill = await rows([122, 132, 122, 132, 250, 255]);
  expect(fill.reduce((n, r) => n + r.pixels, 0)).toBeGreaterThan(5_000);
  // its red text (#FF0000, 24 pixels) inside it: the strokes of "ZONE" (their smoothed edges
  // blend with the blue fill: only pixels at least four fifths red count)
  const text = await rows([220, 255, 0, 60, 0, 100]);
  expect(text.reduce((n, r) => n + r.pixels, 0)).toBeGreaterThan(20);
  // its magenta (#FF00FF) border: top and bottom edges across the box (a 1-pixel edge may be
  // smoothed over two rows, about half magenta: green up to 150)
  const border = await rows([200, 255, 0, 150, 200, 255]);
  expect(border.filter((r) => r.longest >= 400).length).toBeGreaterThanOrEqual(2);
  // green (#00FF00) lines 2 pixels wide: the dashed one is many dashes (dash 8, gap 6 pixels over
  // some 590 pixels: about 40), the solid one a row of one run as long as the box
  const green = await rows([0, 180, 230, 255, 0, 180]);
  expect(green.some((r) => r.runs >= 20)).toBe(true);
  expect(green.some((r) => r.runs === 1 && r.longest >= 500)).toBe(true);
  // the orange (#FFA500) line: its 10 bars (about 200 pixels) and, extended right, the 30 bars
  // to the last candle and on to the pane's edge: more than 600 pixels in one run
  const orange = await rows([240, 255, 150, 180, 0, 30]);
  expect(Math.max(0, ...orange.map((r) => r.longest))).toBeGreaterThan(600);
  // the linefill: color.new(#00FFFF, 50) over white is red 127, green and blue 255, between two
  // lines 50 price units apart over the box's 30 bars: as large as the box, far more than 5,000
  const between = await rows([122, 132, 250, 255, 250, 255]);
  expect(between.reduce((n, r) => n + r.pixels, 0)).toBeGreaterThan(5_000);
  // the words the canvas holds, as text a keyboard and a screen reader reach: the label (its
  // tooltip too) on bar -5 of the last (2013-03-01): five trading days before, Friday 2013-02-22
  const summary = page.getByText("Drawings as text: 1 label, 5 lines, 1 box, 1 linefill", { exact: true });
  await summary.focus();
  await page.keyboard.press("Enter");
  const labels = page.getByRole("table", { name: "Labels" });
  await expect(labels.locator("tbody tr").evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll("td")).map((td) => td.textContent)))).resolves.toEqual([["2013-02-22 00:00:00 UTC", "1150", "peak", "the highest"]]);
  const boxes = page.getByRole("table", { name: "Boxes with text" });
  await expect(boxes.locator("tbody td").evaluateAll((cells) => cells.slice(2).map((c) => c.textContent))).resolves.toEqual(["900", "850", "ZONE"]);
  expect(problems).toEqual([]);
});

test("a pane indicator's drawings are drawn in its own pane below the prices, not on the price pane, except one made with force_overlay", async () => {
  // overlay = false and no plot: the box (between 70 and 30, like an oscillator's levels) has only its pane
  await h.script(me, "pane-box", `//@version=6
indicator("pane box", overlay = false)
if barstate.islast
    box.new(bar_index - 40, 70, bar_index - 10, 30, border_color = #FF00FF, bgcolor = color.new(#0000FF, 50))
    // docs/adr/0220: made with force_overlay, this one is on the price pane
    box.new(bar_index - 40, close * 1.02, bar_index - 10, close * 0.98, border_color = #FF00FF, bgcolor = color.new(#FF0000, 50), force_overlay = true)
`);
  const run = await me.client.start({ script: "pane-box", instrument: "AAPL", timeframe: "1d", bars: 60, wait: 30 });
  expect(run.json.status).toBe("succeeded");
  await page.goto(`${h.api.url}/app/runs/${run.json.id}`);
  await page.waitForFunction(() => document.querySelectorAll(".chart canvas").length >= 2);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  // the half-blue fill (red and green 127, blue 255; see above), and how far below the chart's top
  // its canvases start: the price pane is the chart's 448 pixels (28rem) less the time axis and the
  // 180-pixel pane below, about 240 pixels
  // the forced box's half-red fill is (255, 127, 127) on the white price pane
  const placedOf = (rgb: [number, number, number]) => page.evaluate(([r, g, b]) => {
    const chart = document.querySelector(".chart")?.getBoundingClientRect().top ?? 0;
    let pixels = 0;
    let highest = Infinity;
    for (const canvas of Array.from(document.querySelectorAll<HTMLCanvasElement>(".chart canvas"))) {
      const data = canvas.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height).data;
      if (!data) continue;
      let n = 0;
      for (let i = 0; i < data.length; i += 4) if ((data[i + 3] ?? 0) > 200 && Math.abs((data[i] ?? 0) - r) <= 5 && Math.abs((data[i + 1] ?? 0) - g) <= 5 && Math.abs((data[i + 2] ?? 0) - b) <= 5) n += 1;
      if (n > 0) highest = Math.min(highest, canvas.getBoundingClientRect().top - chart);
      pixels += n;
    }
    return { pixels, highest };
  }, rgb);
  const placed = await placedOf([127, 127, 255]);
  expect(placed.pixels).toBeGreaterThan(5_000);
  expect(placed.highest).toBeGreaterThan(200);
  const forced = await placedOf([255, 127, 127]);
  expect(forced.pixels).toBeGreaterThan(1_000);
  expect(forced.highest).toBeLessThan(50);
});
