// A session string ("0930-1600" in the exchange's time zone, "24x7", Pine's "0930-1600:23456",
// "1700-0900", "0930-1200,1300-1600") read as TradingView reads it: times HHmm; days 1 = Sunday ...
// 7 = Saturday, all seven when omitted; a range whose end is not after its start runs overnight and
// belongs to the day it starts on. One reading, kept per string, for every module that asks.

export interface Session {
  /** [start, end) in minutes of the day; end <= start: overnight. */
  ranges: Array<[number, number]>;
  /** Days (1 = Sunday ... 7 = Saturday) a range may start on. */
  days: boolean[];
  always: boolean;
}

const parsed = new Map<string, Session | null>();

/** A session string, or null when it is not one. */
export function parseSession(text: string | null): Session | null {
  if (text === null) return null;
  const cached = parsed.get(text);
  if (cached !== undefined) return cached;
  let s: Session | null = null;
  const t = text.trim();
  if (t === "24x7" || t === "") s = { ranges: [[0, 0]], days: new Array<boolean>(8).fill(true), always: true };
  else {
    const m = /^([0-9,-]+)(?::([1-7]+))?$/.exec(t);
    const ranges = m ? m[1]!.split(",").map((r) => /^(\d\d)(\d\d)-(\d\d)(\d\d)$/.exec(r)) : [];
    if (m && ranges.length > 0 && ranges.every((r) => r !== null && Number(r[1]) < 24 && Number(r[3]) < 24 && Number(r[2]) < 60 && Number(r[4]) < 60)) {
      const days = new Array<boolean>(8).fill(m[2] === undefined);
      for (const d of m[2] ?? "") days[Number(d)] = true;
      s = { ranges: ranges.map((r) => [Number(r![1]) * 60 + Number(r![2]), Number(r![3]) * 60 + Number(r![4])] as [number, number]), days, always: false };
    }
  }
  if (parsed.size > 256) parsed.clear();
  parsed.set(text, s);
  return s;
}
