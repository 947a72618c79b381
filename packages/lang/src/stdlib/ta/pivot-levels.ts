// ta.pivot_point_levels(type, anchor, developing): the 11 pivot levels [P, R1, S1, R2, S2, R3, S3,
// R4, S4, R5, S5] of the period that ended at the last anchor (or, developing, of the period so
// far), by the formulas of TradingView's "Pivot Points Standard" indicator for its types
// Traditional, Fibonacci, Woodie, Classic, DM and Camarilla. Levels a type does not define are na.
// A period starts at the first bar and at each bar where `anchor` is true.

import { BAR, taFunction, UNBOUNDED } from "../../builtins/record";
import { fail } from "../../runtime/errors";
import { PineArray } from "../pine-array";

/** A finished (or developing) period: its open, high, low, close; `nextOpen` the open after it (Woodie). */
export interface Period {
  open: number;
  high: number;
  low: number;
  close: number;
  nextOpen: number;
}

type Levels = number[];
const N = NaN;

/** [P, R1, S1, R2, S2, R3, S3, R4, S4, R5, S5] of a period by `type`; null for an unknown type. */
export function pivotLevels(type: string, p: Period): Levels | null {
  const { open: o, high: h, low: l, close: c } = p;
  const r = h - l;
  const pp = (h + l + c) / 3;
  switch (type) {
    case "Traditional":
      return [pp, pp * 2 - l, pp * 2 - h, pp + r, pp - r, pp * 2 + (h - 2 * l), pp * 2 - (2 * h - l), pp * 3 + (h - 3 * l), pp * 3 - (3 * h - l), pp * 4 + (h - 4 * l), pp * 4 - (4 * h - l)];
    case "Fibonacci":
      return [pp, pp + 0.382 * r, pp - 0.382 * r, pp + 0.618 * r, pp - 0.618 * r, pp + r, pp - r, N, N, N, N];
    case "Woodie": {
      const w = (h + l + 2 * p.nextOpen) / 4;
      const r3 = h + 2 * (w - l);
      const s3 = l - 2 * (h - w);
      return [w, 2 * w - l, 2 * w - h, w + r, w - r, r3, s3, r3 + r, s3 - r, N, N];
    }
    case "Classic":
      return [pp, pp * 2 - l, pp * 2 - h, pp + r, pp - r, pp + 2 * r, pp - 2 * r, pp + 3 * r, pp - 3 * r, N, N];
    case "DM": {
      const x = c < o ? h + 2 * l + c : c > o ? 2 * h + l + c : h + l + 2 * c;
      return [x / 4, x / 2 - l, x / 2 - h, N, N, N, N, N, N, N, N];
    }
    case "Camarilla": {
      const k = 1.1 * r;
      const r5 = (h / l) * c;
      return [pp, c + k / 12, c - k / 12, c + k / 6, c - k / 6, c + k / 4, c - k / 4, c + k / 2, c - k / 2, r5, c - (r5 - c)];
    }
    default:
      return null;
  }
}

const NONE: Levels = new Array<number>(11).fill(NaN);

export class PivotPointLevels {
  cur: Period | null = null;
  last: Levels = NONE;
  update(type: string, anchor: boolean, developing: boolean, o: number, h: number, l: number, c: number): PineArray<number> {
    if (pivotLevels(type, { open: 1, high: 1, low: 1, close: 1, nextOpen: 1 }) === null) {
      fail(`ta.pivot_point_levels: unknown type "${type}" (Traditional, Fibonacci, Woodie, Classic, DM or Camarilla)`);
    }
    if (developing && type === "Woodie") fail('ta.pivot_point_levels: "Woodie" levels need the next period\'s open, so they cannot be developing');
    if (anchor && this.cur !== null && !developing) this.last = pivotLevels(type, { ...this.cur, nextOpen: o })!;
    if (anchor || this.cur === null) this.cur = { open: o, high: h, low: l, close: c, nextOpen: NaN };
    else {
      const p = this.cur;
      if (h > p.high || p.high !== p.high) p.high = h;
      if (l < p.low || p.low !== p.low) p.low = l;
      p.close = c;
    }
    return PineArray.of(developing ? pivotLevels(type, this.cur)! : this.last.slice());
  }
}

export const taPivotPointLevels = taFunction({
  sig: "pivot_point_levels(type: series string, anchor: series bool, developing: series bool = false): array<float>",
  doc: "The 11 pivot levels [P, R1, S1, R2, S2, R3, S3, R4, S4, R5, S5] of the period ended at the last `anchor` (developing: of the period so far); na where the type has none.",
  lookback: () => UNBOUNDED,
  emit: (b) => `${b.state(PivotPointLevels)}.update(${b.a("type")}, ${b.a("anchor")}, ${b.a("developing", "false")}, ${BAR.open}, ${BAR.high}, ${BAR.low}, ${BAR.close})`,
});
