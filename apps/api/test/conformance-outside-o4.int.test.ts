// Conformance to docs/reference/ checked over HTTP as an outside client would, fourth round
// (docs/adr/0305-outside-readings-four.md); each case failed on the tree before its fix:
// - a PATCH that changes nothing (`{}`, or the values the script already has) moved `updated_at`;
// - a save (PUT) without `title` kept the old title when the declaration's title changed: the
//   title defaults to the declaration's on a save as on creation;
// - a study's horizons were taken as written: repeated ([5, 1, 5], answered twice in the results),
//   0 or negative (a "forward" return looking back), over 500, more than 10, none at all (the
//   Interface said [] while the results measured 1, 5 and 20), or a name the Interface dropped
//   without a word;
//   now the `invalid_horizons` error of derive, as a sweep's horizons are refused;
// - a sweep echoed the default of each swept input in its fixed `inputs` ({ len: 5 } beside
//   grid { len: [3, 5] }), saying a value it does not hold fixed;
// - a field that takes one of two shapes (`script`: a slug or `{ slug, version?, owner? }`) was
//   refused as "Field `script`: Invalid input." whatever was wrong inside it: the 400 now names
//   the field at fault (`script.owner`), or the types the field takes;
// - a cursor of a filtered list (`GET /runs?status=succeeded`, a sweep list by status, a
//   definition's events by name) was taken by the same list with other filters, where a search's
//   cursor with another `q` is refused: now 400 invalid_request as a cursor of another list;
// - a POST with no body, or the JSON `null`, where an object is needed was answered "expected
//   object, received undefined": it now says the body is missing, or is null;
// - a run request naming a slug a study shares with another script was told to "add ?kind=",
//   which a run request does not read: it names the body's `kind` field too;
// - a cancelled (or timed-out) study counted every bar of its read once per program (the
//   definitions' and its own) as evaluated, and charged their compute units, whatever it had
//   done: it now counts the bars its thread reported, as a script run does;
// - a run window's refusals did not name their field as every other 400 does ("from is after
//   to.", "bars cannot be given with both from and to.", "to must be an RFC 3339 time.").
import { RunsHarness, type Client } from "./runs-harness";

jest.setTimeout(120_000);

const h = new RunsHarness();
let client: Client;

const indicator = (title: string): string => `//@version=6\nindicator("${title}")\nplot(close, "c")\n`;
const DEFINITION = `//@version=6\ndefinition("Up days")\nalertcondition(close > open, "up")\n`;
const CROSS = `//@version=6
definition("Cross")
len = input.int(5, "Length", minval = 2)
level = input.float(1.5, "Level")
alertcondition(ta.crossover(close, ta.sma(close, len) * level), "cross")
`;
const study = (horizons: string): string => `//@version=6\nlen = 3\nstudy("After up days", horizons = ${horizons})\nuse("up")\n`;
const files = (content: string): Array<{ path: string; content: string }> => [{ path: "main.pine", content }];

async function create(slug: string, source: string): Promise<Record<string, unknown>> {
  const r = await client.call("POST", "/scripts", { slug, files: files(source) });
  if (r.status !== 201) throw new Error(`POST /scripts ${slug}: ${r.status} ${r.text}`);
  return r.json;
}

beforeAll(async () => {
  await h.setup();
  client = (await h.account()).client;
  await create("up", DEFINITION);
  await create("cross", CROSS);
});
afterAll(() => h.teardown());

describe("a PATCH that changes nothing", () => {
  it.each([
    ["an empty body", {}],
    ["the values the script already has", { slug: "same", title: "Same", description: "", visibility: "private" }],
  ])("when the body is %s, then it answers 200 with the script as it was, updated_at included", async (_name, body) => {
    const created = await create("same", indicator("Same"));
    try {
      const r = await client.call("PATCH", "/scripts/same", body);
      expect(r.status).toBe(200);
      expect(r.json).toEqual(created);
      expect((await client.call("GET", "/scripts/same")).json.updated_at).toBe(created.updated_at);
    } finally {
      await client.call("DELETE", "/scripts/same");
    }
  });

  it("when one field of several changes, then updated_at moves and only that field changes", async () => {
    const created = await create("some", indicator("Some"));
    const r = await client.call("PATCH", "/scripts/some", { title: "Some", description: "new words" });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ title: "Some", description: "new words", visibility: "private", slug: "some" });
    expect(r.json.updated_at > (created.updated_at as string)).toBe(true);
  });
});

