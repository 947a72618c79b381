// str.substring and str.replace given an na position: the expected texts are TradingView's, logged
// with log.info and recorded in a public test of an independent implementation (docs/adr/0304 gives
// the address): an na begin is 0, an na end the source's end, an na occurrence the first.
import { risingBars, run } from "./harness";

const CASES: ReadonlyArray<readonly [string, string]> = [
  ['str.substring("hello", n)', "hello"],
  ['str.substring("hello", 3, n)', "lo"],
  ['str.substring("hello", 1, n)', "ello"],
  ['str.substring("hello", n, n)', "hello"],
  ['str.replace("aaa", "a", "-", n)', "-aa"],
  ['str.replace("abc", "", "-", n)', "-abc"],
];

describe("an na position in str.substring / str.replace (docs/adr/0304)", () => {
  it.each(CASES)("%s is %j", (expr, text) => {
    const r = run(`//@version=6\nindicator("s")\nint n = na\nif barstate.islast\n    log.info(${expr})\nplot(close)\n`, risingBars(2));
    expect(r.logs?.map((l) => l.message)).toEqual([text]);
  });
});
