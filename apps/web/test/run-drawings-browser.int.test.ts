// The run page draws a run's drawings (docs/reference/api.md #30) in Debian chromium against a
// real API and worker: a drawing-only indicator's run page asks for its drawings, gets 200, and
// its chart shows the labels (pixels of the label color on the price pane); a box is filled with
// its translucent bgcolor and holds its text, a dashed line is drawn in dashes, a solid one whole,
// and an extended one to the pane's edge (docs/adr/0214). Tables float over their pane at their
// position, at a desktop's and a phone's width; a polyline is drawn with its style and width; a
// label's tooltip shows on hover and on focus (docs/adr/0235); so does a table cell's, its text a
// button the keyboard reaches; a bottom_left table sits above the chart library's logo, not over
// it; the Table view lists the tables as plain tables.
import type { Locator, Page } from "playwright-core";
import { closeAfterSuite, fillSignIn, openBrowser, requireChromiumAndBuild, type TestBrowser } from "./support/browser";
import { wcagViolations } from "./support/axe";
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

closeAfterSuite(h, () => browser);

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

/** axe-core (WCAG 2 A/AA and best practice) on the page as it is: its violations. */
const violations = (): Promise<string[]> => wcagViolations(page);

// An overlay on the last bar of a 60-bar window (AAPL's closes there between about 430 and 530):
// a framed 2 x 1 table at the top right (some 380 pixels wide: wider than a phone's pane) and a
// yellow one at the bottom left whose cell has a tooltip; a magenta polyline at
// 1000 over bars -40..-10, dashed and 3 wide; an orange one, curved, from 700 down to 600 on bar
// -25 and up to 700 again; a blue label at 900 on bar -30 with a tooltip.
const OVER = `//@version=6
indicator("dashboard", overlay = true)
var tr = table.new(position.top_right, 2, 1, bgcolor = #FFFFFF, frame_color = #000000, frame_width = 2, border_color = #808080, border_width = 1)
var bl = table.new(position.bottom_left, 1, 1)
if barstate.islast
    tr.cell(0, 0, "Trend", text_color = #000000, text_formatting = text.format_bold + text.format_italic, text_font_family = font.family_monospace)
    tr.cell(1, 0, "up since the December low, above its 50-day average", text_color = #000000)
    bl.cell(0, 0, "Bottom left", bgcolor = #FFFF00, text_color = #000000, tooltip = "the cell's tooltip")
    polyline.new(array.from(chart.point.from_index(bar_index - 40, 1000), chart.point.from_index(bar_index - 10, 1000)), line_color = #FF00FF, line_style = line.style_dashed, line_width = 3)
    polyline.new(array.from(chart.point.from_index(bar_index - 40, 700), chart.point.from_index(bar_index - 25, 600), chart.point.from_index(bar_index - 10, 700)), curved = true, line_color = #FFA500, line_width = 2)
    label.new(bar_index - 30, 900, "tip me", color = #2962FF, textcolor = #FFFFFF, tooltip = "the highest\\nof the month")
plot(close, "c")
`;

let overRun: string | null = null;
/** The OVER script's run (one for the tests that read it). */
async function overRunId(): Promise<string> {
  if (overRun === null) {
    await h.script(me, "over", OVER);
    const run = await me.client.start({ script: "over", instrument: "AAPL", timeframe: "1d", bars: 60, wait: 30 });
    expect(run.json.status).toBe("succeeded");
    overRun = run.json.id as string;
  }
  return overRun;
}

