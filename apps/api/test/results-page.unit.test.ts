// Issue 22: pagePoints writes result pages as JSON bytes straight from the columnar chunks.
// Expected pages are written out by hand from the chunk values below, or come from the old
// object form (results-oracle.ts: points as objects and JSON.stringify).
import type { DecodedChunk } from "@barscript/db";
import { closePage, pagePoints, type OutputsPage } from "../src/runs/points-json";
import { csvRows } from "../src/runs/points-csv";
import { oracleCsvRows, oraclePage } from "./results-oracle";

function chunk(firstIndex: number, times: number[], names: string[], columns: number[][]): DecodedChunk {
  return { firstIndex, pointCount: times.length, names, time: Float64Array.from(times), values: columns.map((c) => Float64Array.from(c)) };
}

/** The page's points as text (`[...]`), as JSON.stringify wrote the old page's points. */
function pointsText(page: OutputsPage): string {
  const text = closePage(page, null).toString("utf8");
  expect(text.startsWith('{"outputs":')).toBe(true);
  expect(text.endsWith(',"next_cursor":null}')).toBe(true);
  return text.slice('{"outputs":'.length, -',"next_cursor":null}'.length);
}

const chunks = [
  chunk(0, [60, 120, 180], ["a", "t"], [[1.5, NaN, 3], [10, 20, 30]]),
  chunk(3, [240, 300], ["a", "t"], [[4, 5], [40, NaN]]),
];

/** Values whose JSON text is easy to get wrong. */
const EDGE = [0, -0, 1, -1, 1e21, -1e21, 1e20, 123456789012345680000, 5e-324, -5e-324, 0.1 + 0.2, 0.1, 1 / 3, 2 ** 53, 2 ** 53 + 2, 2 ** 52 + 0.5, 2 ** 31, -(2 ** 31) - 1,
  1e-6, 1e-7, 1.5e-6, -0.0000012345678901234567, 1.7976931348623157e308, -2.2250738585072014e-308, NaN, Infinity, -Infinity, 0.5, 101.25, 9.999999999999998,
  99.99999999999999, 0.9999999999999999, 4503599627370495.5, 12345678.5, 87.92124070498419, Number("59.891114743400506")];

