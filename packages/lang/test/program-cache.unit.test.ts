import { ProgramCache } from "../src/program-cache";

describe("ProgramCache", () => {
  it("evicts the least recently used entry past maxEntries", () => {
    const cache = new ProgramCache<string>({ maxEntries: 2 });
    cache.set("a", "A");
    cache.set("b", "B");
    expect(cache.get("a")).toBe("A"); // a is now the most recent
    cache.set("c", "C");
    expect(cache.has("b")).toBe(false);
    expect(cache.get("a")).toBe("A");
    expect(cache.get("c")).toBe("C");
    expect(cache.stats()).toMatchObject({ entries: 2, evictions: 1 });
  });

  it("bounds the total weight and refuses an entry heavier than the bound", () => {
    const cache = new ProgramCache<string>({ maxEntries: 100, maxWeight: 10, weigh: (v) => v.length });
    cache.set("a", "aaaa");
    cache.set("b", "bbbb");
    cache.set("c", "cccc");
    expect(cache.has("a")).toBe(false);
    expect(cache.stats().weight).toBe(8);
    cache.set("huge", "x".repeat(11));
    expect(cache.has("huge")).toBe(false);
    expect(cache.size).toBe(2);
  });

  it("replacing a key keeps the weight right", () => {
    const cache = new ProgramCache<string>({ maxEntries: 5, weigh: (v) => v.length });
    cache.set("a", "12345");
    cache.set("a", "12");
    expect(cache.stats().weight).toBe(2);
    expect(cache.delete("a")).toBe(true);
    expect(cache.stats().weight).toBe(0);
  });

  it("counts hits and misses and creates once", () => {
    const cache = new ProgramCache<number>({ maxEntries: 3 });
    let made = 0;
    const make = (): number => ++made;
    expect(cache.getOrCreate("k", make)).toBe(1);
    expect(cache.getOrCreate("k", make)).toBe(1);
    expect(made).toBe(1);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1 });
  });

  it("shares one async creation between concurrent callers and does not cache failures", async () => {
    const cache = new ProgramCache<number>({ maxEntries: 3 });
    let calls = 0;
    const slow = async (): Promise<number> => { calls++; await new Promise((r) => setTimeout(r, 10)); return 42; };
    const [a, b] = await Promise.all([cache.getOrCreateAsync("k", slow), cache.getOrCreateAsync("k", slow)]);
    expect([a, b, calls]).toEqual([42, 42, 1]);
    await expect(cache.getOrCreateAsync("bad", () => Promise.reject(new Error("no")))).rejects.toThrow("no");
    expect(cache.has("bad")).toBe(false);
  });

  it("refuses a non-positive maxEntries", () => {
    expect(() => new ProgramCache({ maxEntries: 0 })).toThrow(RangeError);
  });
});