describe("a save's title follows the declaration unless the body gives one", () => {
  it("when a PUT changes the declaration's title and gives no title, then the script takes the new declaration's title", async () => {
    await create("retitled", indicator("First title"));
    const r = await client.call("PUT", "/scripts/retitled", { base_version: 1, files: files(indicator("Second title")) });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ latest_version: 2, title: "Second title" });
    expect((await client.call("GET", "/scripts/retitled")).json.title).toBe("Second title");
  });

  it("when a PUT gives a title, then that title is the script's whatever the declaration says", async () => {
    await create("titled", indicator("Declared"));
    const r = await client.call("PUT", "/scripts/titled", { base_version: 1, title: "Chosen", files: files(indicator("Declared again")) });
    expect(r.status).toBe(200);
    expect(r.json.title).toBe("Chosen");
  });

  it("when a PATCH set a title and a later PUT gives none, then the declaration's title is the script's again", async () => {
    await create("patched", indicator("Declared"));
    expect((await client.call("PATCH", "/scripts/patched", { title: "Patched" })).json.title).toBe("Patched");
    const r = await client.call("PUT", "/scripts/patched", { base_version: 1, files: files(indicator("Declared v2")) });
    expect(r.json).toMatchObject({ latest_version: 2, title: "Declared v2" });
  });
});

describe("a study's horizons", () => {
  it.each([
    ["a horizon listed twice", "[5, 1, 5]", "twice"],
    ["a horizon of 0", "[0, 5]", "1 to 500"],
    ["a negative horizon", "[-3]", "1 to 500"],
    ["a horizon over 500", "[501]", "1 to 500"],
    ["no horizon", "[]", "1 to 10"],
    ["eleven horizons", "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]", "1 to 10"],
  ])("when the declaration has %s (%s), then validate says invalid_horizons and POST /scripts is 422 script_invalid", async (_name, horizons, says) => {
    const source = study(horizons);
    const validated = await client.call("POST", "/scripts/validate", { files: files(source) });
    expect(validated.status).toBe(200);
    expect(validated.json.valid).toBe(false);
    const found = validated.json.diagnostics.filter((d: { code: string }) => d.code === "invalid_horizons");
    expect(found).toEqual([expect.objectContaining({ severity: "error", stage: "derive", file: "main.pine", line: 3, message: expect.stringContaining(says) })]);
    const created = await client.call("POST", "/scripts", { slug: "bad-horizons", files: files(source) });
    expect(created.status).toBe(422);
    expect(created.json.error.code).toBe("script_invalid");
    expect(created.json.error.diagnostics.map((d: { code: string }) => d.code)).toContain("invalid_horizons");
  });

  it("when the horizons are distinct and in any order, then the Interface keeps them in the order given", async () => {
    const created = await create("ordered", study("[20, 1, 5]"));
    expect((created.interface as { horizons: number[] }).horizons).toEqual([20, 1, 5]);
  });

  it("when a horizon is a name rather than a number, then it is invalid_horizons, not silently dropped", async () => {
    const validated = await client.call("POST", "/scripts/validate", { files: files(study("[len, 10]")) });
    expect(validated.json.valid).toBe(false);
    expect(validated.json.diagnostics).toEqual([expect.objectContaining({ code: "invalid_horizons", line: 3, column: 36, message: expect.stringContaining("written as a number") })]);
  });
});

describe("a sweep's fixed inputs", () => {
  it("when an input is swept and another left out, then `inputs` holds the other's default and not the swept input", async () => {
    const r = await client.call("POST", "/sweeps", { definition: "cross", instruments: ["AAPL"], timeframe: "1d", bars: 100, grid: { len: [3, 5] }, horizons: [1] });
    expect(r.status).toBe(202);
    expect(r.json.inputs).toEqual({ level: 1.5 });
    expect(r.json.grid).toEqual({ len: [3, 5] });
    expect((await client.call("GET", `/sweeps/${r.json.id as string}`)).json.inputs).toEqual({ level: 1.5 });
  });
});

