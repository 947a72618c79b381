// Drawings (#30) and log lines (#31) of a run, as docs/reference/api.md describes them: times RFC 3339,
// colors `#RRGGBBAA`, na as null.
import { z } from "zod";

const time = z.string().nullable();
const color = z.string().regex(/^#[0-9A-F]{8}$/).nullable();
const price = z.number().nullable();

export const DrawingsSchema = z.object({
  labels: z.array(z.object({ time, price, text: z.string(), style: z.string(), color, text_color: color, size: z.string(), tooltip: z.string().nullable() })),
  lines: z.array(z.object({ time1: time, price1: price, time2: time, price2: price, extend: z.string(), style: z.string(), color, width: z.number() })),
  boxes: z.array(z.object({ time1: time, top: price, time2: time, bottom: price, border_color: color, bg_color: color, text: z.string() })),
  polylines: z.array(z.object({ points: z.array(z.object({ time, price })), closed: z.boolean(), line_color: color, fill_color: color })),
  tables: z.array(z.object({
    position: z.string(), rows: z.number().int(), columns: z.number().int(),
    cells: z.array(z.object({ row: z.number().int(), column: z.number().int(), text: z.string(), bg_color: color, text_color: color })),
  })),
});

export const LogLineSchema = z.object({ time, level: z.enum(["info", "warning", "error"]), message: z.string() });
export const LogPageSchema = z.object({ data: z.array(LogLineSchema), next_cursor: z.string().nullable() });
