// Jest global setup for the integration project: build the migrated template database once,
// and the web app the API serves under /app/.
import { ensureTemplate } from "./databases";
import { ensureWebBuild } from "./web-build";

export default async function globalSetup(): Promise<void> {
  await ensureTemplate();
  ensureWebBuild();
}
