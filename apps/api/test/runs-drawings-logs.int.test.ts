// #30 drawings and #31 logs over HTTP with real API and worker processes on real AAPL daily bars:
// a drawing-only indicator is accepted and run; its labels sit on the bars the script chose (their
// closes read independently from the CSV), the cap keeps the newest; lines past the last bar are
// extrapolated; log lines are paged, bounded at 1,000 and counted; 404/409 as the contract says;
// text formatting on drawings and plot line styles in the Interface (docs/adr/0242).
import { DrawingsSchema } from "@barscript/contracts";
import { saveRunArtifacts } from "@barscript/db";
import { aaplCloses, RunsHarness, type Client } from "./runs-harness";

jest.setTimeout(120_000);

/** Draws only: a label on every bar whose close is above the previous one (at most 5 kept), a line
 *  from the last bar to two bars past it, and a 2x1 table. */
const DRAWS = `//@version=6
indicator("up days", overlay = true, max_labels_count = 5)
if close > close[1]
    label.new(bar_index, close, str.tostring(close), style = label.style_label_up, color = #00FF0080)
if barstate.islast
    line.new(bar_index, close, bar_index + 2, close, color = color.new(#0000FF, 0), width = 2)
    var t = table.new(position.top_right, 2, 1)
    t.cell(0, 0, "last", bgcolor = #FFFFFF)
    t.cell(1, 0, str.tostring(close))
`;

/** Logs three lines on each of 400 bars (1,200 lines: 1,000 kept, 200 dropped). */
const LOGS = `//@version=6
indicator("logs")
log.info("close {0}", close)
log.warning("w")
if close < 0
    log.error("never")
log.error("e {0}", bar_index)
plot(close, "c")
`;

const DEF = `//@version=6
indicator("plain")
plot(close, "c")
`;

/** A pane script (overlay = false) that puts one plot and one line on the price pane (docs/adr/0220). */
const PANE = `//@version=6
indicator("pane", overlay = false)
plot(close, "c")
plot(close, "on price", force_overlay = true)
if barstate.islast
    line.new(bar_index - 1, close[1], bar_index, close, force_overlay = true)
    label.new(bar_index, 50, "in pane")
`;

/** docs/adr/0235: on the last bar a framed, bordered 3x2 table at the bottom left whose first row
 *  is merged, a curved dashed polyline, and two labels with tooltips (one from label.set_tooltip). */
const DASH = `//@version=6
indicator("dashboard", overlay = true)
if barstate.islast
    var t = table.new(position.bottom_left, 3, 2, bgcolor = #FFFFFF, frame_color = #000000, frame_width = 2, border_color = #808080, border_width = 1)
    t.cell(0, 0, "Close", text_color = #FFFFFF, bgcolor = #2962FF, text_size = size.small, text_halign = text.align_left, width = 20, height = 5, tooltip = "last close")
    t.cell(0, 1, "x")
    t.merge_cells(0, 0, 2, 0)
    t.cell_set_text_valign(0, 1, text.align_top)
    polyline.new(array.from(chart.point.from_index(bar_index - 2, 10), chart.point.from_index(bar_index, 20)), curved = true, line_color = #FF0000, line_style = line.style_dashed, line_width = 3)
    label.new(bar_index, 30, "L", tooltip = "first")
    m = label.new(bar_index - 1, 30, "M")
    m.set_tooltip("second")
`;

/** docs/adr/0242: on the last bar, text bold and italic in monospace on a label, italic on a box, a
 *  cell bold in monospace set back to plain by its setter; plots dashed, dotted and solid. */
const STYLED = `//@version=6
indicator("styled text", overlay = true)
plot(close, "dash", linestyle = plot.linestyle_dashed)
plot(open, "dot", linestyle = plot.linestyle_dotted)
plot(high, "solid", linestyle = plot.linestyle_solid)
if barstate.islast
    label.new(bar_index, close, "both", text_formatting = text.format_bold + text.format_italic, text_font_family = font.family_monospace)
    box.new(bar_index - 1, high, bar_index, low, text = "it", text_formatting = text.format_italic)
    var t = table.new(position.top_right, 2, 1)
    t.cell(0, 0, "mono", text_font_family = font.family_monospace, text_formatting = text.format_bold)
    t.cell(1, 0, "plain")
    t.cell_set_text_formatting(0, 0, text.format_none)
`;