describe("result pages written from chunks", () => {
  it("when a page spans two chunks, then it holds the points in order with na as null and the time column first", () => {
    const page = pagePoints(chunks, 1, 3);
    expect(pointsText(page)).toBe('[{"t":120,"a":null,"t_2":20},{"t":180,"a":3,"t_2":30},{"t":240,"a":4,"t_2":40}]');
    expect(page.count).toBe(3);
    expect(page.next).toBe(4);
  });

  it("when the page reaches the last point, then there is no next offset", () => {
    const page = pagePoints(chunks, 3, 5);
    expect(pointsText(page)).toBe('[{"t":240,"a":4,"t_2":40},{"t":300,"a":5,"t_2":null}]');
    expect(page.next).toBeNull();
  });

  it("when the byte bound is reached, then the page stops at the last point that fits and the cursor continues there", () => {
    // Brackets 2, then each point and a comma: {"t":60,"a":1.5,"t_2":10} 26 + 1,
    // {"t":120,"a":null,"t_2":20} 27 + 1, {"t":180,"a":3,"t_2":30} 24 + 1 (counted by hand).
    const page = pagePoints(chunks, 0, 5, undefined, 2 + 27 + 28);
    expect(pointsText(page)).toBe('[{"t":60,"a":1.5,"t_2":10},{"t":120,"a":null,"t_2":20}]');
    expect(page.next).toBe(2);
  });

  it("when not even one point fits, then the page still holds one", () => {
    const page = pagePoints(chunks, 0, 5, undefined, 3);
    expect(pointsText(page)).toBe('[{"t":60,"a":1.5,"t_2":10}]');
    expect(page.next).toBe(1);
  });

  it("when an output is named __proto__ or needs escapes, then it is an ordinary, escaped key of the point", () => {
    const page = pagePoints([chunk(0, [60], ["__proto__", 'é "q" \\ x\n'], [[7], [8]])], 0, 1);
    expect(pointsText(page)).toBe('[{"t":60,"__proto__":7,"é \\"q\\" \\\\ x\\n":8}]');
  });

  it("when times are not Unix seconds of an int32, then they are written as JSON.stringify writes them (written out by hand)", () => {
    const page = pagePoints([chunk(0, [-60, 1.5, 2147483648, NaN, -0, 2147483647], ["a_long_output_name"], [[1, 2, 3, 4, 5, 6]])], 0, 6);
    expect(pointsText(page)).toBe(
      '[{"t":-60,"a_long_output_name":1},{"t":1.5,"a_long_output_name":2},{"t":2147483648,"a_long_output_name":3},' +
        '{"t":null,"a_long_output_name":4},{"t":0,"a_long_output_name":5},{"t":2147483647,"a_long_output_name":6}]',
    );
  });

  it("when the cursor text is long, then the answer still closes with it", () => {
    const page = pagePoints(chunks, 0, 1);
    const cursor = "c".repeat(5000);
    expect(closePage(page, cursor).toString("utf8")).toBe(`{"outputs":[{"t":60,"a":1.5,"t_2":10}],"next_cursor":"${cursor}"}`);
  });

  it("when values are edge cases of number text, then the page's bytes equal JSON.stringify of the old object form", () => {
    const n = EDGE.length;
    const edge = [chunk(0, EDGE.map((_, i) => 1_600_000_000 + 60 * i), ["x", "y", "t"], [EDGE, [...EDGE].reverse(), EDGE.map((v) => -v)])];
    for (const [offset, limit] of [[0, n], [3, 10], [n - 1, 5]] as const) {
      const page = pagePoints(edge, offset, limit);
      const old = oraclePage(edge, offset, limit, undefined, 8 * 1024 * 1024);
      expect(pointsText(page)).toBe(old.text);
      expect(page.next).toBe(old.next);
    }
  });

  it("when pages of many shapes are cut by the bound, then their bytes and next offsets equal the old object form's", () => {
    // Pseudo-random doubles of plot-like magnitudes with na, in chunks of uneven sizes; every
    // bound from "one point" to "everything", so chunks are taken whole, measured, or both.
    let seed = 42;
    const rnd = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const sizes = [5, 17, 1, 30];
    let first = 0;
    const many = sizes.map((size) => {
      const c = chunk(first, Array.from({ length: size }, (_, i) => 1_700_000_000 + 60 * (first + i)), ["sma", "rsi", "x"], [0, 1, 2].map(() =>
        Array.from({ length: size }, () => (rnd() < 0.1 ? NaN : (rnd() - 0.3) * 10 ** Math.floor(rnd() * 12 - 4)))));
      first += size;
      return c;
    });
    for (const maxBytes of [1, 60, 200, 700, 1500, 3000, 5000, 1e6]) {
      for (const [offset, limit] of [[0, 53], [4, 20], [22, 31], [0, 7]] as const) {
        // The chunks that overlap the page, as the read selects them.
        const read = many.filter((c) => c.firstIndex < offset + limit && c.firstIndex + c.pointCount > offset);
        const page = pagePoints(read, offset, limit, 53, maxBytes);
        const old = oraclePage(read, offset, limit, 53, maxBytes);
        expect([pointsText(page), page.next]).toEqual([old.text, old.next]);
      }
    }
  });

  it("when a chunk is written as CSV rows, then the bytes equal String() of each number with na empty", () => {
    const n = EDGE.length;
    const edge = chunk(0, EDGE.map((_, i) => 1_600_000_000 + 60 * i), ["x", "y"], [EDGE, [...EDGE].reverse()]);
    expect(Buffer.concat([...csvRows(edge)]).toString("latin1")).toBe(oracleCsvRows(edge));
    expect(oracleCsvRows(edge).split("\n")).toHaveLength(n + 1);
  });
});
