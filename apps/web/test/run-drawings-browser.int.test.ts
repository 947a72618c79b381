// The run page draws a run's drawings (docs/reference/api.md #30) in Debian chromium against a
// real API and worker: a drawing-only indicator's run page asks for its drawings, gets 200, and
// its chart shows the labels as markers (pixels of the label color on the price pane).
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { RunsHarness, type Client } from "../../api/test/runs-harness";

const CHROMIUM = "/usr/bin/chromium";
const ROOT = resolve(__dirname, "../../..");
const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

jest.setTimeout(180_000);

/** Only draws: a magenta label on each of the last bars and a magenta line (no plot). */
const DRAWS = `//@version=6
indicator("marks", overlay = true, max_labels_count = 20)
label.new(time, high, "m", xloc = xloc.bar_time, color = #FF00FF)
if barstate.islast
    line.new(time - 20 * 86400000, low, time, high, xloc = xloc.bar_time, color = #FF00FF, width = 3)
`;

const h = new RunsHarness();
let me: { id: string; handle: string; client: Client };
let context: BrowserContext;
let page: Page;
let profile: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install it with \`apt-get install -y chromium\``);
  if (!existsSync(join(ROOT, "apps/web/build/index.html"))) throw new Error("apps/web/build is missing: run `npm run build:web`");
  await h.setup();
  me = await h.account();
  await h.script(me, "marks", DRAWS);
  profile = mkdtempSync(join(tmpdir(), "bs-chromium-draw-"));
  context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ARGS, viewport: { width: 1280, height: 900 } });
  page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(20_000);
});

afterAll(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  await h.teardown();
});

test("a drawing-only indicator's run page draws its labels and line", async () => {
  const run = await me.client.start({ script: "marks", instrument: "AAPL", timeframe: "1d", bars: 60, wait: 30 });
  expect(run.json.status).toBe("succeeded");
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(String(e)));

  await page.goto(`${h.api.url}/app/runs/${run.json.id}`);
  await page.waitForURL(/\/login/);
  await page.getByLabel("Email").fill(`runs${me.handle.replace("runner-", "")}@example.com`);
  await page.getByLabel("Password").fill("a long enough password");
  const drawings = page.waitForResponse((r) => r.url().endsWith(`/v1/runs/${run.json.id}/drawings`));
  await page.getByRole("button", { name: "Sign in" }).click();
  expect((await drawings).status()).toBe(200);
  await page.waitForFunction(() => document.querySelectorAll(".chart canvas").length >= 1);
  // the label and line color (#FF00FF) is on the price pane's canvases
  await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLCanvasElement>(".chart canvas")).some((canvas) => {
    const data = canvas.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height).data;
    if (!data) return false;
    for (let i = 0; i < data.length; i += 4) if (data[i]! > 200 && data[i + 1]! < 60 && data[i + 2]! > 200 && data[i + 3]! > 200) return true;
    return false;
  }));
  expect(problems).toEqual([]);
});
