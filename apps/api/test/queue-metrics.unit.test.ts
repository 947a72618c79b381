// barscript_queue_jobs: read from every queue on each scrape, every state always present,
// and left empty (never stale) when Redis cannot answer.
import { Registry } from "prom-client";
import { createQueueMetrics, QUEUE_STATES, type CountedQueue } from "../src/ops/queue-metrics";

function queue(name: string, counts: () => Record<string, number>): CountedQueue & { asked: string[][]; closed: boolean } {
  const q = {
    name,
    asked: [] as string[][],
    closed: false,
    getJobCounts: async (...states: string[]) => {
      q.asked.push(states);
      return counts();
    },
    close: async () => { q.closed = true; },
  };
  return q;
}

const series = (text: string): string[] => text.split("\n").filter((l) => l.startsWith("barscript_queue_jobs{")).sort();

describe("createQueueMetrics", () => {
  it("when scraped, then every state of every queue is read then and exported", async () => {
    let waiting = 3;
    const runs = queue("runs", () => ({ waiting, active: 1, delayed: 2, failed: 0, completed: 7 }));
    const maintenance = queue("maintenance", () => ({ waiting: 0, active: 0, delayed: 2, failed: 0, completed: 0 }));
    const registry = new Registry();
    const errors: unknown[] = [];
    const metrics = createQueueMetrics({ registry, redisUrl: "redis://unused", redisPrefix: "x:", queues: [runs, maintenance], onError: (e) => errors.push(e) });
    expect(series(await registry.metrics())).toEqual([
      'barscript_queue_jobs{queue="maintenance",state="active"} 0',
      'barscript_queue_jobs{queue="maintenance",state="completed"} 0',
      'barscript_queue_jobs{queue="maintenance",state="delayed"} 2',
      'barscript_queue_jobs{queue="maintenance",state="failed"} 0',
      'barscript_queue_jobs{queue="maintenance",state="waiting"} 0',
      'barscript_queue_jobs{queue="runs",state="active"} 1',
      'barscript_queue_jobs{queue="runs",state="completed"} 7',
      'barscript_queue_jobs{queue="runs",state="delayed"} 2',
      'barscript_queue_jobs{queue="runs",state="failed"} 0',
      'barscript_queue_jobs{queue="runs",state="waiting"} 3',
    ]);
    expect(runs.asked).toEqual([[...QUEUE_STATES]]);
    waiting = 40;
    expect(series(await registry.metrics())).toContain('barscript_queue_jobs{queue="runs",state="waiting"} 40');
    expect(errors).toEqual([]);
    await metrics.close();
    expect(runs.closed && maintenance.closed).toBe(true);
  });

  it("when Redis fails during a scrape, then the scrape still answers, without stale counts, and the error is reported", async () => {
    let down = false;
    const runs = queue("runs", () => {
      if (down) throw new Error("Connection is closed.");
      return { waiting: 5, active: 0, delayed: 0, failed: 0, completed: 0 };
    });
    const registry = new Registry();
    const errors: unknown[] = [];
    createQueueMetrics({ registry, redisUrl: "redis://unused", redisPrefix: "x:", queues: [runs], onError: (e) => errors.push(e) });
    expect(series(await registry.metrics())).toHaveLength(5);
    down = true;
    const text = await registry.metrics();
    expect(text).toContain("# TYPE barscript_queue_jobs gauge");
    expect(series(text)).toEqual([]);
    expect(errors).toHaveLength(1);
  });
});
