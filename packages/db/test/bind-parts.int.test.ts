// A prepared statement whose bytea parameter is bound as parts (packages/db/src/runs/bind-parts.ts):
// the Bind message's bytes as the protocol lays them out (worked by hand below), and against real
// Postgres the parameter arrives as the parts' bytes in order, beside text, text[] and NULL
// parameters, on a statement parsed once and run again on the same connections.
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { poolOf, statement } from "@barscript/db";
import { bindMessage, ByteaParts, queryWithParts } from "../src/runs/bind-parts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

test("the Bind message: unnamed portal, the statement's name, format codes, each parameter's length and bytes, text results", () => {
  // 1.5 as a little-endian double: 00 00 00 00 00 00 f8 3f
  const bytes = Buffer.concat(bindMessage("s1", ["ab", null, new ByteaParts([new Float64Array([1.5])])]));
  const want = Buffer.from([
    0x42, 0, 0, 0, 44, // 'B', length 44: 4 + 4 (names) + 8 (formats) + 2 + 6 + 4 + 12 (parameters) + 4 (results)
    0, 0x73, 0x31, 0, // portal "", statement "s1"
    0, 3, 0, 0, 0, 0, 0, 1, // 3 format codes: text, text, binary
    0, 3, // 3 parameters
    0, 0, 0, 2, 0x61, 0x62, // "ab"
    0xff, 0xff, 0xff, 0xff, // NULL
    0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0xf8, 0x3f, // 8 bytes: 1.5
    0, 1, 0, 0, // one result format: text
  ]);
  expect(bytes.length - 1).toBe(44);
  expect(bytes.equals(want)).toBe(true);
});

test("against Postgres, the parts arrive as one bytea in order, beside text, text[] and NULL parameters, run again on parsed statements", async () => {
  const pool = poolOf(env.db);
  if (!pool) throw new Error("no pool");
  const s = statement("p2_bind_parts", "SELECT encode($1::bytea, 'hex') AS hex, $2::text AS t, array_length($3::text[], 1) AS n, $4::text IS NULL AS isnull");
  const time = new Float64Array([1.5, 2, 3]);
  const out = new Float64Array([-1, 0.25, 4]);
  for (let i = 0; i < 6; i++) {
    const rows = await queryWithParts<{ hex: string; t: string; n: number; isnull: boolean }>(pool, s, [new ByteaParts([time.subarray(1), out.subarray(0, 2)]), "é ü", ["a", "b c"], null]);
    // 2, 3, -1, 0.25 as little-endian doubles
    expect(rows).toEqual([{ hex: "0000000000000040" + "0000000000000840" + "000000000000f0bf" + "000000000000d03f", t: "é ü", n: 2, isnull: true }]);
  }
});
