// The contexts a version's source names (apps/worker/src/runs/requests.ts staticRequests) are found
// once per version, chart and inputs: the version cache keeps one files array per version, and
// the answers are kept beside it, so a run of a script that mentions a request, a timeframe or an
// import no longer parses its files on the worker's main thread every time. Each kept answer must
// be what a fresh search gives.
import * as lang from "@barscript/lang";
import type { SourceFile } from "@barscript/lang";
import { staticRequests } from "../src/runs/requests";

jest.mock("@barscript/lang", () => {
  const actual = jest.requireActual<typeof import("@barscript/lang")>("@barscript/lang");
  return { ...actual, scriptRequests: jest.fn(actual.scriptRequests) };
});

const searches = lang.scriptRequests as jest.MockedFunction<typeof lang.scriptRequests>;

const SOURCE = `//@version=6
indicator("requests")
tf = input.timeframe("D", "tf")
plot(request.security(syminfo.tickerid, tf, close), "c")
plot(request.security("MSFT", "60", close), "m")
`;

function files(): SourceFile[] {
  return [{ path: "main.pine", content: SOURCE }];
}

const chart = { symbol: "SPY", timeframe: "1m" };

beforeEach(() => searches.mockClear());

describe("staticRequests kept per version", () => {
  it("when one version's files are asked twice with the same chart and inputs, then they are searched once and both answers are a fresh search's", () => {
    const version = files();
    const first = staticRequests(version, chart, { tf: "W" });
    const second = staticRequests(version, chart, { tf: "W" });
    expect(searches).toHaveBeenCalledTimes(1);
    const fresh = staticRequests(files(), chart, { tf: "W" });
    expect(searches).toHaveBeenCalledTimes(2);
    expect(first).toEqual(fresh);
    expect(second).toEqual(fresh);
    expect(fresh.contexts.length).toBeGreaterThan(0);
  });

  it("when the inputs or the chart differ, then each is searched and answered on its own", () => {
    const version = files();
    const daily = staticRequests(version, chart, {});
    const weekly = staticRequests(version, chart, { tf: "W" });
    const other = staticRequests(version, { symbol: "AAPL", timeframe: "1m" }, {});
    expect(searches).toHaveBeenCalledTimes(3);
    expect(daily).not.toEqual(weekly);
    expect(daily).not.toEqual(other);
    expect(daily).toEqual(staticRequests(files(), chart, {}));
    expect(weekly).toEqual(staticRequests(files(), chart, { tf: "W" }));
    expect(other).toEqual(staticRequests(files(), { symbol: "AAPL", timeframe: "1m" }, {}));
  });

  it("when a caller changes the list it was given, then the next answer is unchanged", () => {
    const version = files();
    const first = staticRequests(version, chart, {});
    const count = first.contexts.length;
    first.contexts.length = 0;
    expect(staticRequests(version, chart, {}).contexts).toHaveLength(count);
  });
});