describe("a 400 names the field at fault inside a field of two shapes", () => {
  const run = { instrument: "AAPL", timeframe: "1d", bars: 2 };
  it.each([
    ["an owner that is not a string", { slug: "up", owner: null }, "Field `script.owner`: Invalid input: expected string, received null."],
    ["a version that is not an integer", { slug: "up", version: 1.5 }, "Field `script.version`: Invalid input: expected int, received number."],
    ["a number", 5, "Field `script`: Invalid input: expected string or object, received number."],
    ["a list", ["up"], "Field `script`: Invalid input: expected string or object, received array."],
  ])("when `script` is %s, then it is 400 invalid_request saying so", async (_name, script, message) => {
    const r = await client.call("POST", "/runs", { ...run, script });
    expect(r.status).toBe(400);
    expect(r.json.error).toEqual({ code: "invalid_request", message });
  });
});

describe("a cursor belongs to its filters", () => {
  async function runs(n: number): Promise<void> {
    for (let i = 0; i < n; i++) {
      const r = await client.start({ script: "up", instrument: "AAPL", timeframe: "1d", bars: 30, wait: 60 });
      if (r.status !== 202) throw new Error(`POST /runs: ${r.status} ${r.text}`);
      if (["queued", "running"].includes(r.json.status as string)) await client.final(r.json.id as string);
    }
  }

  it.each([
    ["the runs by status", "/runs?status=succeeded&limit=1", "/runs?status=failed", "/runs?status=succeeded", "data"],
    ["the runs by kind", "/runs?kind=definition&limit=1", "/runs?kind=indicator", "/runs?kind=definition", "data"],
    ["all runs", "/runs?limit=1", "/runs?script=up", "/runs", "data"],
    ["a definition's events by name", "/scripts/up/events?name=up&limit=1", "/scripts/up/events?name=down", "/scripts/up/events?name=up", "events"],
    ["all of a definition's events", "/scripts/up/events?limit=1", "/scripts/up/events?timeframe=1d", "/scripts/up/events", "events"],
  ])("when a cursor of %s is used with other filters, then it is 400 invalid_request; with its own it pages on", async (_list, first, other, same, rows) => {
    await runs(2 - (await client.call("GET", "/runs?kind=definition")).json.data.length);
    const page = await client.call("GET", first);
    expect(page.status).toBe(200);
    const cursor = page.json.next_cursor as string;
    expect(typeof cursor).toBe("string");
    const refused = await client.call("GET", `${other}&cursor=${encodeURIComponent(cursor)}`.replace(/\?&/, "?"));
    expect(refused.status).toBe(400);
    expect(refused.json.error).toEqual({ code: "invalid_request", message: "Parameter `cursor` is not a cursor this list issued." });
    const next = await client.call("GET", `${same}${same.includes("?") ? "&" : "?"}limit=1&cursor=${encodeURIComponent(cursor)}`);
    expect(next.status).toBe(200);
    expect(next.json[rows]).toHaveLength(1);
  });

  it("when a cursor of the sweeps by status is used with another status, then it is 400 invalid_request", async () => {
    for (let i = 0; i < 2; i++) {
      const r = await client.call("POST", "/sweeps", { definition: "cross", instruments: ["AAPL"], timeframe: "1d", bars: 50, grid: { len: [3] }, horizons: [1] });
      expect(r.status).toBe(202);
    }
    const page = await client.call("GET", "/sweeps?limit=1");
    const cursor = encodeURIComponent(page.json.next_cursor as string);
    expect((await client.call("GET", `/sweeps?status=failed&cursor=${cursor}`)).json.error.code).toBe("invalid_request");
    expect((await client.call("GET", `/sweeps?limit=1&cursor=${cursor}`)).json.data).toHaveLength(1);
  });
});