type Box = { left: number; top: number; right: number; bottom: number };
/** The boxes of the chart, its panes' layers and the two tables, in CSS pixels of the page. */
function placed(): Promise<{ chart: Box; layers: Box[]; tr: Box; bl: Box; logo: Box; scrollWidth: number }> {
  return page.evaluate(() => {
    const box = (e: Element | null): { left: number; top: number; right: number; bottom: number } => {
      const r = e?.getBoundingClientRect();
      return { left: r?.left ?? NaN, top: r?.top ?? NaN, right: r?.right ?? NaN, bottom: r?.bottom ?? NaN };
    };
    return {
      chart: box(document.querySelector(".chart")),
      layers: Array.from(document.querySelectorAll(".chart-layer")).map(box),
      tr: box(document.querySelector("table.chart-table[data-position='top_right']")),
      bl: box(document.querySelector("table.chart-table[data-position='bottom_left']")),
      logo: box(document.querySelector("#tv-attr-logo")),
      scrollWidth: document.documentElement.scrollWidth,
    };
  });
}

/** Two frames after the tables are placed: painted. */
/** A tooltip hides when the pointer leaves, shows when its anchor takes the focus, and hides on Escape. */
async function hidesOnLeaveShowsOnFocusHidesOnEscape(button: Locator, tip: Locator): Promise<void> {
  await page.mouse.move(5, 5);
  await tip.waitFor({ state: "hidden" });
  await button.focus();
  await tip.waitFor({ state: "visible" });
  await page.keyboard.press("Escape");
  await tip.waitFor({ state: "hidden" });
}

async function settled(): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll("table.chart-table").length >= 2 && document.querySelectorAll(".chart canvas").length >= 2);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

