// The web app used from outside, fourth pass (docs/adr/0316-clients-used-from-outside-four.md), in
// Debian chromium (playwright-core) against a real API and worker: a call that does not reach the
// service (offline, the server down; the browser's requests aborted here) is said in the app's
// words with the code `network`, as the typed client names it. The page said "Failed to fetch".
import type { Page } from "playwright-core";
import { closeAfterSuite, openSignedIn, requireChromiumAndBuild, type TestBrowser } from "./support/browser";
import { RunsHarness, type Client } from "../../api/test/runs-harness";

jest.setTimeout(240_000);

const h = new RunsHarness();
let me: { id: string; handle: string; email: string; client: Client };
let page: Page;
let browser: TestBrowser | undefined;
const pageErrors: string[] = [];

const MESSAGE = "The service could not be reached: check the connection, then try again. (network)";

beforeAll(async () => {
  requireChromiumAndBuild();
  await h.setup();
  me = await h.account();
  await h.script(me, "closes", '//@version=6\nindicator("Closes")\nplot(close, "c")\n');
  browser = await openSignedIn(h.api.url, me, pageErrors);
  ({ page } = browser);
});
closeAfterSuite(h, () => browser, pageErrors);

test("a run page and the runs list whose calls do not reach the service say so, not \"Failed to fetch\"", async () => {
  const run = (await me.client.call("POST", "/runs", { script: "closes", instrument: "AAPL", timeframe: "1d", bars: 100, wait: 30 })).json as { id: string; status: string };
  expect(run.status).toBe("succeeded");

  await page.route(`**/v1/runs/${run.id}*`, (route) => route.abort("connectionrefused"));
  await page.goto(`${h.api.url}/app/runs/${run.id}`);
  const alert = page.getByRole("alert");
  await alert.waitFor();
  await expect(alert.innerText()).resolves.toBe(MESSAGE);
  await page.unroute(`**/v1/runs/${run.id}*`);

  await page.route("**/v1/runs?*", (route) => route.abort("internetdisconnected"));
  await page.goto(`${h.api.url}/app/runs`);
  await page.getByRole("alert").waitFor();
  await expect(page.getByRole("alert").innerText()).resolves.toBe(MESSAGE);
  await page.unroute("**/v1/runs?*");

  // reached again, the same address reads the run
  await page.goto(`${h.api.url}/app/runs/${run.id}`);
  await page.getByRole("heading", { name: "Run of closes on AAPL 1d" }).waitFor();
  await expect(page.getByRole("alert").count()).resolves.toBe(0);
});
