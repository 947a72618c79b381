// Script version rows by (script, version), kept in memory: a version is never changed once
// written (a deleted script's runs lose their scriptId, so they never reach this cache).
import type { Db } from "../client";

export interface VersionRow {
  files: unknown;
  interface: unknown;
  dependencies: unknown;
  digest: string;
}

export class VersionCache {
  private readonly rows = new Map<string, VersionRow>();

  constructor(
    private readonly db: Db,
    private readonly maxEntries = 1_000,
  ) {}

  async get(scriptId: string, version: number): Promise<VersionRow | null> {
    const key = `${scriptId}:${version}`;
    const hit = this.rows.get(key);
    if (hit) {
      this.rows.delete(key);
      this.rows.set(key, hit);
      return hit;
    }
    const row = await this.db.scriptVersion.findUnique({
      where: { scriptId_version: { scriptId, version } },
      select: { files: true, interface: true, dependencies: true, digest: true },
    });
    if (!row) return null;
    this.rows.set(key, row);
    if (this.rows.size > this.maxEntries) {
      const oldest = this.rows.keys().next().value;
      if (oldest !== undefined) this.rows.delete(oldest);
    }
    return row;
  }
}
