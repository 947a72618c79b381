// The sandbox threads' young generation starts at its floor of 16 MiB a semi-space
// (docs/adr/0258-sandbox-young-generation-kept.md): V8's own start is 1 MiB a semi-space
// (new_space 2 MiB), grown and shrunk with the allocation rate, and each regrowth took fresh
// pages. A thread made after the pool set its flags reports a new space of 16 MiB before it
// allocates anything; the cap (resourceLimits) is unchanged.
import { Worker } from "node:worker_threads";
import { SandboxPool } from "../src/runs/pool";
import { SANDBOX_SEMI_SPACE_MB } from "../src/runs/sandbox-thread";

jest.setTimeout(60_000);

/** new_space's size (bytes) in a fresh thread with the pool's resource limits, as V8 reports it. */
function freshThreadNewSpace(): Promise<number> {
  const code = `
    const { parentPort } = require("node:worker_threads");
    const s = require("node:v8").getHeapSpaceStatistics().find((x) => x.space_name === "new_space");
    parentPort.postMessage(s.space_size);
  `;
  return new Promise((resolve, reject) => {
    const w = new Worker(code, { eval: true, resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 } });
    w.once("message", (size: number) => {
      void w.terminate();
      resolve(size);
    });
    w.once("error", reject);
  });
}

test("threads made after the pool's flags start with a 16 MiB new space", async () => {
  expect(SANDBOX_SEMI_SPACE_MB).toBe(16);
  const pool = new SandboxPool({ size: 1, heapMb: 128 });
  try {
    // 16 MiB = 16 * 1024 * 1024 bytes (V8 reports the semi-space's capacity as new_space's size)
    expect(await freshThreadNewSpace()).toBe(16_777_216);
  } finally {
    await pool.close();
  }
});
