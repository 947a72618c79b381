// Jest global setup for the integration project: build the migrated template database once.
import { ensureTemplate } from "./databases";

export default async function globalSetup(): Promise<void> {
  await ensureTemplate();
}
