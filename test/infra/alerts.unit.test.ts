// The alerting rules fire when they should, with the annotations an on-call reads: promtool's
// rule unit tests (infra/prometheus/rules.test.yml) over series shaped as the shipped scrape
// configuration stores them. promtool comes from Debian's prometheus package (.ci/run installs it).
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const DIR = join(__dirname, "../../infra/prometheus");

function promtool(args: string[]): { status: number | null; output: string } {
  const run = spawnSync("promtool", args, { cwd: DIR, encoding: "utf8" });
  if (run.error) throw new Error(`promtool is needed (apt-get install prometheus): ${run.error.message}`);
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe("infra/prometheus/rules.yml under promtool", () => {
  it("when checked, then every rule parses", () => {
    const checked = promtool(["check", "rules", "rules.yml"]);
    expect({ status: checked.status, output: checked.output }).toEqual({ status: 0, output: expect.stringMatching(/SUCCESS: 7 rules found/) });
  });

  it("when its unit tests run, then API down, no workers, backlog, queue wait, internal failures and 5xx fire as expected", () => {
    const tested = promtool(["test", "rules", "rules.test.yml"]);
    expect({ status: tested.status, output: tested.output }).toEqual({ status: 0, output: expect.stringContaining("SUCCESS") });
  });
});
