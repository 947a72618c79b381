// Drawings (#30) and log lines (#31) of a run, as docs/reference/api.md describes them: times RFC 3339,
// colors `#RRGGBBAA`, na as null.
import { z } from "zod";

const time = z.string().nullable();
const color = z.string().regex(/^#[0-9A-F]{8}$/).nullable();
const price = z.number().nullable();
// docs/adr/0220: present (true) only on a drawing made with force_overlay = true (the price pane)
const force_overlay = z.literal(true).optional();
// docs/adr/0242: text.format_* by name and font.family_* without its prefix; a run finished before these were kept answers the defaults
const text_formatting = z.enum(["none", "bold", "italic", "bold_italic"]);
const text_font_family = z.enum(["default", "monospace"]);

export const DrawingsSchema = z.object({
  labels: z.array(z.object({ time, price, text: z.string(), style: z.string(), color, text_color: color, size: z.string(), tooltip: z.string().nullable(), text_formatting, text_font_family, force_overlay })),
  lines: z.array(z.object({ time1: time, price1: price, time2: time, price2: price, extend: z.string(), style: z.string(), color, width: z.number(), force_overlay })),
  boxes: z.array(z.object({
    time1: time, top: price, time2: time, bottom: price, border_color: color, bg_color: color, text: z.string(),
    // docs/adr/0214; a run finished before these were kept answers TradingView's defaults (apps/api/src/runs/artifacts.ts)
    border_width: z.number(), border_style: z.string(), extend: z.string(), text_color: color, text_size: z.string(), text_halign: z.string(), text_valign: z.string(), text_formatting, text_font_family, force_overlay,
  })),
  polylines: z.array(z.object({
    points: z.array(z.object({ time, price })), closed: z.boolean(), line_color: color, fill_color: color,
    // docs/adr/0235; a run finished before these were kept answers polyline.new's defaults (apps/api/src/runs/artifacts.ts)
    curved: z.boolean(), xloc: z.string(), line_style: z.string(), line_width: z.number(), force_overlay,
  })),
  // a fill between two of the answer's lines: their places in `lines`
  linefills: z.array(z.object({ line1: z.number().int(), line2: z.number().int(), color })),
  tables: z.array(z.object({
    position: z.string(), rows: z.number().int(), columns: z.number().int(),
    cells: z.array(z.object({
      row: z.number().int(), column: z.number().int(), text: z.string(), bg_color: color, text_color: color,
      // docs/adr/0235: width and height in percent of the pane, 0 to fit the text
      text_size: z.string(), text_halign: z.string(), text_valign: z.string(), width: z.number(), height: z.number(), tooltip: z.string().nullable(), text_formatting, text_font_family,
    })),
    // docs/adr/0235; a run finished before these were kept answers table.new's and table.cell's defaults
    bg_color: color, frame_color: color, frame_width: z.number(), border_color: color, border_width: z.number(),
    // table.merge_cells: each rectangle drawn as its first cell
    merges: z.array(z.object({ start_column: z.number().int(), start_row: z.number().int(), end_column: z.number().int(), end_row: z.number().int() })),
    force_overlay,
  })),
});

export const LogLineSchema = z.object({ time, level: z.enum(["info", "warning", "error"]), message: z.string() });
export const LogPageSchema = z.object({ data: z.array(LogLineSchema), next_cursor: z.string().nullable() });