test("tables float over the price pane at their positions, with their frame, borders and colors, at 1280 and at 390 pixels", async () => {
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(String(e)));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${h.api.url}/app/runs/${await overRunId()}`);
  await settled();
  const wide = await placed();
  // one layer, over the price pane: from the chart's left edge to the price scale (some 40 to 80
  // pixels wide on the right), from the chart's top
  expect(wide.layers).toHaveLength(1);
  const pane = wide.layers[0]!;
  expect(Math.abs(pane.left - wide.chart.left)).toBeLessThanOrEqual(1);
  expect(Math.abs(pane.top - wide.chart.top)).toBeLessThanOrEqual(1);
  expect(wide.chart.right - pane.right).toBeGreaterThan(30);
  // top_right in the pane's top right corner, bottom_left in its bottom left corner
  expect(Math.abs(wide.tr.right - pane.right)).toBeLessThanOrEqual(1);
  expect(Math.abs(wide.tr.top - pane.top)).toBeLessThanOrEqual(1);
  expect(Math.abs(wide.bl.left - pane.left)).toBeLessThanOrEqual(1);
  // the chart library's logo (35 x 19 pixels, 10 from the pane's left and bottom) stays in sight:
  // the bottom_left table sits 4 pixels above it, 10 + 19 + 4 = 33 above the pane's bottom
  expect(wide.logo.bottom - wide.logo.top).toBeCloseTo(19, 0);
  expect(pane.bottom - wide.logo.bottom).toBeCloseTo(10, 0);
  expect(Math.abs(pane.bottom - wide.bl.bottom - 33)).toBeLessThanOrEqual(1);
  expect(wide.bl.bottom).toBeLessThanOrEqual(wide.logo.top);
  // the table's frame (2 pixels, #000000), the line between its cells (1 pixel, #808080), a cell's yellow
  const styles = await page.evaluate(() => {
    const tr = document.querySelector<HTMLTableElement>("table.chart-table[data-position='top_right']")!;
    const [first, second] = Array.from(tr.querySelectorAll("td"));
    const yellow = document.querySelector("table.chart-table[data-position='bottom_left'] td")!;
    return [
      getComputedStyle(tr).borderTop, getComputedStyle(tr).backgroundColor, getComputedStyle(first!).borderRight, getComputedStyle(second!).borderRightWidth, getComputedStyle(yellow).backgroundColor,
      yellow.querySelector("[role=tooltip]")?.textContent, getComputedStyle(yellow).pointerEvents, getComputedStyle(first!).pointerEvents,
      `${getComputedStyle(first!).fontWeight} ${getComputedStyle(first!).fontStyle} ${getComputedStyle(first!).fontFamily}`, `${getComputedStyle(second!).fontWeight} ${getComputedStyle(second!).fontStyle}`,
    ];
  });
  // the cell with a tooltip takes the pointer and holds its tooltip; the others let the chart have
  // it; the first cell's text bold, italic and monospace as its text_formatting and font say (docs/adr/0242)
  expect(styles).toEqual(["2px solid rgb(0, 0, 0)", "rgb(255, 255, 255)", "1px solid rgb(128, 128, 128)", "0px", "rgb(255, 255, 0)", "the cell's tooltip", "auto", "none", "700 italic monospace", "400 normal"]);
  // a screen reader reads each as a table where it is
  const tr = page.getByRole("table", { name: "Table 1, top right of the chart (1 × 2)" });
  await expect(tr.locator("td").allTextContents()).resolves.toEqual(["Trend", "up since the December low, above its 50-day average"]);
  await expect(violations()).resolves.toEqual([]);

  // a phone: the page does not scroll sideways, both tables stay whole inside the pane, in their
  // corners; the top right one, wider than the pane, shrunk to fit it
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForFunction(() => (document.querySelector(".chart-layer")?.getBoundingClientRect().width ?? 1000) < 390);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const phone = await placed();
  expect(phone.scrollWidth).toBeLessThanOrEqual(390);
  const small = phone.layers[0]!;
  for (const t of [phone.tr, phone.bl]) {
    expect(t.left).toBeGreaterThanOrEqual(small.left - 1);
    expect(t.right).toBeLessThanOrEqual(small.right + 1);
    expect(t.top).toBeGreaterThanOrEqual(small.top - 1);
    expect(t.bottom).toBeLessThanOrEqual(small.bottom + 1);
  }
  expect(Math.abs(phone.tr.right - small.right)).toBeLessThanOrEqual(1);
  expect(wide.tr.right - wide.tr.left).toBeGreaterThan(small.right - small.left);
  expect(Math.abs(small.bottom - phone.bl.bottom - 33)).toBeLessThanOrEqual(1);
  expect(phone.bl.bottom).toBeLessThanOrEqual(phone.logo.top);
  await expect(violations()).resolves.toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(problems).toEqual([]);
});

test("a polyline is drawn dashed and 3 pixels wide, another curved; a label's tooltip shows on hover and on focus, over the label, and Escape hides it", async () => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${h.api.url}/app/runs/${await overRunId()}`);
  await settled();
  // magenta (#FF00FF) over 30 bars of 60 (about 590 pixels): dashes of 12 and gaps of 9 pixels
  // (4 and 3 times the width 3) make some 28 runs a row, each dash 12 pixels long (at width 1
  // they would be 4); a 3-pixel line fills at least two rows whole (its edges may be smoothed)
  const magenta = await rows([230, 255, 0, 40, 230, 255]);
  const dashed = magenta.filter((r) => r.runs >= 15);
  expect(dashed.length).toBeGreaterThanOrEqual(2);
  for (const r of dashed) expect(Math.abs(r.longest - 12)).toBeLessThanOrEqual(1);
  // the orange one is curved through its lowest point: level there (both neighbours at 700), so its
  // bottom row is one long run (about 15 bars a side, some 295 pixels, over 100 price units, some
  // 50 pixels: a smooth bottom spans tens of pixels); two straight strokes (curved = false) meet in
  // a point there, a run of 2-pixel strokes' width (under 10 pixels)
  const orange = await rows([240, 255, 150, 180, 0, 30]);
  expect(Math.max(...orange.slice(-2).map((r) => r.longest))).toBeGreaterThan(25);

  const tip = page.getByRole("tooltip");
  const button = page.getByRole("button", { name: "Label tip me" });
  await expect(tip.isVisible()).resolves.toBe(false);
  // the button lies over the label's blue (#2962FF) balloon: most of its pixels on the canvas are that blue
  const blue = await button.evaluate((el) => {
    const r = el.getBoundingClientRect();
    let [hits, all] = [0, 0];
    for (const canvas of Array.from(document.querySelectorAll<HTMLCanvasElement>(".chart canvas"))) {
      const c = canvas.getBoundingClientRect();
      if (r.left < c.left || r.right > c.right || r.top < c.top || r.bottom > c.bottom) continue;
      const k = canvas.width / c.width;
      const data = canvas.getContext("2d")?.getImageData(Math.round((r.left - c.left) * k), Math.round((r.top - c.top) * k), Math.max(1, Math.round(r.width * k)), Math.max(1, Math.round(r.height * k))).data;
      if (!data) continue;
      for (let i = 0; i < data.length; i += 4) {
        all += 1;
        if (Math.abs((data[i] ?? 0) - 41) < 12 && Math.abs((data[i + 1] ?? 0) - 98) < 12 && (data[i + 2] ?? 0) > 240) hits += 1;
      }
    }
    return all === 0 ? 0 : hits / all;
  });
  expect(blue).toBeGreaterThan(0.4);
  await button.hover();
  await tip.waitFor({ state: "visible" });
  await expect(tip.textContent()).resolves.toBe("the highest\nof the month");
  await expect(button.getAttribute("aria-describedby")).resolves.toBe(await tip.getAttribute("id"));
  await hidesOnLeaveShowsOnFocusHidesOnEscape(button, tip);
});

