// Several pods' `migrate` init containers start at once against a database that does not exist
// yet (docs/operations.md "Kubernetes": migrate creates it if absent). Each saw it absent and
// created it: all but one failed with `duplicate key value violates unique constraint
// "pg_database_datname_index"` and their pods restarted.
import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { ensureDatabase } from "@barscript/db";
import { ADMIN_URL } from "../support/databases";

const NAME = `bs_race_${randomBytes(4).toString("hex")}`;
const urlOf = (name: string): string => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

afterAll(async () => {
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${NAME}"`);
  await admin.end();
});

describe("migrate's database creation", () => {
  it("when eight migrate runs ensure one absent database at once, then every one succeeds and exactly one created it", async () => {
    const made = await Promise.allSettled(Array.from({ length: 8 }, () => ensureDatabase(urlOf(NAME))));
    const failures = made.flatMap((m) => (m.status === "rejected" ? [String((m.reason as Error).message)] : []));
    expect(failures).toEqual([]);
    expect(made.filter((m) => m.status === "fulfilled" && m.value).length).toBe(1);
  });
});
