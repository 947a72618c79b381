// A script file saved with a UTF-8 byte order mark (U+FEFF before `//@version=6`, as some Windows
// editors write files that are then uploaded as they are): the mark is no part of the script, so
// its version annotation is read and it validates and runs as without it.

import { check, outputsByName } from "./harness";
import { run } from "../back/harness";
import { parse } from "../../src/language/parser";
import { barsOfRows } from "../support/demo-bars";

const SRC = `//@version=6
indicator("bom")
plot(close * 2, "twice")
`;

describe("a byte order mark before the script", () => {
  it("is skipped: the version annotation is read and the script validates and runs", async () => {
    expect(parse("main.pine", `\uFEFF${SRC}`).script.version).toBe(6);
    const r = await check(`\uFEFF${SRC}`);
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(outputsByName(run(`\uFEFF${SRC}`, barsOfRows([[86_400, 10, 11, 9, 10.5, 100]])))).toEqual({ twice: [21] });
  });

  it("one anywhere else is still an unexpected character", async () => {
    const r = await check(`//@version=6\nindicator("x")\nx = 1\uFEFF\nplot(x)\n`);
    expect(r.diagnostics.filter((d) => d.severity === "error").map((d) => d.code)).toEqual(["syntax_error"]);
  });
});