const h = new RunsHarness();
let client: Client;

beforeAll(async () => {
  client = await h.setupWithScripts({ draws: DRAWS, logs: LOGS, plain: DEF, pane: PANE, dashboard: DASH, styled: STYLED });
});
afterAll(() => h.teardown());

const iso = (t: number) => new Date(t * 1000).toISOString().replace(".000Z", "Z"); // RFC 3339 as the API writes bar times

describe("drawings over HTTP", () => {
  it("when a drawing-only indicator runs, then #30 returns the labels, line and table that remain after the last bar", async () => {
    const r = await client.start({ script: "draws", instrument: "AAPL", timeframe: "1d", from: "2012-01-01T00:00:00Z", to: "2012-12-31T00:00:00Z", wait: 30 });
    expect(r.status).toBe(202);
    expect(r.json.status).toBe("succeeded");
    expect(r.json.summary.outputs).toBe(r.json.window.bars);
    const d = await client.call("GET", `/runs/${r.json.id}/drawings`);
    expect(d.status).toBe(200);

    // independent: the up-closes among the window's bars from the CSV; the last five remain
    const { time, close } = await aaplCloses();
    const lastIdx = time.indexOf(Date.parse(r.json.window.to) / 1000);
    const ups: number[] = [];
    for (let i = 1; i <= lastIdx; i++) if ((close[i] as number) > (close[i - 1] as number)) ups.push(i);
    const expected = ups.slice(-5).map((i) => ({ time: iso(time[i] as number), price: close[i], text: String(close[i]), style: "label_up", color: "#00FF0080", text_color: null, size: "normal", tooltip: null, text_formatting: "none", text_font_family: "default" }));
    expect(d.json.labels.map((l: { text: string }) => ({ ...l, text: String(Number(l.text)) }))).toEqual(expected);

    // the line ends two bars past the last one: one day per step on a daily chart
    const last = time[lastIdx] as number;
    expect(d.json.lines).toEqual([{ time1: iso(last), price1: close[lastIdx], time2: iso(last + 2 * 86_400), price2: close[lastIdx], extend: "none", style: "solid", color: "#0000FFFF", width: 2 }]);
    expect(d.json.boxes).toEqual([]);
    expect(d.json.polylines).toEqual([]);
    // docs/adr/0235: the table's and its cells' layout at table.new's and table.cell's defaults
    const layout = { text_size: "normal", text_halign: "center", text_valign: "center", width: 0, height: 0, tooltip: null, text_formatting: "none", text_font_family: "default" };
    expect(d.json.tables).toEqual([{ position: "top_right", rows: 1, columns: 2, bg_color: null, frame_color: null, frame_width: 0, border_color: null, border_width: 0, merges: [], cells: [
      { row: 0, column: 0, text: "last", bg_color: "#FFFFFFFF", text_color: "#363A45FF", ...layout },
      { row: 0, column: 1, text: expect.any(String), bg_color: null, text_color: "#363A45FF", ...layout },
    ] }]);
    expect(Number(d.json.tables[0].cells[1].text)).toBeCloseTo(close[lastIdx] as number, 6);
  });

  it("when the script's Interface is read, then it says overlay and has no outputs", async () => {
    const s = await client.call("GET", "/scripts/draws");
    expect(s.status).toBe(200);
    expect(s.json.interface.overlay).toBe(true);
    expect(s.json.interface.outputs).toEqual([]);
  });
});

describe("force_overlay over HTTP (docs/adr/0220)", () => {
  it("when a pane script forces a plot and a line onto the price pane, then its Interface and drawings say so there only", async () => {
    const s = await client.call("GET", "/scripts/pane");
    expect(s.status).toBe(200);
    expect(s.json.interface.overlay).toBe(false);
    expect(s.json.interface.outputs.map((o: Record<string, unknown>) => [o.name, "force_overlay" in o ? o.force_overlay : "absent"])).toEqual([["c", "absent"], ["on_price", true]]);
    const r = await client.start({ script: "pane", instrument: "AAPL", timeframe: "1d", from: "2012-01-01T00:00:00Z", to: "2012-12-31T00:00:00Z", wait: 30 });
    expect(r.json.status).toBe("succeeded");
    const d = await client.call("GET", `/runs/${r.json.id}/drawings`);
    expect(d.status).toBe(200);
    const { time, close } = await aaplCloses();
    const lastIdx = time.indexOf(Date.parse(r.json.window.to) / 1000);
    const last = time[lastIdx] as number;
    expect(d.json.lines).toEqual([{ time1: iso(time[lastIdx - 1] as number), price1: close[lastIdx - 1], time2: iso(last), price2: close[lastIdx], extend: "none", style: "solid", color: null, width: 1, force_overlay: true }]);
    expect(d.json.labels).toHaveLength(1);
    expect("force_overlay" in d.json.labels[0]).toBe(false);
  });
});

