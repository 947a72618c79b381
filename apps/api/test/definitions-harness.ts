// Shared pieces of the definition and events tests: SPY bars (daily 1999-2020 and two months of
// 1m) imported with the real import code, the SMA(50)/SMA(200) cross definition, an independent
// computation of its crosses straight from the CSV, and helpers that read every event page.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DEMO_DIR, DEMO_INSTRUMENTS, importFile } from "@barscript/marketdata";
import type { Db } from "@barscript/db";
import type { Client } from "./runs-harness";
import { BarscriptClient } from "@barscript/client";

export const SPY_DAILY_FILE = join(DEMO_DIR, "SPY_D.csv");

export async function importSpy(db: Db, timeframes: Array<"1d" | "1m"> = ["1d", "1m"]): Promise<void> {
  const spy = DEMO_INSTRUMENTS.find((d) => d.symbol === "SPY");
  if (!spy) throw new Error("no SPY demo instrument");
  for (const f of spy.files) {
    if (!timeframes.includes(f.timeframe as "1d" | "1m")) continue;
    await importFile(db, { symbol: "SPY", timeframe: f.timeframe, file: join(DEMO_DIR, f.file), format: f.format, meta: spy.meta });
  }
}

export const SMA_CROSS = `//@version=6
definition("SMA 50/200 crosses")
fast = ta.sma(close, 50)
slow = ta.sma(close, 200)
alertcondition(ta.crossover(fast, slow), "golden", "Golden cross on {{ticker}} at {{close}}")
alertcondition(ta.crossunder(fast, slow), "death", "Death cross on {{ticker}} at {{close}}")
`;

export const EVERY_BAR = `//@version=6
definition("Every bar")
alertcondition(true, "bar", "bar closed at {{close}}")
`;

export const NEVER = `//@version=6
definition("Never")
alertcondition(close < 0, "negative", "impossible")
`;

export interface Cross {
  name: "golden" | "death";
  date: string;
  close: number;
}

/**
 * Every SMA(50)/SMA(200) cross over the whole SPY daily file, computed here with plain sums:
 * golden when fast > slow and fast[1] <= slow[1], death when fast < slow and fast[1] >= slow[1].
 */
export function independentCrosses(): Cross[] {
  const lines = readFileSync(SPY_DAILY_FILE, "utf8").trim().split(/\r?\n/).slice(1);
  const rows = lines.map((l) => l.split(",")).map((c) => ({ date: c[1] as string, close: Number(c[5]) }));
  const sma = (n: number): Array<number | null> =>
    rows.map((_, i) => {
      if (i + 1 < n) return null;
      let s = 0;
      for (let k = i - n + 1; k <= i; k++) s += (rows[k] as { close: number }).close;
      return s / n;
    });
  const fast = sma(50);
  const slow = sma(200);
  const out: Cross[] = [];
  for (let i = 1; i < rows.length; i++) {
    const f = fast[i];
    const s = slow[i];
    const f1 = fast[i - 1];
    const s1 = slow[i - 1];
    if (f == null || s == null || f1 == null || s1 == null) continue;
    const row = rows[i] as { date: string; close: number };
    if (f > s && f1 <= s1) out.push({ name: "golden", date: row.date, close: row.close });
    if (f < s && f1 >= s1) out.push({ name: "death", date: row.date, close: row.close });
  }
  return out;
}

export function spyDailyRows(): number {
  return readFileSync(SPY_DAILY_FILE, "utf8").trim().split(/\r?\n/).length - 1;
}

/** Every event of a list, page by page. */
export async function allEvents(client: Client, path: string, limit?: number): Promise<any[]> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const out: any[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  let cursor: string | null = null;
  const sep = path.includes("?") ? "&" : "?";
  do {
    const params = [limit ? `limit=${limit}` : "", cursor ? `cursor=${encodeURIComponent(cursor)}` : ""].filter(Boolean).join("&");
    const r = await client.call("GET", `${path}${params ? sep + params : ""}`);
    if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${r.text}`);
    out.push(...(r.json.events as unknown[]));
    cursor = r.json.next_cursor as string | null;
  } while (cursor);
  return out;
}

/** Parses the events CSV (quoted fields with "" escapes) into rows of strings. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { cell += '"'; i++; }
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") { row.push(cell); cell = ""; }
    else if (ch === "\r" && text[i + 1] === "\n") { row.push(cell); rows.push(row); row = []; cell = ""; i++; }
    else cell += ch;
  }
  if (cell !== "" || row.length > 0) { row.push(cell); rows.push(row); }
  return rows;
}

export async function csvOf(base: string, key: string, path: string): Promise<{ status: number; type: string | null; rows: string[][] }> {
  const res = await new BarscriptClient({ baseUrl: `${base}/v1`, apiKey: key }).raw("GET", path);
  return { status: res.status, type: res.headers.get("content-type"), rows: parseCsv(res.text) };
}
