// Pure parts of the app: the stable addresses (routes) and the service's diagnostics as editor
// ranges. Expected values are worked by hand.
import { Text } from "@codemirror/state";
import { toLintDiagnostics } from "../src/editor/diagnostics";
import { parseRoute } from "../src/routes";
import type { Diagnostic } from "../src/types";

describe("parseRoute", () => {
  test.each([
    ["/app/", "", { page: "scripts" }],
    ["/app", "", { page: "scripts" }],
    ["/app/scripts/new", "", { page: "editor", slug: null, version: null }],
    // a script whose slug is `new`, addressed with its kind or a version (docs/conformance/input-and-lists.md)
    ["/app/scripts/new", "?kind=indicator", { page: "editor", slug: "new", version: null, kind: "indicator" }],
    ["/app/scripts/new", "?version=2", { page: "editor", slug: "new", version: 2 }],
    ["/app/scripts/my-rsi", "?version=3", { page: "editor", slug: "my-rsi", version: 3 }],
    ["/app/scripts/my-rsi", "?version=0", { page: "editor", slug: "my-rsi", version: null }],
    ["/app/scripts/twin", "?kind=study&version=2", { page: "editor", slug: "twin", version: 2, kind: "study" }],
    ["/app/scripts/twin", "?kind=nonsense", { page: "editor", slug: "twin", version: null }],
    ["/app/runs", "", { page: "runs" }],
    ["/app/runs/run_abc", "", { page: "run", id: "run_abc", study: false }],
    // a run's view (docs/adr/0316): the table when the address names it, else the chart
    ["/app/runs/run_abc", "?view=table", { page: "run", id: "run_abc", study: false, view: "table" }],
    ["/app/runs/run_abc", "?view=chart", { page: "run", id: "run_abc", study: false }],
    // the table's page and the logs' level (the page only with the table); anything else is the default
    ["/app/runs/run_abc", "?view=table&page=3&level=error", { page: "run", id: "run_abc", study: false, view: "table", at: 3, level: "error" }],
    ["/app/runs/run_abc", "?page=3&level=debug", { page: "run", id: "run_abc", study: false }],
    ["/app/runs/run_abc", "?view=table&page=1.5", { page: "run", id: "run_abc", study: false, view: "table" }],
    ["/app/studies/run_abc", "", { page: "run", id: "run_abc", study: true }],
    ["/app/sweeps/swp_x", "", { page: "sweep", id: "swp_x" }],
    // a sweep's ranking, in the API's form (docs/adr/0316); anything else is the default ranking
    ["/app/sweeps/swp_x", "?sort=h20:p_value", { page: "sweep", id: "swp_x", sort: { h: 20, stat: "p_value" } }],
    ["/app/sweeps/swp_x", "?sort=20:p_value", { page: "sweep", id: "swp_x" }],
    ["/app/sweeps/swp_x", "?sort=h5:", { page: "sweep", id: "swp_x" }],
    ["/app/sweeps", "", { page: "sweeps" }],
    ["/app/library", "?q=boll", { page: "library", q: "boll" }],
    // a later page of the library: its number and the API's cursor (docs/adr/0345); a first or malformed page is the first
    ["/app/library", "?q=boll&page=2&cursor=abc.def", { page: "library", q: "boll", at: { page: 2, cursor: "abc.def" } }],
    ["/app/library", "?page=3&cursor=abc.def", { page: "library", q: "", at: { page: 3, cursor: "abc.def" } }],
    ["/app/library", "?page=1&cursor=abc.def", { page: "library", q: "" }],
    ["/app/library", "?page=2", { page: "library", q: "" }],
    ["/app/library/core/bollinger", "", { page: "library-script", owner: "core", slug: "bollinger" }],
    ["/app/docs/language-tour", "", { page: "docs", topic: "language-tour" }],
    ["/app/account", "", { page: "account" }],
    ["/app/runs/a/b", "", { page: "not-found" }],
    ["/app/runs", "?status=failed", { page: "runs", status: "failed" }],
    ["/app/runs", "?status=bogus", { page: "runs" }],
    ["/app/scripts/%E0%A4%A", "", { page: "not-found" }],
    ["/app/scripts/my%20rsi", "", { page: "editor", slug: "my rsi", version: null }],
  ])("when the address is %s%s, then the page is %j", (path, search, route) => {
    expect(parseRoute(path, search)).toEqual(route);
  });
});

describe("toLintDiagnostics", () => {
  const doc = Text.of(["//@version=6", "indicator(\"x\")", "plot(ta.rsi(close, lenght))"]);
  const base: Diagnostic = { severity: "error", stage: "lint", code: "undeclared_identifier", message: "m", file: "main.pine", line: 3, column: 20, end_line: 3, end_column: 26 };

  test("when a diagnostic names line 3 columns 20-26, then the range is those characters of line 3", () => {
    const [d] = toLintDiagnostics(doc, [base]);
    // Line 1 is 12 characters and line 2 is 14: line 3 starts at 12 + 1 + 14 + 1 = 28; column 20 is 28 + 19.
    expect([d?.from, d?.to, doc.sliceString(d?.from ?? 0, d?.to ?? 0)]).toEqual([47, 53, "lenght"]);
  });

  test("when a range is empty or past the end, then it still marks one character of its line; other files are left out", () => {
    const out = toLintDiagnostics(doc, [
      { ...base, line: 2, column: 3, end_line: 2, end_column: 3 },
      { ...base, line: 9, column: 1, end_line: 9, end_column: 1 },
      { ...base, file: "lib.pine" },
    ]);
    expect(out.map((d) => [d.from, d.to])).toEqual([[15, 16], [28, 29]]);
  });
});
