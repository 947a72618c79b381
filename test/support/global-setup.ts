// Jest global setup for the integration and system projects: build the migrated template
// database once, the web app the API serves under /app/, and (in the background, waited for by
// the first process a test starts) the bundles test processes run.
import { startBundles } from "./bundles";
import { ensureTemplate } from "./databases";
import { ensureWebBuild } from "./web-build";

export default async function globalSetup(): Promise<void> {
  startBundles();
  await ensureTemplate();
  ensureWebBuild();
}