test("a pane indicator's table is over its own pane; one made with force_overlay over the price pane", async () => {
  await h.script(me, "pane-tables", `//@version=6
indicator("pane tables", overlay = false)
var own = table.new(position.top_left, 1, 1)
var forced = table.new(position.bottom_right, 1, 1, force_overlay = true)
if barstate.islast
    own.cell(0, 0, "in its pane", bgcolor = #FFFFFF, text_color = #000000)
    forced.cell(0, 0, "on the prices", bgcolor = #FFFFFF, text_color = #000000)
plot(close - close[1], "change")
`);
  const run = await me.client.start({ script: "pane-tables", instrument: "AAPL", timeframe: "1d", bars: 60, wait: 30 });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${h.api.url}/app/runs/${run.json.id}`);
  await settled();
  const where = await page.evaluate(() => {
    const chart = document.querySelector(".chart")!.getBoundingClientRect();
    const at = (position: string) => {
      const table = document.querySelector(`table.chart-table[data-position='${position}']`)!;
      const layer = table.closest(".chart-layer")!.getBoundingClientRect();
      const r = table.getBoundingClientRect();
      return { layerTop: layer.top - chart.top, layerHeight: layer.height, top: r.top - layer.top, bottom: layer.bottom - r.bottom };
    };
    return { own: at("top_left"), forced: at("bottom_right") };
  });
  // the pane below the prices is 180 pixels high and starts some 240 pixels below the chart's top
  // (the chart's 448 less the time axis and that pane); the price pane starts at the top
  expect(where.own.layerTop).toBeGreaterThan(200);
  expect(Math.abs(where.own.layerHeight - 180)).toBeLessThanOrEqual(1);
  expect(where.own.top).toBeLessThanOrEqual(1);
  expect(where.forced.layerTop).toBeLessThanOrEqual(1);
  expect(where.forced.bottom).toBeLessThanOrEqual(1);
});

test("a table cell's tooltip shows on hover and on focus of its text, a button the keyboard reaches, beside the cell; Escape hides it", async () => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${h.api.url}/app/runs/${await overRunId()}`);
  await settled();
  const cell = page.locator("table.chart-table[data-position='bottom_left'] td");
  const button = cell.getByRole("button", { name: "Bottom left" });
  const tip = cell.getByRole("tooltip", { includeHidden: true });
  await expect(button.getAttribute("aria-describedby")).resolves.toBe(await tip.getAttribute("id"));
  await expect(tip.isVisible()).resolves.toBe(false);
  // the keyboard reaches it: from the last of the view's buttons, before the chart, Tab goes to the
  // chart library's logo (a link) and then to the cell
  await page.getByRole("button", { name: "Download CSV" }).focus();
  await page.keyboard.press("Tab");
  await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("tv-attr-logo");
  await page.keyboard.press("Tab");
  await expect(button.evaluate((b) => b === document.activeElement)).resolves.toBe(true);
  await expect(tip.isVisible()).resolves.toBe(true);
  await page.keyboard.press("Escape");
  await tip.waitFor({ state: "hidden" });
  await button.blur();
  await button.hover();
  await tip.waitFor({ state: "visible" });
  await expect(tip.textContent()).resolves.toBe("the cell's tooltip");
  // a bottom table's cell shows its tooltip above it, inside the pane, starting at its left edge
  const [c, t, layer] = await Promise.all([cell.boundingBox(), tip.boundingBox(), page.locator(".chart-layer").first().boundingBox()]);
  expect(t!.y + t!.height).toBeLessThanOrEqual(c!.y);
  expect(Math.abs(t!.x - c!.x)).toBeLessThanOrEqual(1);
  expect(t!.y).toBeGreaterThanOrEqual(layer!.y);
  await hidesOnLeaveShowsOnFocusHidesOnEscape(button, tip);
  // focus leaves and comes back: it shows again
  await button.blur();
  await button.focus();
  await tip.waitFor({ state: "visible" });
  await button.blur();
});