describe("tables, polylines and tooltips as TradingView draws them over HTTP (docs/adr/0235)", () => {
  it("when a script draws a framed table with merged cells, a styled polyline and labels with tooltips, then #30 carries what the chart needs", async () => {
    const r = await client.start({ script: "dashboard", instrument: "AAPL", timeframe: "1d", from: "2012-01-01T00:00:00Z", to: "2012-12-31T00:00:00Z", wait: 30 });
    expect(r.json.status).toBe("succeeded");
    const d = await client.call("GET", `/runs/${r.json.id}/drawings`);
    expect(d.status).toBe(200);
    // colors as #RRGGBBAA, opaque: FF; the cell without text_color is color.black (#363A45), the
    // others at table.cell's defaults (size normal, centred, width and height 0: fit the text)
    expect(d.json.tables).toEqual([{
      position: "bottom_left", rows: 2, columns: 3, bg_color: "#FFFFFFFF", frame_color: "#000000FF", frame_width: 2, border_color: "#808080FF", border_width: 1,
      merges: [{ start_column: 0, start_row: 0, end_column: 2, end_row: 0 }],
      cells: [
        { row: 0, column: 0, text: "Close", bg_color: "#2962FFFF", text_color: "#FFFFFFFF", text_size: "small", text_halign: "left", text_valign: "center", width: 20, height: 5, tooltip: "last close", text_formatting: "none", text_font_family: "default" },
        { row: 1, column: 0, text: "x", bg_color: null, text_color: "#363A45FF", text_size: "normal", text_halign: "center", text_valign: "top", width: 0, height: 0, tooltip: null, text_formatting: "none", text_font_family: "default" },
      ],
    }]);
    // the polyline from two bars before the last (price 10) to the last (20)
    const { time } = await aaplCloses();
    const lastIdx = time.indexOf(Date.parse(r.json.window.to) / 1000);
    expect(d.json.polylines).toEqual([{
      points: [{ time: iso(time[lastIdx - 2] as number), price: 10 }, { time: iso(time[lastIdx] as number), price: 20 }],
      closed: false, line_color: "#FF0000FF", fill_color: null, curved: true, xloc: "bar_index", line_style: "dashed", line_width: 3,
    }]);
    expect(d.json.labels.map((l: { text: string; tooltip: string | null; time: string }) => [l.text, l.tooltip, l.time])).toEqual([
      ["L", "first", iso(time[lastIdx] as number)],
      ["M", "second", iso(time[lastIdx - 1] as number)],
    ]);
    // the answer is what the contract (packages/contracts, docs/reference/endpoints.md) says, every field present
    expect(DrawingsSchema.strict().safeParse(d.json).error).toBeUndefined();
  });

  it("when a run kept its polylines and tables before their styles were kept, then #30 answers polyline.new's, table.new's and table.cell's defaults", async () => {
    const plain = await client.start({ script: "plain", instrument: "AAPL", timeframe: "1d", bars: 50, wait: 30 });
    const polyline = { points: [{ time: "2013-01-02T00:00:00Z", price: 1 }, { time: "2013-01-03T00:00:00Z", price: 2 }], closed: true, line_color: "#2962FFFF", fill_color: null };
    const cell = { row: 0, column: 0, text: "a", bg_color: null, text_color: "#363A45FF" };
    const table = { position: "top_right", rows: 1, columns: 1, cells: [cell] };
    await saveRunArtifacts(h.env.db, plain.json.id, { drawings: { labels: [], lines: [], boxes: [], polylines: [polyline], linefills: [], tables: [table] }, logs: [] });
    const before = await client.call("GET", `/runs/${plain.json.id}/drawings`);
    expect(before.status).toBe(200);
    expect(before.json).toEqual({
      labels: [], lines: [], boxes: [], linefills: [],
      polylines: [{ ...polyline, curved: false, xloc: "bar_index", line_style: "solid", line_width: 1 }],
      tables: [{
        ...table, bg_color: null, frame_color: null, frame_width: 0, border_color: null, border_width: 0, merges: [],
        cells: [{ ...cell, text_size: "normal", text_halign: "center", text_valign: "center", width: 0, height: 0, tooltip: null, text_formatting: "none", text_font_family: "default" }],
      }],
    });
    expect(DrawingsSchema.safeParse(before.json).error).toBeUndefined();
  });
});

