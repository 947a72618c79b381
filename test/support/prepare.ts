// `npm run test:prepare`: the integration and system projects' global setup run ahead of jest
// (the bundles, started in the background; the migrated template database; the web build), so
// that `npm test` makes them beside the type check instead of before the first test file
// starts (docs/adr/0365). Jest's global setup then finds them made and goes on at once.
import globalSetup from "./global-setup";

globalSetup().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
