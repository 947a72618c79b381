// marketdata: reading a run's bars (500 before the window, then a 50,000-bar window of 1m bars)
// from the chunked columnar store, against a plain one-row-per-bar table holding the same bars,
// both in a scratch database this bench creates and drops, both on the same pg pool (the store
// reads through it with a binary COPY; the table with an ordinary prepared query, timestamps as
// epoch seconds, no Date parsing). Reads alternate between the two; median of RUNS reads each.
// Line: `marketdata read50k chunked_ms=<x> rows_ms=<y>` (target: chunked under 20 ms).
import { randomBytes } from "node:crypto";
import { Client, type Pool } from "pg";
import { createDb, migrate, MIGRATIONS_DIR, type Db } from "@barscript/db";
import { poolOf } from "@barscript/db";
import { allocBars, readBars, writeBars, type BarColumns } from "@barscript/marketdata";

const TOTAL = 120_000; // 1m bars stored: the window sits in the middle
const WINDOW = 50_000;
const BEFORE = 500;
const RUNS = 15;
const T0 = Date.UTC(2021, 0, 4) / 1000;

function synthetic(n: number): BarColumns {
  let seed = 42;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const b = allocBars(n);
  let p = 100;
  for (let i = 0; i < n; i++) {
    const o = p;
    p = Math.max(1, p * (1 + (rnd() - 0.5) * 0.002));
    b.time[i] = T0 + 60 * i;
    b.open[i] = o;
    b.close[i] = p;
    b.high[i] = Math.max(o, p) * (1 + rnd() * 0.001);
    b.low[i] = Math.min(o, p) * (1 - rnd() * 0.001);
    b.volume[i] = Math.round(1000 + rnd() * 1000);
  }
  return b;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

/** Median milliseconds of each read over RUNS rounds, the reads alternating within a round. */
async function timeInterleaved(reads: (() => Promise<number>)[], expected: number): Promise<number[]> {
  for (const read of reads) await read(); // warm up (connections, plans, JIT)
  const times = reads.map((): number[] => []);
  for (let r = 0; r < RUNS; r++) {
    for (const [k, read] of reads.entries()) {
      const start = performance.now();
      const n = await read();
      times[k]?.push(performance.now() - start);
      if (n !== expected) throw new Error(`read ${n} bars, expected ${expected}`);
    }
  }
  return times.map(median);
}

async function readRows(pool: Pool, from: number, to: number): Promise<BarColumns> {
  const result = await pool.query<number[]>({
    name: "bench_rows",
    rowMode: "array",
    text: `SELECT extract(epoch FROM time)::float8, open, high, low, close, volume FROM (
       (SELECT time, open, high, low, close, volume FROM bench_bars WHERE instrument_id = $1 AND timeframe = '1m' AND time < to_timestamp($2) ORDER BY time DESC LIMIT ${BEFORE})
       UNION ALL
       (SELECT time, open, high, low, close, volume FROM bench_bars WHERE instrument_id = $1 AND timeframe = '1m' AND time >= to_timestamp($2) AND time <= to_timestamp($3))
     ) w ORDER BY time`,
    values: ["ins_bench", from, to],
  });
  const rows = result.rows;
  const out = allocBars(rows.length);
  rows.forEach((r, i) => {
    out.time[i] = r[0] as number;
    out.open[i] = r[1] as number;
    out.high[i] = r[2] as number;
    out.low[i] = r[3] as number;
    out.close[i] = r[4] as number;
    out.volume[i] = r[5] as number;
  });
  return out;
}

export async function run(): Promise<string[]> {
  const base = new URL(process.env["DATABASE_URL"] ?? "postgresql://postgres@127.0.0.1:5432/barscript");
  const name = `bs_bench_md_${randomBytes(4).toString("hex")}`;
  const admin = new URL(base.toString());
  admin.pathname = "/postgres";
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  const pg = new Client({ connectionString: admin.toString() });
  await pg.connect();
  await pg.query(`CREATE DATABASE "${name}"`);
  let db: Db | undefined;
  try {
    await migrate(url.toString(), MIGRATIONS_DIR);
    db = createDb(url.toString(), { max: 2 });
    const bars = synthetic(TOTAL);
    await db.instrument.create({
      data: { id: "ins_bench", symbol: "BENCH", name: "Synthetic", exchange: "", assetClass: "crypto", currency: "USD", timezone: "UTC" },
    });
    await writeBars(db, { instrumentId: "ins_bench", timeframe: "1m" }, bars, "imported");
    await db.$executeRawUnsafe(`CREATE TABLE bench_bars (
      instrument_id TEXT NOT NULL, timeframe TEXT NOT NULL, time TIMESTAMPTZ(3) NOT NULL,
      open DOUBLE PRECISION NOT NULL, high DOUBLE PRECISION NOT NULL, low DOUBLE PRECISION NOT NULL,
      close DOUBLE PRECISION NOT NULL, volume DOUBLE PRECISION NOT NULL,
      PRIMARY KEY (instrument_id, timeframe, time))`);
    for (let i = 0; i < TOTAL; i += 20_000) {
      const j = Math.min(TOTAL, i + 20_000);
      const col = (c: Float64Array) => Array.from(c.subarray(i, j));
      await db.$executeRawUnsafe(
        `INSERT INTO bench_bars SELECT 'ins_bench', '1m', to_timestamp(t), o, h, l, c, v
           FROM unnest($1::float8[], $2::float8[], $3::float8[], $4::float8[], $5::float8[], $6::float8[]) AS u(t, o, h, l, c, v)`,
        col(bars.time), col(bars.open), col(bars.high), col(bars.low), col(bars.close), col(bars.volume),
      );
    }
    await db.$executeRawUnsafe("ANALYZE");

    const start = 40_000;
    const from = bars.time[start] as number;
    const to = bars.time[start + WINDOW - 1] as number;
    const store = db;
    const pool = poolOf(db);
    if (!pool) throw new Error("createDb made a client without a pool");
    const [chunked, rows] = await timeInterleaved([
      async () => {
        const r = await readBars(store, { instrumentId: "ins_bench", timeframe: "1m", before: BEFORE, from, to });
        if (r.windowStart !== BEFORE || r.bars.close[BEFORE] !== bars.close[start] || r.bars.time[0] !== bars.time[start - BEFORE]) throw new Error("chunked read returned the wrong bars");
        return r.bars.length;
      },
      async () => {
        const r = await readRows(pool, from, to);
        if (r.close[BEFORE] !== bars.close[start] || r.time[0] !== bars.time[start - BEFORE]) throw new Error("row read returned the wrong bars");
        return r.length;
      },
    ], WINDOW + BEFORE);
    return [`marketdata read50k chunked_ms=${(chunked as number).toFixed(1)} rows_ms=${(rows as number).toFixed(1)}`];
  } finally {
    await db?.$disconnect();
    await pg.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await pg.end();
  }
}
