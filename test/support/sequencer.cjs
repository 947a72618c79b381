// The order jest starts test files in: the longest first, so that near the end of `npm run jest`
// both workers run short files instead of one worker running a long one alone. Jest's own order
// needs timings from an earlier run on the same machine; a clean CI clone has none, and its
// fallback (file size) starts small, slow files (browsers, processes) late. The fallback here is
// test/support/test-durations.json: seconds per file from a recorded CI log
// (`node scripts/test-durations.mjs <log>` writes it). Files it does not name count as short.
/* eslint-disable @typescript-eslint/no-require-imports -- jest requires a sequencer module as it is: CommonJS, no transform */
const { relative } = require("node:path");
const Sequencer = require("@jest/test-sequencer").default;
const recorded = require("./test-durations.json");

class LongestFirst extends Sequencer {
  /** @param {import("@jest/test-result").Test[]} tests */
  sort(tests) {
    /** @param {import("@jest/test-result").Test} test */
    const estimate = (test) => this.time(test) ?? recorded[relative(test.context.config.rootDir, test.path)] ?? 0;
    const failedFirst = (a, b) => Number(this.hasFailed(b)) - Number(this.hasFailed(a));
    return [...tests].sort((a, b) => failedFirst(a, b) || estimate(b) - estimate(a));
  }
}

module.exports = LongestFirst;
