// Two projects: unit (pure, no services) and integration (real Postgres and Redis, real processes).
// Each integration test file makes its own database, Redis prefix and queue names (test/support).
const transform = { "^.+\\.(t|j)sx?$": ["@swc/jest", { jsc: { target: "es2022", parser: { syntax: "typescript" } }, module: { type: "commonjs" } }] };
// The node environment with an ordinary global object: globals read at full speed (test/support/node-environment.ts).
// V8's code cache of each module kept between the test files of a worker (test/support/runtime.cjs).
const common = { transform, testEnvironment: "<rootDir>/test/support/node-environment.ts", runtime: "<rootDir>/test/support/runtime.cjs", moduleFileExtensions: ["ts", "js", "json"] };

/** @type {import('jest').Config} */
module.exports = {
  // A global option in Jest 30 (ignored inside a project): integration hooks start processes.
  testTimeout: 60000,
  // Integration tests mostly wait on processes, Postgres and Redis: with two files at a time CI's
  // two cores were busy 1.15-1.3 of the time, so three files run at once. Each file has its own
  // database, Redis prefix and queues.
  maxWorkers: 3,
  // The longest files first, from recorded durations on a clean clone (test/support/sequencer.cjs).
  testSequencer: "<rootDir>/test/support/sequencer.cjs",
  projects: [
    { ...common, displayName: "unit", testMatch: ["<rootDir>/{apps,packages}/*/test/**/*.unit.test.ts", "<rootDir>/test/**/*.unit.test.ts"] },
    {
      ...common,
      displayName: "integration",
      testMatch: ["<rootDir>/{apps,packages}/*/test/**/*.int.test.ts", "<rootDir>/test/**/*.int.test.ts"],
      globalSetup: "<rootDir>/test/support/global-setup.ts",
      setupFilesAfterEnv: ["<rootDir>/test/support/retry-once.ts"],
    },
    {
      // `npm run test:system` (CI runs it after `npm test`): whole-service fuzz and fault tests
      // over real processes; not part of `npm run jest`.
      ...common,
      displayName: "system",
      testMatch: ["<rootDir>/test/system/**/*.sys.test.ts"],
      globalSetup: "<rootDir>/test/support/global-setup.ts",
    },
  ],
};
