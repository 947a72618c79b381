// Writes test/support/test-durations.json from a jest log (a CI run's `npm run jest` output):
// each "PASS|FAIL <project> <file> (<seconds> s)" line, the slowest of a file's lines kept.
// Jest prints a time for files over its slow threshold (5 s); shorter files are left out and
// the sequencer counts them as short (test/support/sequencer.cjs).
import { readFileSync, writeFileSync } from "node:fs";

const log = process.argv[2];
if (!log) {
  console.error("usage: node scripts/test-durations.mjs <jest log>");
  process.exit(2);
}
const seconds = {};
for (const line of readFileSync(log, "utf8").split("\n")) {
  const m = /^(?:PASS|FAIL) (?:\w+ )?(\S+\.test\.ts) \(([\d.]+) s\)$/.exec(line.trim());
  if (m) seconds[m[1]] = Math.max(seconds[m[1]] ?? 0, Math.round(Number(m[2])));
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([, a], [, b]) => b - a));
writeFileSync(new URL("../test/support/test-durations.json", import.meta.url), JSON.stringify(sorted, null, 1) + "\n");
console.log(`${Object.keys(sorted).length} files recorded`);
