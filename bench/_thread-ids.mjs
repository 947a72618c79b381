// Preloaded by bench/_runs-threads.ts (NODE_OPTIONS=--import): notes the Linux thread ids of each
// worker_threads thread (the sandbox threads of a worker process) as empty files
// `<pid>-<tid>` in $THREAD_IDS_DIR, so the CPU of those threads can be told apart from the main
// thread and V8's own threads (garbage collection, compile jobs) in /proc/<pid>/task.
// (A preload does not run inside worker threads, so the main thread notes the threads that appear
// when each one comes online.)
import { createRequire } from "node:module";
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const require = createRequire(import.meta.url);
const threads = require("node:worker_threads");
const dir = process.env.THREAD_IDS_DIR;

if (threads.isMainThread && dir) {
  const Base = threads.Worker;
  threads.Worker = class extends Base {
    constructor(...args) {
      const before = new Set(readdirSync("/proc/self/task"));
      super(...args);
      this.once("online", () => {
        for (const tid of readdirSync("/proc/self/task")) if (!before.has(tid)) writeFileSync(join(dir, `${process.pid}-${tid}`), "");
      });
    }
  };
}
