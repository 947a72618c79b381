import { checkFiles, filesDigest, MAX_FILE_BYTES, MAX_TOTAL_BYTES, ScriptsError } from "../src/scripts";

const main = { path: "main.pine", content: "//@version=6\nindicator(\"x\")\nplot(close)\n" };

function refusal(files: Array<{ path: string; content: string }>): string {
  try {
    checkFiles(files);
  } catch (error) {
    expect(error).toBeInstanceOf(ScriptsError);
    expect((error as ScriptsError).reason).toBe("invalid_request");
    return (error as ScriptsError).message;
  }
  throw new Error("accepted");
}

describe("checkFiles (docs/reference/limits-and-plans.md file limits)", () => {
  it("accepts main.pine with relative helpers in folders", () => {
    expect(() => checkFiles([main, { path: "lib/util.pine", content: "" }])).not.toThrow();
  });

  it("refuses more than 50 files, naming the limit", () => {
    const files = [main, ...Array.from({ length: 50 }, (_, i) => ({ path: `f${i}.pine`, content: "" }))];
    expect(refusal(files)).toMatch(/51 files.*50 files/);
  });

  it("refuses a file over 524,288 bytes, naming the file and the limit (bytes, not characters)", () => {
    const big = { path: "big.pine", content: "é".repeat(MAX_FILE_BYTES / 2 + 1) };
    expect(refusal([main, big])).toMatch(/"big\.pine".*524288 bytes/);
    expect(() => checkFiles([main, { path: "ok.pine", content: "a".repeat(MAX_FILE_BYTES) }])).not.toThrow();
  });

  it("refuses more than 2,097,152 bytes in all", () => {
    const files = [main, ...Array.from({ length: 4 }, (_, i) => ({ path: `p${i}.pine`, content: "a".repeat(MAX_TOTAL_BYTES / 4) }))];
    expect(refusal(files)).toMatch(/2097152 bytes/);
  });

  it.each([
    ["/abs.pine", /relative/],
    ["../up.pine", /"\.\."/],
    ["a/../b.pine", /"\.\."/],
    ["a\\b.pine", /backslash/],
    ["notes.txt", /\.pine/],
    ["a//b.pine", /empty/],
    ["./a.pine", /empty or "\."/],
  ])("refuses the path %s", (path, why) => {
    expect(refusal([main, { path, content: "" }])).toMatch(why);
  });

  it("requires the entry main.pine and unique paths", () => {
    expect(refusal([{ path: "other.pine", content: "" }])).toMatch(/main\.pine/);
    expect(refusal([main, main])).toMatch(/more than once/);
  });

  it("digests files independently of their order, and differently for different files", () => {
    const a = { path: "a.pine", content: "x" };
    expect(filesDigest([main, a])).toBe(filesDigest([a, main]));
    expect(filesDigest([main, a])).not.toBe(filesDigest([main, { path: "a.pine", content: "y" }]));
    expect(filesDigest([{ path: "ab.pine", content: "" }])).not.toBe(filesDigest([{ path: "a", content: "b.pine" }]));
    expect(filesDigest([main])).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});