describe("a body that is missing or null", () => {
  const post = (path: string, body: string | undefined, key?: string): Promise<Response> =>
    fetch(`${h.api.url}/v1${path}`, { method: "POST", headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(body !== undefined ? { "content-type": "application/json" } : {}) }, ...(body !== undefined ? { body } : {}) });

  it.each([
    ["no body to POST /auth/token", "/auth/token", undefined, false, "Request body is missing: send a JSON object with Content-Type: application/json."],
    ["no body to POST /runs", "/runs", undefined, true, "Request body is missing: send a JSON object with Content-Type: application/json."],
    ["null to POST /runs", "/runs", "null", true, "Request body must be a JSON object, not null."],
    ["null to POST /scripts", "/scripts", "null", true, "Request body must be a JSON object, not null."],
  ])("when %s is sent, then it is 400 invalid_request saying so", async (_name, path, body, keyed, message) => {
    const r = await post(path, body, keyed ? client.key : undefined);
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ error: { code: "invalid_request", message } });
  });
});

describe("a slug a study shares with another script", () => {
  it("when a run request names it without `kind`, then 409 conflict says to give the field `kind`, and with it the run starts", async () => {
    await create("both", indicator("Both"));
    await create("both", study("[1, 5]"));
    const r = await client.start({ script: "both", instrument: "AAPL", timeframe: "1d", bars: 30 });
    expect(r.status).toBe(409);
    expect(r.json.error.code).toBe("conflict");
    expect(r.json.error.message).toContain("the field `kind`");
    const started = await client.start({ script: "both", kind: "indicator", instrument: "AAPL", timeframe: "1d", bars: 30 });
    expect(started.status).toBe(202);
    expect(started.json.kind).toBe("indicator");
  });
});

describe("a cancelled study counts what it evaluated", () => {
  const SLOW_DEFINITION = `//@version=6
definition("Slow")
float x = 0.0
for i = 0 to 2000000
    x += i
alertcondition(close > open and x > 0, "up")
`;

  it("when a study over a slow definition is cancelled while it runs, then bars_evaluated is what its thread evaluated, not the whole read per program", async () => {
    await create("slow-def", SLOW_DEFINITION);
    await create("slow-study", `//@version=6\nstudy("Slow study", horizons = [1])\nuse("slow-def")\n`);
    const started = await client.start({ script: "slow-study", instrument: "AAPL", timeframe: "1d", wait: 0 });
    expect(started.status).toBe(202);
    const id = started.json.id as string;
    const all = (started.json.window as { bars: number }).bars * 2; // the definition's bars and the body's
    let status = started.json.status as string;
    while (status === "queued") status = (await client.call("GET", `/runs/${id}?wait=1`)).json.status as string;
    expect(status).toBe("running");
    const cancelled = await client.call("POST", `/runs/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.status).toBe("cancelled");
    const summary = cancelled.json.summary as { bars_evaluated: number; compute_units: number };
    expect(summary.bars_evaluated).toBeLessThan(all);
    // counted at the thread's chunk boundaries (512 bars), as a script run's are
    expect(summary.bars_evaluated % 512).toBe(0);
    expect(summary.compute_units).toBe(Math.ceil(summary.bars_evaluated / 1000));
  });
});

describe("a run window's refusals name their field", () => {
  const run = { script: "up", instrument: "AAPL", timeframe: "1d" };
  it.each([
    ["`from` after `to`", { from: "2012-02-01T00:00:00Z", to: "2012-01-01T00:00:00Z" }, "Field `from` is after `to`."],
    ["`bars` with both `from` and `to`", { bars: 5, from: "2012-01-01T00:00:00Z", to: "2012-02-01T00:00:00Z" }, "Field `bars` cannot be given with both `from` and `to`."],
    // year 0000 is refused by the body's schema since docs/adr/0317, as every field's 400 is worded
    ["a `to` of year 0", { to: "0000-01-01T00:00:00Z" }, "Field `to`: must be an RFC 3339 time, e.g. 2024-03-01T00:00:00Z."],
  ])("when a run request has %s, then it is 400 invalid_request naming the field", async (_name, window, message) => {
    const r = await client.start({ ...run, ...window });
    expect(r.status).toBe(400);
    expect(r.json.error).toEqual({ code: "invalid_request", message });
  });
});
