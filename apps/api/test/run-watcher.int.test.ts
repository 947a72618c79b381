// The long polls' listener (apps/api/src/runs/watcher.ts, docs/adr/0121): one pattern subscription
// for every run's channel of the prefix, a run listened for by a map entry, against real Redis.
import { randomBytes } from "node:crypto";
import { createServer, type AddressInfo, type Socket } from "node:net";
import Redis from "ioredis";
import { createRedis, RedisUnavailableError, runChannel } from "@barscript/queue";
import { IGNORED, RunWatcher } from "../src/runs/watcher";
import { REDIS_URL } from "../../../test/support/env";

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe("RunWatcher against real Redis", () => {
  let publisher: Redis;
  const tag = randomBytes(4).toString("hex");

  beforeAll(() => { publisher = new Redis(REDIS_URL); });
  afterAll(() => { publisher.disconnect(); });

  it("when a run's channel carries messages, then its wait hears them in order and another run's message does not wake it", async () => {
    const prefix = `bst:watch1:${tag}:`;
    const watcher = new RunWatcher(REDIS_URL, prefix);
    try {
      const watch = await watcher.watch<string>("run_a", (m) => (m === "skip" ? IGNORED : m === "reload" ? null : m));
      const loads: string[] = [];
      const load = (): Promise<string> => { loads.push("load"); return Promise.resolve("stored"); };
      const answer = watch.until(5_000, load, (v) => v === "final", undefined, "initial");
      await publisher.publish(runChannel(prefix, "run_b"), "final");
      await publisher.publish(runChannel(prefix, "run_a"), "skip");
      await publisher.publish(runChannel(prefix, "run_a"), "reload");
      await sleep(100);
      expect(loads).toEqual(["load"]);
      await publisher.publish(runChannel(prefix, "run_a"), "final");
      expect(await answer).toBe("final");
      expect(watcher.waiting).toBe(1);
      await watch.stop();
      expect(watcher.waiting).toBe(0);
    } finally {
      await watcher.close();
    }
  });

  it("when the prefix holds glob characters, then only channels of that very prefix are heard", async () => {
    const prefix = `bst:w*[?]\\${tag}:`;
    const watcher = new RunWatcher(REDIS_URL, prefix);
    try {
      const heard: string[] = [];
      const watch = await watcher.watch<string>("run_x", (m) => { heard.push(m); return m; });
      // channels an unescaped pattern `bst:w*[?]\<tag>:run:*` would match, or that differ from the prefix
      await publisher.publish(`bst:wZZ?\\${tag}:run:run_x`, "other prefix");
      await publisher.publish(`bst:w*[?]${tag}:run:run_x`, "no backslash");
      await publisher.publish(runChannel(prefix, "run_x"), "own");
      await sleep(150);
      expect(heard).toEqual(["own"]);
      await watch.stop();
    } finally {
      await watcher.close();
    }
  });

  it("when the connection drops and comes back, then every wait reads its run again (a message sent meanwhile is not sent again)", async () => {
    const prefix = `bst:watch3:${tag}:`;
    let sub: Redis | null = null;
    const watcher = new RunWatcher(REDIS_URL, prefix, (url) => (sub = createRedis(url, "subscriber")));
    try {
      const watch = await watcher.watch<string>("run_c", (m) => m);
      let stored = "running";
      let loads = 0;
      const answer = watch.until(8_000, () => { loads++; return Promise.resolve(stored); }, (v) => v === "succeeded", undefined, "queued");
      if (!sub) throw new Error("no subscriber connection");
      const connection: Redis = sub;
      // the run finishes while the connection is cut: its message is lost
      const back = new Promise<void>((resolve) => connection.once("ready", () => resolve()));
      connection.disconnect(true);
      stored = "succeeded";
      await publisher.publish(runChannel(prefix, "run_c"), "lost");
      await back;
      const t0 = Date.now();
      expect(await answer).toBe("succeeded");
      expect(Date.now() - t0).toBeLessThan(3_000);
      expect(loads).toBe(1);
      await watch.stop();
    } finally {
      await watcher.close();
    }
  });

  it("when Redis accepts the connection but never answers, then listening fails as Redis unavailable within the timeout", async () => {
    const accepted: Socket[] = [];
    const silent = createServer((socket) => { accepted.push(socket); });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as AddressInfo).port;
    const watcher = new RunWatcher(`redis://127.0.0.1:${port}`, `bst:watch4:${tag}:`);
    try {
      const t0 = Date.now();
      await expect(watcher.watch("run_d")).rejects.toBeInstanceOf(RedisUnavailableError);
      expect(Date.now() - t0).toBeLessThan(5_000);
      expect(watcher.waiting).toBe(0);
    } finally {
      await watcher.close();
      for (const socket of accepted) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
      // ioredis keeps a timer of the closed connection for about 2 s more
      await sleep(2_100);
    }
  }, 10_000);
});
