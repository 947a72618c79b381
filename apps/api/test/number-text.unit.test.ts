// Issue 22: numbers of result pages written as bytes must be exactly JSON.stringify's (JSON) and
// String()'s (CSV) text of the same double: shortest round trip, nearest of the shortest, fixed
// notation from 1e-6 to 1e21, exponent notation outside it, null / empty for na.
import { writeCsvNumber, writeJsonNumber, writeNumberString, MAX_NUMBER_BYTES } from "../src/runs/number-text";

const buf = Buffer.alloc(64);
const out = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
const json = (x: number): string => buf.toString("latin1", 0, writeJsonNumber(out, 0, x));
const str = (x: number): string => buf.toString("latin1", 0, writeNumberString(out, 0, x));
const csv = (x: number): string => buf.toString("latin1", 0, writeCsvNumber(out, 0, x));

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

  it("when values sit on the 16-digit fast path's boundaries (docs/adr/0098), then the text equals JSON.stringify and String()", () => {
    let seed = 98;
    const rnd = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const view = new DataView(new ArrayBuffer(8));
    const wrong: string[] = [];
    const check = (x: number): void => {
      for (const v of [x, -x]) if (json(v) !== JSON.stringify(v) || str(v) !== String(v)) wrong.push(`${String(v)} ${json(v)} ${str(v)}`);
    };
    /** x and the doubles up to `r` ulps either side of it. */
    const around = (x: number, r: number): void => {
      view.setFloat64(0, x);
      const low = view.getUint32(4);
      for (let d = -r; d <= r; d++) {
        view.setUint32(4, (low + d) >>> 0);
        check(view.getFloat64(0));
      }
    };
    // by hand: 16 digits whose significand is 2^53 or more, a 17-digit value, 15 and fewer digits,
    // the smallest fixed-notation value, halves, and a value whose 16 digits end in zeros
    const cases: Array<[number, string]> = [
      [90.08086072486118, "90.08086072486118"], [87.92124070498419, "87.92124070498419"], [0.30000000000000004, "0.30000000000000004"],
      [123.45, "123.45"], [0.1, "0.1"], [0.000001, "0.000001"], [0.0000015, "0.0000015"], [9.5, "9.5"], [4503599627370495.5, "4503599627370495.5"],
      [1.0000000000000002, "1.0000000000000002"], [0.9999999999999999, "0.9999999999999999"], [99.99999999999999, "99.99999999999999"],
    ];
    for (const [x, text] of cases) expect([x, json(x), str(x), json(-x)]).toEqual([x, text, text, `-${text}`]);
    for (let i = 0; i < 10_000; i++) {
      const k = Math.floor(rnd() * 22);
      around((Math.floor(1e15 + rnd() * 9e15) + 0.5) / 10 ** k, 2); // y of 16 digits near a half
      around((Math.floor(1e16 + rnd() * 9e16) + 0.5) / 10 ** k, 2); // y of 17 digits near a half
      around((9007199254740992 + Math.floor(rnd() * 9.9e14)) / 10 ** k, 1); // 16-digit significands from 2^53
      around(Math.round(rnd() * 10 ** Math.floor(rnd() * 16)) / 10 ** Math.floor(rnd() * 22), 2); // short decimals
      around(2 ** Math.floor(rnd() * 72 - 20), 2); // powers of two
      around(10 ** Math.floor(rnd() * 22 - 6), 2); // powers of ten
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });

  it("when values of other magnitudes follow one another, the scale of the last one tried first (docs/adr/0124), then the text equals JSON.stringify and String()", () => {
    let seed = 124;
    const rnd = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const view = new DataView(new ArrayBuffer(8));
    const wrong: string[] = [];
    const check = (x: number): void => {
      if (json(x) !== JSON.stringify(x) || str(x) !== String(x)) wrong.push(`${String(x)} ${json(x)} ${str(x)}`);
    };
    /** The double `d` ulps from x (x > 0: its bits as an integer count ulps). */
    const step = (x: number, d: number): number => {
      view.setFloat64(0, x);
      view.setBigUint64(0, view.getBigUint64(0) + BigInt(d));
      return view.getFloat64(0);
    };
    // by hand: neighbours of powers of ten after a value of the scale above, the same and below
    // (a double just below 10^j can be scaled into [1e15, 1e16) by two powers of ten)
    const cases: Array<[number, number, string]> = [
      [0.5, step(1, -1), "0.9999999999999999"], [5, step(1, -1), "0.9999999999999999"], [0.05, step(1, -1), "0.9999999999999999"],
      [50, step(100, -1), "99.99999999999999"], [5, step(100, -1), "99.99999999999999"], [500, step(100, 1), "100.00000000000001"],
      [0.5, step(0.1, -1), "0.09999999999999999"], [0.05, step(0.1, 1), "0.10000000000000002"], [1e-6, 0.1, "0.1"],
    ];
    for (const [before, x, text] of cases) {
      json(before);
      expect([x, json(x), str(x)]).toEqual([x, text, text]);
    }
    for (let i = 0; i < 20_000; i++) {
      const j = Math.floor(rnd() * 22) - 6;
      // a value of scale j - 1, j or j + 1, then one of the neighbours of 10^j, then a value of another scale
      check((1 + rnd() * 9) * 10 ** (j + Math.floor(rnd() * 3) - 1));
      check(step(10 ** j, Math.floor(rnd() * 9) - 4));
      check(rnd() * 10 ** Math.floor(rnd() * 20 - 6));
      // runs of one plot's values (small steps), broken by another plot's
      const base = (1 + rnd() * 9) * 10 ** (Math.floor(rnd() * 20) - 6);
      for (let n = 0; n < 5; n++) check(base * (1 + (rnd() - 0.5) * 1e-3));
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });
});
