// POST /v1/scripts/validate answers the shadowing warnings with a valid script (docs/adr/0355,
// docs/adr/0358): a block's `=` hiding an enclosing variable (TradingView's CW10013) and a variable
// named as a built-in variable (TradingView's CW10011), each over its declaration, from the first
// token through the value; the same script, using the built-in before declaring its name, is
// refused. Ranges counted by hand on the text below (end column exclusive).
import request from "supertest";
import { startScriptsHarness, member, type Member, type ScriptsHarness } from "./scripts-harness";

const files = (body: string): Array<{ path: string; content: string }> => [
  { path: "main.pine", content: `//@version=6\nindicator("Shadowing")\n${body}\n` },
];

jest.setTimeout(60_000);

describe("POST /v1/scripts/validate: shadowing warnings", () => {
  let h: ScriptsHarness;
  let alice: Member;
  const validate = (body: string) =>
    request(h.app).post("/v1/scripts/validate").set({ Authorization: `Bearer ${alice.readKey}` }).send({ files: files(body) });

  beforeAll(async () => {
    h = await startScriptsHarness();
    alice = await member(h.db, "alice");
  });
  afterAll(async () => { await h.close(); });

  it("a valid script with both warnings, each over its declaration", async () => {
    const res = await validate("hl2 = (open + close) / 2\nlevel = 0.0\nif close > open\n    level = hl2\n    label.new(bar_index, level)\nplot(hl2 + level)");
    expect(res.status).toBe(200);
    expect(res.body.valid).toBe(true);
    const shadowing = (res.body.diagnostics as Array<{ code: string }>).filter((d) => d.code.startsWith("shadowed_"));
    expect(shadowing).toEqual([
      expect.objectContaining({ severity: "warning", stage: "lint", code: "shadowed_builtin_variable", file: "main.pine", line: 3, column: 1, end_line: 3, end_column: 25 }),
      expect.objectContaining({ severity: "warning", stage: "lint", code: "shadowed_variable", file: "main.pine", line: 6, column: 5, end_line: 6, end_column: 16 }),
    ]);
    expect((shadowing[0] as unknown as { message: string }).message).toContain("Shadowing built-in variable 'hl2'");
    expect((shadowing[1] as unknown as { message: string }).message).toContain("Shadowing variable 'level' which exists in parent scope");
  });

  it("using the built-in before declaring its name is refused, with the warning", async () => {
    const res = await validate("y = hl2 + 1\nhl2 = 2.0\nplot(y + hl2)");
    expect(res.status).toBe(200);
    expect(res.body.valid).toBe(false);
    const codes = (res.body.diagnostics as Array<{ code: string; severity: string; line: number }>).map((d) => [d.code, d.severity, d.line]);
    expect(codes).toEqual(expect.arrayContaining([["shadowed_builtin_variable", "warning", 4], ["duplicate_declaration", "error", 4]]));
  });
});
