// Reads the reference CSVs copied into fixtures/ (tests only: the package itself does no I/O).
import { readFileSync } from "fs";
import { join } from "path";

export function readCsv(name: string): { header: string[]; rows: string[][] } {
  const text = readFileSync(join(__dirname, "fixtures", name), "utf8").trim();
  const lines = text.split(/\r?\n/).map((l) => l.split(","));
  return { header: lines[0]!, rows: lines.slice(1) };
}

/** A numeric column by header name (NaN for empty cells). */
export function column(csv: { header: string[]; rows: string[][] }, name: string): number[] {
  const i = csv.header.indexOf(name);
  if (i < 0) throw new Error(`no column ${name} in ${csv.header.join(",")}`);
  return csv.rows.map((r) => (r[i] === undefined || r[i]!.trim() === "" ? NaN : Number(r[i])));
}

/** Expects |a - b| <= tol at every index from `from` where the reference has a value. */
export function expectClose(actual: number[], expected: number[], tol: number, from = 0): number {
  let compared = 0;
  for (let i = from; i < expected.length; i++) {
    const e = expected[i]!;
    if (e !== e) continue;
    const a = actual[i]!;
    if (!(Math.abs(a - e) <= tol)) throw new Error(`index ${i}: expected ${e}, got ${a} (tolerance ${tol})`);
    compared++;
  }
  return compared;
}
