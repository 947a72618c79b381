import { decideRetry } from "../src/retry";

// The client retry rules (docs/reference/errors.md), written out as a table: (policy, attempt, elapsed ms, status, code, Retry-After) -> decision.
describe("client retry rules", () => {
  const cases: Array<[string, Parameters<typeof decideRetry>, { retry: boolean; waitMs?: number }]> = [
    ["a 429 on a normal call waits Retry-After", ["default", 0, 0, 429, "rate_limited", 10], { retry: true, waitMs: 10_000 }],
    ["Retry-After is capped at 60 s", ["default", 0, 0, 429, "rate_limited", 120], { retry: true, waitMs: 60_000 }],
    ["without Retry-After the waits are 1 s, 2 s, 4 s", ["default", 2, 0, 503, "busy", null], { retry: true, waitMs: 4_000 }],
    ["first backoff is 1 s", ["default", 0, 0, null, null, null], { retry: true, waitMs: 1_000 }],
    ["a fourth attempt is not made", ["default", 3, 0, 429, "busy", 2], { retry: false }],
    ["not_implemented is never retried", ["default", 0, 0, 501, "not_implemented", null], { retry: false }],
    ["a 500 is not retried", ["default", 0, 0, 500, "internal", null], { retry: false }],
    ["a 404 is not retried", ["default", 0, 0, 404, "not_found", null], { retry: false }],
    ["starting a run waits 15 s when Retry-After is absent", ["start-run", 7, 60_000, 503, "busy", null], { retry: true, waitMs: 15_000 }],
    ["starting a run keeps retrying within 3 minutes", ["start-run", 20, 170_000, 429, "busy", 10], { retry: true, waitMs: 10_000 }],
    ["starting a run stops past 3 minutes", ["start-run", 20, 175_000, 429, "busy", 15], { retry: false }],
  ];
  it.each(cases)("when %s", (_name, args, expected) => {
    expect(decideRetry(...args)).toMatchObject(expected);
  });
});
