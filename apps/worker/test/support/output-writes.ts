// Shared set-up of the output-write tests (succeed-inserts, succeed-parallel): a run row in a given
// state, columns made by a plain loop (na at every 13th point), and the units counted so far.
import { newRunId } from "@barscript/db";
import type { TestEnv } from "../../../../test/support/env";

/** A run of `accountId` in `status`, ready for a final write. */
export async function runIn(env: TestEnv, accountId: string, status: "running" | "cancelled"): Promise<string> {
  const id = newRunId();
  await env.db.run.create({
    data: { id, accountId, kind: "indicator", scriptId: null, scriptOwnerId: accountId, scriptSlug: "s", scriptVersion: 1, instrument: "SYN", timeframe: "1m", windowBars: 1, inputs: {}, status, startedAt: new Date() },
  });
  return id;
}

export interface Columns {
  names: string[];
  time: Float64Array;
  values: Float64Array[];
}

/** `points` points of `outputs` columns named `name(k)`: time 1000 + 60 i, output k = k * 1e6 + i / 7, every 13th point na. */
export function columnsOf(points: number, outputs: number, name: (k: number) => string): Columns {
  const time = new Float64Array(points);
  const values = Array.from({ length: outputs }, () => new Float64Array(points));
  for (let i = 0; i < points; i++) {
    time[i] = 1000 + 60 * i;
    for (let k = 0; k < outputs; k++) (values[k] as Float64Array)[i] = i % 13 === 0 ? NaN : k * 1e6 + i / 7;
  }
  return { names: Array.from({ length: outputs }, (_, k) => name(k)), time, values };
}

/** The compute units counted for `accountId` so far. */
export async function unitsOf(env: TestEnv, accountId: string): Promise<number> {
  const rows = await env.db.usageCounter.findMany({ where: { accountId } });
  return rows.reduce((sum, r) => sum + Number(r.computeUnits), 0);
}
