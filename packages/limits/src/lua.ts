// Lua scripts kept as files named by their key count (`<name>-<keys>.lua`), run by SHA with a
// fallback to the source when Redis does not know the script yet (after a restart or flush).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Redis } from "ioredis";

export class LuaScript {
  readonly sha: string;
  readonly numberOfKeys: number;

  constructor(
    readonly name: string,
    readonly source: string,
  ) {
    const match = /-(\d+)$/.exec(name);
    if (!match?.[1]) throw new Error(`Lua script name ${name} does not end in its key count`);
    this.numberOfKeys = Number(match[1]);
    this.sha = createHash("sha1").update(source).digest("hex");
  }

  static load(name: string): LuaScript {
    return new LuaScript(name, readFileSync(join(__dirname, "lua", `${name}.lua`), "utf8"));
  }

  async run(redis: Redis, keys: string[], args: Array<string | number>): Promise<unknown> {
    if (keys.length !== this.numberOfKeys) throw new Error(`${this.name} takes ${this.numberOfKeys} keys, got ${keys.length}`);
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.includes("NOSCRIPT")) throw error;
      return await redis.eval(this.source, keys.length, ...keys, ...args);
    }
  }
}

export const SCRIPTS = {
  leaseAcquire: LuaScript.load("lease-acquire-1"),
  leaseAcquireTwo: LuaScript.load("lease-acquire-2"),
  leaseRenew: LuaScript.load("lease-renew-1"),
  leaseRelease: LuaScript.load("lease-release-1"),
  leaseReleaseTwo: LuaScript.load("lease-release-2"),
  runRelease: LuaScript.load("run-release-2"),
  runReleaseWithCallPlaces: LuaScript.load("run-release-4"),
  leaseCount: LuaScript.load("lease-count-1"),
  windowHit: LuaScript.load("window-hit-1"),
  windowCount: LuaScript.load("window-count-1"),
  windowAdd: LuaScript.load("window-add-1"),
  authHit: LuaScript.load("auth-hit-4"),
} as const;

export function toNumbers(reply: unknown): number[] {
  if (!Array.isArray(reply)) throw new Error("unexpected Redis reply");
  return reply.map((value) => Number(value));
}
