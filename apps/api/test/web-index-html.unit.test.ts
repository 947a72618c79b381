// The web app's index.html is read again when a build replaces it beside a running API (a kept old
// page asked for assets the new build no longer has, and the app stayed blank until a restart).
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { indexHtmlReader } from "../src/web/index-html";

describe("the web app's index.html", () => {
  let dir: string;
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), "bs-index-html-")); });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (text: string, mtimeSeconds: number): void => {
    writeFileSync(join(dir, "index.html"), text);
    utimesSync(join(dir, "index.html"), mtimeSeconds, mtimeSeconds);
  };

  it("is null while the app is not built, then the built page", () => {
    const read = indexHtmlReader(dir);
    expect(read()).toBeNull();
    write('<script src="/app/assets/index-aaaa.js"></script>', 1_700_000_000);
    expect(read()).toBe('<script src="/app/assets/index-aaaa.js"></script>');
  });

  it("is the new page after a rebuild, even of the same size", () => {
    const read = indexHtmlReader(dir);
    write('<script src="/app/assets/index-aaaa.js"></script>', 1_700_000_000);
    expect(read()).toContain("index-aaaa.js");
    write('<script src="/app/assets/index-bbbb.js"></script>', 1_700_000_060);
    expect(read()).toContain("index-bbbb.js");
  });

  it("is read once while the file stays the same", () => {
    const read = indexHtmlReader(dir);
    write("<p>one</p>", 1_700_000_000);
    const first = read();
    expect(read()).toBe(first);
    rmSync(join(dir, "index.html"));
    expect(read()).toBeNull();
  });
});
