import { parseBinaryCopy } from "../src/copy";

/** A binary COPY stream (PostgreSQL's COPY docs): header, tuples, trailer. */
function stream(tuples: (Buffer | null)[][], extension = Buffer.alloc(0)): Buffer {
  const parts: Buffer[] = [Buffer.from("PGCOPY\n\xff\r\n\0", "latin1"), Buffer.alloc(4)];
  const int = (n: number, bytes: 2 | 4): Buffer => {
    const b = Buffer.alloc(bytes);
    if (bytes === 2) b.writeInt16BE(n);
    else b.writeInt32BE(n);
    return b;
  };
  parts.push(int(extension.length, 4), extension);
  for (const t of tuples) {
    parts.push(int(t.length, 2));
    for (const f of t) parts.push(...(f === null ? [int(-1, 4)] : [int(f.length, 4), f]));
  }
  parts.push(int(-1, 2));
  return Buffer.concat(parts);
}

describe("parseBinaryCopy", () => {
  const tuples = [
    [Buffer.from([1, 2, 3, 4, 5, 6, 7, 8]), null, Buffer.alloc(0)],
    [Buffer.from("abc"), Buffer.from(new Float64Array([1.5, -2]).buffer), Buffer.from([255])],
  ];
  const whole = stream(tuples, Buffer.from("ext"));

  it("reads the tuples of one segment as views", () => {
    const parsed = parseBinaryCopy([whole]);
    expect(parsed.map((t) => t.map((f) => (f === null ? null : Buffer.from(f))))).toEqual(tuples);
    expect((parsed[1]?.[1] as Uint8Array).buffer).toBe(whole.buffer);
  });

  it("reads the same tuples whatever the segment boundaries", () => {
    for (let a = 1; a < whole.length; a += 3) {
      for (let b = a; b < whole.length; b += 5) {
        const parsed = parseBinaryCopy([whole.subarray(0, a), whole.subarray(a, b), whole.subarray(b)]);
        expect(parsed.map((t) => t.map((f) => (f === null ? null : Buffer.from(f))))).toEqual(tuples);
      }
    }
  });

  it("refuses a stream that is not binary COPY or ends inside a tuple", () => {
    expect(() => parseBinaryCopy([Buffer.from("COPY 1\n")])).toThrow(/signature|ends inside/);
    expect(() => parseBinaryCopy([whole.subarray(0, whole.length - 6)])).toThrow(/ends inside/);
  });
});