describe("text formatting and plot line styles over HTTP (docs/adr/0242)", () => {
  it("when plots say linestyle dashed, dotted and solid, then the Interface carries dashed and dotted and leaves solid without the field", async () => {
    const s = await client.call("GET", "/scripts/styled");
    expect(s.status).toBe(200);
    expect(s.json.interface.outputs).toEqual([
      { name: "dash", title: "dash", type: "float", style: "line", color: null, linestyle: "dashed" },
      { name: "dot", title: "dot", type: "float", style: "line", color: null, linestyle: "dotted" },
      { name: "solid", title: "solid", type: "float", style: "line", color: null },
    ]);
    // and the script whose plots say nothing keeps its outputs' shape
    const plain = await client.call("GET", "/scripts/plain");
    expect(plain.json.interface.outputs).toEqual([{ name: "c", title: "c", type: "float", style: "line", color: null }]);
  });

  it("when a label, a box and table cells give text_formatting and text_font_family, then #30 carries them by name", async () => {
    const r = await client.start({ script: "styled", instrument: "AAPL", timeframe: "1d", from: "2012-01-01T00:00:00Z", to: "2012-12-31T00:00:00Z", wait: 30 });
    expect(r.json.status).toBe("succeeded");
    const d = await client.call("GET", `/runs/${r.json.id}/drawings`);
    expect(d.status).toBe(200);
    // text.format_bold (1) + text.format_italic (2) is bold_italic; font.family_monospace is monospace
    expect(d.json.labels.map((l: Record<string, unknown>) => [l.text, l.text_formatting, l.text_font_family])).toEqual([["both", "bold_italic", "monospace"]]);
    expect(d.json.boxes.map((b: Record<string, unknown>) => [b.text, b.text_formatting, b.text_font_family])).toEqual([["it", "italic", "default"]]);
    // the first cell's bold set back to text.format_none by cell_set_text_formatting; its font kept
    expect(d.json.tables[0].cells.map((c: Record<string, unknown>) => [c.text, c.text_formatting, c.text_font_family])).toEqual([["mono", "none", "monospace"], ["plain", "none", "default"]]);
    expect(DrawingsSchema.strict().safeParse(d.json).error).toBeUndefined();
  });

  it("when a run kept its labels, boxes and cells before their text styles were kept, then #30 answers plain text in the default font", async () => {
    const plain = await client.start({ script: "plain", instrument: "AAPL", timeframe: "1d", bars: 50, wait: 30 });
    const label = { time: "2013-01-02T00:00:00Z", price: 1, text: "l", style: "label_down", color: null, text_color: null, size: "normal", tooltip: null };
    const box = { time1: "2013-01-02T00:00:00Z", top: 2, time2: "2013-01-03T00:00:00Z", bottom: 1, border_color: null, bg_color: null, text: "b", border_width: 1, border_style: "solid", extend: "none", text_color: null, text_size: "auto", text_halign: "center", text_valign: "center" };
    const cell = { row: 0, column: 0, text: "a", bg_color: null, text_color: null, text_size: "normal", text_halign: "center", text_valign: "center", width: 0, height: 0, tooltip: null };
    const table = { position: "top_right", rows: 1, columns: 1, bg_color: null, frame_color: null, frame_width: 0, border_color: null, border_width: 0, merges: [], cells: [cell] };
    await saveRunArtifacts(h.env.db, plain.json.id, { drawings: { labels: [label], lines: [], boxes: [box], polylines: [], linefills: [], tables: [table] }, logs: [] });
    const before = await client.call("GET", `/runs/${plain.json.id}/drawings`);
    expect(before.status).toBe(200);
    const plainText = { text_formatting: "none", text_font_family: "default" };
    expect(before.json).toEqual({
      labels: [{ ...label, ...plainText }], lines: [], boxes: [{ ...box, ...plainText }], polylines: [], linefills: [],
      tables: [{ ...table, cells: [{ ...cell, ...plainText }] }],
    });
    expect(DrawingsSchema.strict().safeParse(before.json).error).toBeUndefined();
  });
});