test("the Table view lists the run's tables as plain tables: named as on the chart, numbered columns and rows, a merged cell spanning its rectangle, a tooltip under its cell's text", async () => {
  // a 3 x 2 table at the middle center: "Trend" | "up" | "3 days" in row 0, "RSI" (with a
  // tooltip) in row 1 and "62" merged over row 1's columns 1 and 2; an empty table draws nothing
  await h.script(me, "desk", `//@version=6
indicator("desk", overlay = true)
var t = table.new(position.middle_center, 3, 2, border_width = 1)
var none = table.new(position.top_left, 1, 1)
if barstate.islast
    t.cell(0, 0, "Trend")
    t.cell(1, 0, "up")
    t.cell(2, 0, "3 days")
    t.cell(0, 1, "RSI", tooltip = "14 bars")
    t.cell(1, 1, "62")
    t.merge_cells(1, 1, 2, 1)
plot(close, "c")
`);
  const run = await me.client.start({ script: "desk", instrument: "AAPL", timeframe: "1d", bars: 60, wait: 30 });
  expect(run.json.status).toBe("succeeded");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${h.api.url}/app/runs/${run.json.id}`);
    await page.waitForFunction(() => document.querySelectorAll("table.chart-table").length === 1);
    await page.getByRole("button", { name: "Table", exact: true }).click();
    const desk = page.getByRole("table", { name: "Table 1, middle center of the chart (2 × 3)" });
    await desk.waitFor();
    // the chart and its floating tables are gone; the results table and this one are listed
    await expect(page.locator("table.chart-table").count()).resolves.toBe(0);
    await expect(page.getByRole("table", { name: /^Table 2/ }).count()).resolves.toBe(0);
    const grid = await desk.evaluate((table) => Array.from(table.querySelectorAll("tr")).map((tr) => Array.from(tr.children).map((c) => `${c.tagName.toLowerCase()}${c.getAttribute("colspan") && c.getAttribute("colspan") !== "1" ? `*${c.getAttribute("colspan")}` : ""}:${c.textContent}`)));
    expect(grid).toEqual([
      ["td:", "th:Column 0", "th:Column 1", "th:Column 2"],
      ["th:Row 0", "td:Trend", "td:up", "td:3 days"],
      ["th:Row 1", "td:RSITooltip: 14 bars", "td*2:62"],
    ]);
    await expect(violations()).resolves.toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
});
