// GET /v1/library pages are bounded by bytes as well as rows (ADR 0052): public scripts whose
// interfaces are large (about 1.5 MB of JSON each, written straight into their version rows) come
// in pages under 8 MB, and following the cursors gives every script once, in the list's order.
import request from "supertest";
import { startScriptsHarness, member, type Member, type ScriptsHarness } from "./scripts-harness";

const PAGE_BYTES = 8 * 1024 * 1024;
const BIG = 12;
/** One output title of 1,500 characters; 1,000 outputs make an interface of about 1.5 MB. */
const bigInterface = (k: number): Record<string, unknown> => ({
  inputs: [],
  outputs: Array.from({ length: 1000 }, (_, i) => ({ name: `o${i}`, title: `${k}-${i}-`.padEnd(1500, "x"), type: "float" })),
  events: [],
  warmup_bars: 0,
});

jest.setTimeout(60_000);

describe("library pages bounded by bytes", () => {
  let h: ScriptsHarness;
  let alice: Member;

  beforeAll(async () => {
    h = await startScriptsHarness();
    alice = await member(h.db, "alice");
    for (let k = 0; k < BIG; k++) {
      const id = `big-script-${String(k).padStart(2, "0")}`;
      // updatedAt one second apart: the list (newest first) is big-11 ... big-00
      await h.db.script.create({
        data: {
          id, ownerId: alice.id, slug: `big-${k}`, slugClass: "script", kind: "indicator", title: `Big ${k}`, visibility: "public",
          updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, k)),
          versions: { create: { id: `${id}-v1`, version: 1, files: [], digest: `d${k}`, interface: bigInterface(k) as object, dependencies: [] } },
        },
      });
    }
  });
  afterAll(async () => { await h.close(); });

  it("when a page of 50 would be 18 MB, then each page is at most 8 MB and the cursors give every script once, newest first", async () => {
    const slugs: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const res: request.Response = await request(h.app).get(`/v1/library?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`).set({ Authorization: `Bearer ${alice.readKey}` });
      expect(res.status).toBe(200);
      sizes.push(Buffer.byteLength(res.text));
      slugs.push(...(res.body.data as Array<{ slug: string }>).map((r) => r.slug));
      cursor = res.body.next_cursor as string | null;
    } while (cursor !== null && sizes.length < 20);
    expect(sizes.length).toBeGreaterThan(2);
    for (const size of sizes) expect(size).toBeLessThanOrEqual(PAGE_BYTES);
    expect(slugs).toEqual(Array.from({ length: BIG }, (_, i) => `big-${BIG - 1 - i}`));
  });

  it("when a search matches the big scripts, then its pages are bounded the same way and join to every match once", async () => {
    const slugs: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: request.Response = await request(h.app).get(`/v1/library?q=big&limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`).set({ Authorization: `Bearer ${alice.readKey}` });
      expect(res.status).toBe(200);
      expect(Buffer.byteLength(res.text)).toBeLessThanOrEqual(PAGE_BYTES);
      slugs.push(...(res.body.data as Array<{ slug: string }>).map((r) => r.slug));
      cursor = res.body.next_cursor as string | null;
      pages++;
    } while (cursor !== null && pages < 20);
    expect(pages).toBeGreaterThan(2);
    expect([...slugs].sort()).toEqual(Array.from({ length: BIG }, (_, i) => `big-${i}`).sort());
  });
});
