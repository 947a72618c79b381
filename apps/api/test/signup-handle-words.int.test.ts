// A handle the sign-up page refuses is said in words (what a handle may contain: the page's own
// hint, README "A five-minute tour"), never as a regex, and the page says it once for every way
// a handle is checked (one rule, packages/db accounts/handles.ts). Over HTTP, the real app.
import request from "supertest";
import { PASSWORD, csrfOf, harnessForFile } from "./signin-harness";

const h = harnessForFile();

/** What a handle may contain, in words (written here, not read from the code under test). */
const RULE = "a handle is 2 to 39 lowercase letters (a-z), digits or dashes, starting with a letter or a digit";

/** The text of the page's error box. */
function alertOf(html: string): string | undefined {
  return /<p class="error" role="alert">([^<]*)<\/p>/.exec(html)?.[1]?.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&");
}

async function signup(handle: string): Promise<request.Response> {
  const agent = request.agent(h.app);
  const csrf = csrfOf((await agent.get("/signup").expect(200)).text);
  return agent.post("/signup").type("form").send({ csrf, handle, email: `${handle.length}-words@example.com`, password: PASSWORD });
}

describe("sign-up: a handle of the wrong shape", () => {
  test.each([
    ["starts with a dash", "-dash-first"],
    ["is one letter", "a"],
    ["has capitals and an underscore", "Bad_Handle"],
    ["is 40 characters", "a".repeat(40)],
  ])("when the handle %s, then 400 saying in words what a handle may contain, no regex, nothing created", async (_what, handle) => {
    const res = await signup(handle);
    expect(res.status).toBe(400);
    expect(alertOf(res.text)).toBe(`The handle "${handle}" cannot be used: ${RULE}.`);
    expect(await h.db.account.count({ where: { handle } })).toBe(0);
  });

  test("when the page is shown, then its hint says the same rule", async () => {
    const page = await request(h.app).get("/signup").expect(200);
    expect(page.text).toContain(`Your public name: ${RULE.replace("a handle is ", "")}.`);
  });

  test("when the handle is the reserved core, then 400 saying it is reserved", async () => {
    const res = await signup("core");
    expect(res.status).toBe(400);
    expect(alertOf(res.text)).toBe('The handle "core" is reserved.');
  });
});
