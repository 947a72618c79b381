// The per-process key lookup cache (docs/adr/0082-key-lookup-cache.md): what it hands out, when.
import type { KeyForAuth } from "@barscript/db";
import { KeyCache } from "../src/auth/key-cache";

function lookup(keyId: string): KeyForAuth {
  return {
    key: { id: keyId, name: "k", scopes: ["read"], expiresAt: null, revokedAt: null },
    account: { id: "acc_1", handle: "h", email: "e@example.com", status: "active", createdAt: new Date(0) },
    plan: { name: "pro", apiAccess: true, requestsPerMinute: 600, concurrentHeavy: 5, concurrentWaits: 10, concurrentRuns: 5, computeUnitsPerMonth: 5_000_000, runTimeLimitSeconds: 120, historyStart: null },
  };
}

describe("KeyCache", () => {
  it("when only epochs were kept, then there is no lookup to use but the epochs serve the next read", () => {
    const cache = new KeyCache(30_000, 10);
    cache.keep("h1", "3:g", null, 1_000);
    expect(cache.lookup("h1", 1_000)).toBeUndefined();
    expect(cache.epochsBefore("h1")).toBe("3:g");
  });

  it("when a lookup was kept, then it is used with its epochs until its TTL, after which only its epochs remain", () => {
    const cache = new KeyCache(30_000, 10);
    const found = lookup("key_1");
    cache.keep("h1", "3:g", found, 1_000);
    expect(cache.lookup("h1", 30_999)).toEqual({ found, epochs: "3:g" });
    expect(cache.lookup("h1", 31_000)).toBeUndefined();
    expect(cache.epochsBefore("h1")).toBe("3:g");
  });

  it("when more keys are kept than the bound, then the oldest kept goes first", () => {
    const cache = new KeyCache(30_000, 2);
    cache.keep("h1", "1:g", lookup("k1"), 0);
    cache.keep("h2", "1:g", lookup("k2"), 0);
    cache.keep("h1", "2:g", lookup("k1"), 0);
    cache.keep("h3", "1:g", lookup("k3"), 0);
    expect(cache.size).toBe(2);
    expect(cache.epochsBefore("h2")).toBeUndefined();
    expect(cache.epochsBefore("h1")).toBe("2:g");
    expect(cache.epochsBefore("h3")).toBe("1:g");
  });

  it("when a key is forgotten, then neither its lookup nor its epochs remain", () => {
    const cache = new KeyCache(30_000, 10);
    cache.keep("h1", "1:g", lookup("k1"), 0);
    cache.forget("h1");
    expect(cache.lookup("h1", 0)).toBeUndefined();
    expect(cache.epochsBefore("h1")).toBeUndefined();
  });
});