describe("logs over HTTP", () => {
  let runId: string;
  it("when a run logs 1,200 lines, then it keeps the first 1,000 in pages of 100 and counts the rest", async () => {
    const r = await client.start({ script: "logs", instrument: "AAPL", timeframe: "1d", bars: 400, wait: 30 });
    expect(r.json.status).toBe("succeeded");
    runId = r.json.id;
    const warmup = r.json.summary.warmup_bars as number;
    const evaluated = r.json.summary.bars_evaluated as number;
    expect(r.json.summary.logs).toBe(1000);
    expect(r.json.summary.logs_dropped).toBe(3 * evaluated - 1000);
    const lines: Array<{ time: string; level: string; message: string }> = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const p: { status: number; json: { data: typeof lines; next_cursor: string | null } } = await client.call("GET", `/runs/${runId}/logs${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(p.status).toBe(200);
      expect(p.json.data.length).toBeLessThanOrEqual(100);
      lines.push(...p.json.data);
      cursor = p.json.next_cursor;
      pages++;
    } while (cursor !== null);
    expect(pages).toBe(10);
    expect(lines).toHaveLength(1000);
    // bar k's lines are 3k, 3k+1, 3k+2; the window starts after `warmup` bars (here none are needed)
    const { time, close } = await aaplCloses();
    const first = time.indexOf(Date.parse(r.json.window.from) / 1000) - warmup;
    expect(lines[0]).toEqual({ time: iso(time[first] as number), level: "info", message: `close ${close[first]}` });
    expect(lines[1]).toEqual({ time: iso(time[first] as number), level: "warning", message: "w" });
    expect(lines[2]).toEqual({ time: iso(time[first] as number), level: "error", message: "e 0" });
    expect(lines[999]).toEqual({ time: iso(time[first + 333] as number), level: "info", message: `close ${close[first + 333]}` });
    const big = await client.call("GET", `/runs/${runId}/logs?limit=5000`);
    expect(big.json.data).toHaveLength(1000);
    expect(big.json.next_cursor).toBeNull();
    const bad = await client.call("GET", `/runs/${runId}/logs?cursor=nonsense`);
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe("invalid_request");
  });

  it("when a run has no drawings, kept them before boxes had styles, or is another account's, then #30 and #31 answer as results do", async () => {
    const plain = await client.start({ script: "plain", instrument: "AAPL", timeframe: "1d", bars: 50, wait: 30 });
    const d = await client.call("GET", `/runs/${plain.json.id}/drawings`);
    expect(d.json).toEqual({ labels: [], lines: [], boxes: [], polylines: [], linefills: [], tables: [] });
    const l = await client.call("GET", `/runs/${plain.json.id}/logs`);
    expect(l.json).toEqual({ data: [], next_cursor: null });
    // drawings kept before boxes had their styles and linefills were kept (docs/adr/0214): the
    // answer has every field, a box's at box.new's defaults
    const box = { time1: "2013-01-02T00:00:00Z", top: 2, time2: "2013-01-03T00:00:00Z", bottom: 1, border_color: null, bg_color: "#2962FFFF", text: "b" };
    await saveRunArtifacts(h.env.db, plain.json.id, { drawings: { labels: [], lines: [], boxes: [box], polylines: [], tables: [] }, logs: [] });
    const before = await client.call("GET", `/runs/${plain.json.id}/drawings`);
    expect(before.json).toEqual({
      labels: [], lines: [], polylines: [], tables: [], linefills: [],
      boxes: [{ ...box, border_width: 1, border_style: "solid", extend: "none", text_color: null, text_size: "auto", text_halign: "center", text_valign: "center", text_formatting: "none", text_font_family: "default" }],
    });
    const other = (await h.account()).client;
    const hidden = await other.call("GET", `/runs/${runId}/logs`);
    expect(hidden.status).toBe(404);
    expect((await other.call("GET", `/runs/${runId}/drawings`)).status).toBe(404);
  });
});
