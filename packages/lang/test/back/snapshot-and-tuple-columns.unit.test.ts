// Two stores of the request-loop path (docs/performance.md, helper Q): a loop-history snapshot of a
// state whose fields all hold numbers is copied field by field (stdlib/ring.ts BarSnapshot), and a
// tuple-valued request site records its tuples in a column per element (stdlib/request/site.ts
// TupleColumn). Both must keep what the generic forms kept (docs/adr/0243, docs/adr/0293). Values
// are worked by hand.
import { BarSnapshot } from "../../src/stdlib/ring";
import { Ring } from "../../src/stdlib/ring";
import { TupleColumn, valueAt } from "../../src/stdlib/request/site";

class Counter {
  n = 0;
  sum = -0;
  label: string | null = "a";
}

describe("BarSnapshot of a state of plain fields", () => {
  test("every execution on a bar starts from the bar's first state; the next bar keeps the last", () => {
    const s = new Counter();
    const snap = new BarSnapshot();
    // bar 0: three executions, each adds 1 and 10 from the same start (0, 0)
    for (let k = 0; k < 3; k++) {
      snap.at(0, s);
      s.n += 1;
      s.sum += 10 + k;
      s.label = `b${String(k)}`;
    }
    expect([s.n, s.sum, s.label]).toEqual([1, 12, "b2"]);
    // bar 1: starts from what bar 0's last execution left (1, 12, "b2")
    for (let k = 0; k < 2; k++) {
      snap.at(1, s);
      s.n += 1;
      s.sum += 1;
      s.label = null;
    }
    expect([s.n, s.sum, s.label]).toEqual([2, 13, null]);
  });

  test("a field that comes to hold an object is put back as the generic snapshot puts it", () => {
    const s = { n: 0, r: null as Ring | null };
    const snap = new BarSnapshot();
    snap.at(0, s);
    s.n = 5;
    s.r = new Ring(8);
    s.r.push(7);
    // bar 1: the state holds a ring now; executions after the first see the ring as the bar began (one value, 7)
    snap.at(1, s);
    s.r.push(9);
    s.n = 6;
    snap.at(1, s);
    expect(s.n).toBe(5);
    expect(s.r.count).toBe(1);
    expect(s.r.get(0)).toBe(7);
  });
});

describe("TupleColumn", () => {
  test("rows recorded by bar, a new array per read, none where no tuple was recorded", () => {
    const t = new TupleColumn(4, 3);
    const reused = [1, "x", true];
    t.put(0, reused);
    reused[0] = 2;
    reused[1] = "y";
    t.put(2, reused);
    expect(t.row(0)).toEqual([1, "x", true]);
    expect(t.row(1)).toBeUndefined();
    expect(t.row(2)).toEqual([2, "y", true]);
    expect(t.row(5)).toBeUndefined();
    expect(t.row(0)).not.toBe(t.row(0));
    expect(valueAt(t, 2)).toEqual([2, "y", true]);
    const rows = t.rows();
    expect(rows.length).toBe(3);
    expect(rows[0]).toEqual([1, "x", true]);
    expect(1 in rows).toBe(false);
    expect(rows[2]).toEqual([2, "y", true]);
  });

  test("an element that held numbers and then another value keeps both", () => {
    const t = new TupleColumn(3, 2);
    t.put(0, [1.5, -0]);
    t.put(1, ["a", NaN]);
    t.put(2, [null, 3]);
    expect(t.row(0)).toEqual([1.5, -0]);
    expect(Object.is(t.row(0)![1], -0)).toBe(true);
    expect(t.row(1)).toEqual(["a", NaN]);
    expect(t.row(2)).toEqual([null, 3]);
  });
});
