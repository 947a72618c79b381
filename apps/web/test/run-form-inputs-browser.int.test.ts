// The web app used from outside, fourth pass (docs/adr/0316-clients-used-from-outside-four.md), in
// Debian chromium (playwright-core) against a real API and worker: TradingView's usual
// `input.timeframe("", ...)` (the chart's timeframe) in the run form. Its menu had no "" choice:
// nothing was shown chosen, and once another timeframe was chosen the chart's could not be had
// back. The run page wrote a text input's empty value as nothing at all (`htf = `). Fifth pass: the
// run page's inputs in the script's order; a busy refusal says when to try again.
import type { Page } from "playwright-core";
import { closeAfterSuite, openSignedIn, requireChromiumAndBuild, type TestBrowser } from "./support/browser";
import { RunsHarness, type Client } from "../../api/test/runs-harness";

jest.setTimeout(240_000);

const h = new RunsHarness();
let me: { id: string; handle: string; email: string; client: Client };
let page: Page;
let browser: TestBrowser | undefined;
const pageErrors: string[] = [];

const HTF = `//@version=6
indicator("Higher timeframe close", overlay = true)
htf = input.timeframe("", "Higher timeframe")
kind = input.string("SMA", "MA type", options = ["SMA", "EMA"])
c = request.security(syminfo.tickerid, htf, close)
plot(kind == "SMA" ? ta.sma(c, 10) : ta.ema(c, 10), "ma")
`;

const TWO_INPUTS = `//@version=6
indicator("Two inputs")
length = input.int(14, "Length")
fast = input.bool(true, "Fast")
plot(fast ? ta.ema(close, length) : ta.sma(close, length), "ma")
`;

beforeAll(async () => {
  requireChromiumAndBuild();
  await h.setup();
  me = await h.account();
  await h.script(me, "htf", HTF);
  await h.script(me, "two-inputs", TWO_INPUTS);
  browser = await openSignedIn(h.api.url, me, pageErrors);
  ({ page } = browser);
});
closeAfterSuite(h, () => browser, pageErrors);

const chosen = (id: string) => page.locator(`#${id}`).evaluate((s: HTMLSelectElement) => ({ value: s.value, text: s.selectedIndex < 0 ? null : s.options[s.selectedIndex]?.text ?? null }));

test("a timeframe input's default \"\" is the choice Chart, chosen again after another, and run as \"\"", async () => {
  await page.goto(`${h.api.url}/app/scripts/htf?kind=indicator`);
  const input = page.locator("#input-htf");
  await input.waitFor();
  await expect(chosen("input-htf")).resolves.toEqual({ value: "", text: "Chart (the run's timeframe)" });

  await input.selectOption("1w");
  await expect(chosen("input-htf")).resolves.toEqual({ value: "1w", text: "1w" });
  await input.selectOption({ label: "Chart (the run's timeframe)" });
  await expect(chosen("input-htf")).resolves.toEqual({ value: "", text: "Chart (the run's timeframe)" });

  await page.getByRole("button", { name: "Run it" }).click();
  await page.waitForURL(/\/app\/runs\/run_\w+$/);
  const id = page.url().split("/").pop() ?? "";
  const run = (await me.client.call("GET", `/runs/${id}?wait=30`)).json as { status: string; inputs: Record<string, unknown> };
  expect(run.status).toBe("succeeded");
  expect(run.inputs).toEqual({ htf: "", kind: "SMA" });
  // the run page names each input; a text in quotes, so the empty one shows
  const line = page.locator("p", { hasText: /^Inputs: / });
  await line.waitFor();
  const text = await line.innerText();
  expect(text.replace(/^Inputs: /, "").split(", ").sort()).toEqual(['htf = ""', 'kind = "SMA"']);
});

test("a run page lists the run's inputs in the script's declaration order, not the API's key order", async () => {
  // The API answers `inputs` in its stored key order (shorter names first): `fast` before `length`.
  const run = await me.client.start({ script: "two-inputs", instrument: "AAPL", timeframe: "1d", bars: 50, inputs: { length: 20, fast: false }, wait: 30 });
  expect(run.json.status).toBe("succeeded");
  await page.goto(`${h.api.url}/app/runs/${run.json.id}`);
  await page.getByText("Inputs: length = 20, fast = false", { exact: true }).waitFor();
});

test("a busy refusal (503, Retry-After 5) says when to try again", async () => {
  // The answer the API gives while Postgres or Redis cannot be reached (apps/api/src/http/errors.ts),
  // which a test cannot cause in the shared database: the browser is handed it for this one call.
  await page.route("**/v1/runs", (route) => route.request().method() === "POST"
    ? route.fulfill({ status: 503, headers: { "Retry-After": "5" }, contentType: "application/json", body: JSON.stringify({ error: { code: "busy", message: "A service the API depends on is briefly unavailable; try again shortly." } }) })
    : route.fallback());
  try {
    await page.goto(`${h.api.url}/app/scripts/htf?kind=indicator`);
    await page.getByRole("button", { name: "Run it" }).click();
    const alert = page.getByRole("alert");
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toBe("A service the API depends on is briefly unavailable; try again shortly. (busy) Try again in 5 seconds.");
  } finally {
    await page.unroute("**/v1/runs");
  }
});
