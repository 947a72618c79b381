// A quoted string that starts on a wrapped line and goes on over the next wrapped line at the same
// indentation: published scripts line up a long `tooltip` or `group` under the call's other
// arguments (`                    tooltip = 'When this is set ... \n                    ... setting')`).
// The next line is a wrapped line by the layout rules (inside an open `(`, or indented by other than
// a multiple of four), so the string goes on over it (docs/adr/0160); the line break and the
// indentation are not part of the value (docs/adr/0114). Expected lengths are counted by hand.

import { check, outputsByName } from "./harness";
import { run } from "../back/harness";
import { barsOfRows } from "../support/demo-bars";

const BARS = barsOfRows([[86_400, 10, 11, 9, 10, 100]]);
const errors = (r: Awaited<ReturnType<typeof check>>) => r.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code} ${d.line}: ${d.message}`);

describe("a string wrapped onto a continuation line as deep as its own", () => {
  it("inside a call's parentheses, and on lines indented by other than a multiple of four", async () => {
    const src = `//@version=5
indicator("wrapped")
useSplit = input.bool(defval = false, title = "Split", group = "Assumption" ,
                     tooltip = 'first part 
                     second part')
tag = input.string(defval = "x", title = "Tag", 
                     group = "Looks
                     ")
inCall = str.upper(
     'first part 
     second part')
joined = "ab" + 
     "cd 
     ef"
plot(str.length(inCall), "inCall")
plot(inCall == "FIRST PART SECOND PART" ? 1 : 0, "upper")
plot(str.length(joined), "joined")
`;
    expect(errors(await check(src))).toEqual([]);
    // "first part " + "second part" = 22 characters; "ab" + "cd " + "ef" = 7
    expect(outputsByName(run(src, BARS))).toEqual({ incall: [22], upper: [1], joined: [7] });
  });

  it("a block's next statement (a multiple of four, not deeper, outside parentheses) still leaves it unterminated", async () => {
    const r = await check(`//@version=6
indicator("x")
f() =>
    s = "open
    s
plot(close)
`);
    expect(r.diagnostics.filter((d) => d.severity === "error").map((d) => d.code)).toContain("syntax_error");
    expect(r.diagnostics.some((d) => d.message === "Unterminated string literal.")).toBe(true);
  });
});
