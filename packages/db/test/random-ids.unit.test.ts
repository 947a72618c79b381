// Ids and secrets across many refills of the random pool: well-formed, distinct, and every base62
// character about equally likely (120,000 characters: 1,935.5 expected each; a bias of one byte
// value in 248, e.g. `% 62` over all 256 values, would put the first 8 characters at ~2,300).
import { newId, randomBase62 } from "../src/accounts/random";
import { newRunId, RUN_ID_PATTERN } from "../src/runs/ids";
import { newSweepId, SWEEP_ID_PATTERN } from "../src/sweeps";

test("ids keep their prefix and 24 base62 characters and never repeat across pool refills", () => {
  const ids = Array.from({ length: 5_000 }, () => newRunId());
  expect(ids.every((id) => RUN_ID_PATTERN.test(id))).toBe(true);
  expect(new Set(ids).size).toBe(ids.length);
  expect(SWEEP_ID_PATTERN.test(newSweepId())).toBe(true);
  expect(newId("acc")).toMatch(/^acc_[0-9A-Za-z]{24}$/);
});

test("every base62 character is about equally frequent", () => {
  const counts = new Map<string, number>();
  for (let k = 0; k < 1_000; k++) for (const c of randomBase62(120)) counts.set(c, (counts.get(c) ?? 0) + 1);
  expect(counts.size).toBe(62);
  for (const n of counts.values()) {
    expect(n).toBeGreaterThan(1_700);
    expect(n).toBeLessThan(2_180);
  }
});
