// Deleting drawings while the cap is reached and while a script redraws on every bar (the objects a
// kind keeps, oldest first, docs/adr/0063): which objects are left, label.all's size and order, and
// which one the cap deletes when deleted ones sit between them. Worked by hand from risingBars
// (close = 10 + i).
import { run, risingBars as bars } from "./harness";

const V = "//@version=6\n";

test.each([
  // bar 0 makes a, b, c (cap 3) and deletes one; bar 1 makes d, then e: past the cap, the oldest left goes
  ["b", [2, 3], [1, 3]],
  // a deleted first: the cap passes over it and deletes b
  ["a", [2, 3], [2, 3]],
])("the cap deletes the oldest label still there, passing over deleted ones (%s deleted)", (gone, sizes, firstY) => {
  const r = run(`${V}indicator("x", max_labels_count = 3)
if bar_index == 0
    la = label.new(0, 1, "a")
    lb = label.new(0, 2, "b")
    label.new(0, 3, "c")
    (${JSON.stringify(gone)} == "a" ? la : lb).delete()
if bar_index == 1
    label.new(1, 4, "d")
    label.new(1, 5, "e")
all = label.all
plot(all.size())
plot(all.size() > 0 ? all.first().get_y() : na)`, bars(2));
  expect(r.drawings.labels.map((l) => l.text)).toEqual(["c", "d", "e"]);
  expect(r.outputs.map((o) => Array.from(o.values))).toEqual([sizes, firstY]);
});

test("a script deleting every label it made on the bar before and making three: three left, the last bar's", () => {
  const r = run(`${V}indicator("x")
var made = array.new<label>()
for l in made
    l.delete()
made.clear()
for k = 0 to 2
    made.push(label.new(bar_index, close + k, str.tostring(bar_index) + "/" + str.tostring(k)))
plot(label.all.size())`, bars(40));
  expect(r.drawings.labels.map((l) => l.text)).toEqual(["39/0", "39/1", "39/2"]);
  expect(Array.from(r.outputs[0]!.values)).toEqual(new Array(40).fill(3));
});

test("deleted labels keep their properties; deleting one twice, or after the cap deleted it, changes nothing", () => {
  const r = run(`${V}indicator("x", max_labels_count = 2)
var label first = na
if bar_index == 0
    first := label.new(0, 10, "first")
if bar_index == 2
    first.delete()
    first.delete()
label.new(bar_index, close, "n")
plot(first.get_y())
plot(label.all.size())`, bars(4));
  // bar 0: first and n0 (2); bar 1: n1 pushes first out (cap), so deleting it on bar 2 does nothing
  expect(r.outputs.map((o) => Array.from(o.values))).toEqual([
    [10, 10, 10, 10],
    [2, 2, 2, 2],
  ]);
  expect(r.drawings.labels.map((l) => l.price)).toEqual([12, 13]);
});
