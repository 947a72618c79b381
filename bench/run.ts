// `npm run bench -- <area>`: runs every benchmark of one area and prints its lines,
// each `<area> <case> name=value ...`, baselines measured in the same run.
import { readdirSync } from "node:fs";
import { join } from "node:path";

interface BenchModule {
  run(): Promise<string[]>;
}

async function main(): Promise<void> {
  const area = process.argv[2];
  const files = readdirSync(__dirname).filter((f) => f.endsWith(".ts") && f !== "run.ts" && !f.startsWith("_"));
  const areas = [...new Set(files.map((f) => f.split(/[-.]/)[0]))].sort();
  if (!area || !areas.includes(area)) {
    console.error(`usage: npm run bench -- <area>   (areas: ${areas.join(", ")})`);
    process.exit(2);
  }
  for (const file of files.filter((f) => f.split(/[-.]/)[0] === area)) {
    const module = (await import(join(__dirname, file))) as BenchModule;
    for (const line of await module.run()) console.log(line);
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(`bench: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
});
