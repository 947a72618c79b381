// Issue 22: numbers of result pages written as bytes must be exactly JSON.stringify's (JSON) and
// String()'s (CSV) text of the same double: shortest round trip, nearest of the shortest, fixed
// notation from 1e-6 to 1e21, exponent notation outside it, null / empty for na.
import { writeCsvNumber, writeJsonNumber, writeNumberString, MAX_NUMBER_BYTES } from "../src/runs/number-text";

const buf = Buffer.alloc(64);
const json = (x: number): string => buf.toString("latin1", 0, writeJsonNumber(buf, 0, x));
const str = (x: number): string => buf.toString("latin1", 0, writeNumberString(buf, 0, x));
const csv = (x: number): string => buf.toString("latin1", 0, writeCsvNumber(buf, 0, x));

/** Doubles from their bits: the whole range, not only what arithmetic tends to produce. */
function fromBits(high: number, low: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setUint32(0, high >>> 0);
  view.setUint32(4, low >>> 0);
  return view.getFloat64(0);
}

describe("number text", () => {
  it("when values are edge cases, then the text is JSON.stringify's and String()'s (written out by hand)", () => {
    const cases: Array<[number, string, string]> = [
      [0, "0", "0"], [-0, "0", "0"], [1e21, "1e+21", "1e+21"], [1e20, "100000000000000000000", "100000000000000000000"],
      [5e-324, "5e-324", "5e-324"], [0.1 + 0.2, "0.30000000000000004", "0.30000000000000004"], [NaN, "null", ""],
      [Infinity, "null", "Infinity"], [-Infinity, "null", "-Infinity"], [2 ** 53 + 2, "9007199254740994", "9007199254740994"],
      [1e-7, "1e-7", "1e-7"], [1e-6, "0.000001", "0.000001"], [-0.0000012345678901234567, "-0.0000012345678901234567", "-0.0000012345678901234567"],
      [1.7976931348623157e308, "1.7976931348623157e+308", "1.7976931348623157e+308"], [101.25, "101.25", "101.25"],
      [9.999999999999998, "9.999999999999998", "9.999999999999998"], [4503599627370495.5, "4503599627370495.5", "4503599627370495.5"],
      [1610318400, "1610318400", "1610318400"], [-2147483649, "-2147483649", "-2147483649"], [0.5, "0.5", "0.5"],
    ];
    for (const [x, j, c] of cases) expect([x, json(x), csv(x)]).toEqual([x, j, c]);
  });

  it("when values are random doubles of every kind, then the text equals JSON.stringify and String()", () => {
    let seed = 2024;
    const rnd = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const wrong: string[] = [];
    for (let i = 0; i < 300_000; i++) {
      let x: number;
      switch (i % 5) {
        case 0: x = (rnd() - 0.5) * 10 ** Math.floor(rnd() * 30 - 10); break; // plot-like values
        case 1: x = fromBits(rnd() * 2 ** 32, rnd() * 2 ** 32); break; // any bits
        case 2: x = Math.round(rnd() * 1e6) / 10 ** Math.floor(rnd() * 8); break; // short decimals
        case 3: { // neighbours of short decimals: ties and interval bounds
          const view = new DataView(new ArrayBuffer(8));
          view.setFloat64(0, Math.round(rnd() * 1e7) / 10 ** Math.floor(rnd() * 12));
          view.setUint32(4, (view.getUint32(4) + Math.floor(rnd() * 5) - 2) >>> 0);
          x = view.getFloat64(0);
          break;
        }
        default: x = Math.round((rnd() - 0.5) * 2 ** Math.floor(rnd() * 60)); // integers
      }
      if (json(x) !== JSON.stringify(x) || str(x) !== String(x)) wrong.push(`${String(x)} ${json(x)} ${str(x)}`);
      if (str(x).length > MAX_NUMBER_BYTES) wrong.push(`${String(x)} longer than ${MAX_NUMBER_BYTES}`);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });
});
