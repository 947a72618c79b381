// Issue 22: pagePoints slices result pages from the columnar chunks. Expected pages are written
// out by hand from the chunk values below.
import { pagePoints } from "../src/runs/results";

function chunk(firstIndex: number, times: number[], names: string[], columns: number[][]) {
  return { firstIndex, pointCount: times.length, names, time: Float64Array.from(times), values: columns.map((c) => Float64Array.from(c)) };
}

const chunks = [
  chunk(0, [60, 120, 180], ["a", "t"], [[1.5, NaN, 3], [10, 20, 30]]),
  chunk(3, [240, 300], ["a", "t"], [[4, 5], [40, NaN]]),
];

describe("result pages from chunks", () => {
  it("when a page spans two chunks, then it holds the points in order with na as null and the time column first", () => {
    const page = pagePoints(chunks, 1, 3);
    expect(JSON.stringify(page.points)).toBe('[{"t":120,"a":null,"t_2":20},{"t":180,"a":3,"t_2":30},{"t":240,"a":4,"t_2":40}]');
    expect(page.next).toBe(4);
  });

  it("when the page reaches the last point, then there is no next offset", () => {
    expect(pagePoints(chunks, 3, 5)).toEqual({ points: [{ t: 240, a: 4, t_2: 40 }, { t: 300, a: 5, t_2: null }], next: null });
  });

  it("when the byte bound is reached, then the page stops at the last point that fits and the cursor continues there", () => {
    // Brackets 2, then each point and a comma: {"t":60,"a":1.5,"t_2":10} 26 + 1,
    // {"t":120,"a":null,"t_2":20} 27 + 1, {"t":180,"a":3,"t_2":30} 24 + 1 (counted by hand).
    const page = pagePoints(chunks, 0, 5, undefined, 2 + 27 + 28);
    expect(page.points).toEqual([{ t: 60, a: 1.5, t_2: 10 }, { t: 120, a: null, t_2: 20 }]);
    expect(page.next).toBe(2);
  });

  it("when not even one point fits, then the page still holds one", () => {
    const page = pagePoints(chunks, 0, 5, undefined, 3);
    expect(page.points).toHaveLength(1);
    expect(page.next).toBe(1);
  });

  it("when an output is named __proto__, then it is an ordinary key of the point", () => {
    const page = pagePoints([chunk(0, [60], ["__proto__"], [[7]])], 0, 1);
    expect(JSON.stringify(page.points)).toBe('[{"t":60,"__proto__":7}]');
    expect(Object.getPrototypeOf(page.points[0])).toBe(Object.prototype);
  });
});
