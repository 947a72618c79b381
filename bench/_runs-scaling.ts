// Scaling of the runs bench with 1, 2 and 4 worker processes (one API), for the note in
// docs/performance.md: `npx tsx bench/_runs-scaling.ts [runs]`. Each line is the bench's
// throughput5k lines (rate beside the BullMQ no-op anchor of the same run, CPU per run) for that
// many workers; run it on a quiet machine, the processes share its cores.
import { benchRuns } from "./runs";

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 200);
  for (const workers of [1, 2, 4]) {
    const lines = await benchRuns({ workers, skipCases: true, e2eRuns: 3, throughputRuns: runs });
    for (const line of lines.filter((l) => l.includes("throughput5k"))) console.log(`workers=${workers} ${line}`);
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
