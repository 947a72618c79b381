// The worker's reconciler period (docs/configuration.md, RECONCILE_EVERY_SECONDS): a minute unless
// set, and refused outside 1-3600 seconds as every other variable of the worker is.
import { loadWorkerConfig } from "../src/config";

describe("RECONCILE_EVERY_SECONDS", () => {
  it("when unset or empty, then the reconciler runs every minute", () => {
    expect(loadWorkerConfig({}).reconcileEveryMs).toBe(60_000);
    expect(loadWorkerConfig({ RECONCILE_EVERY_SECONDS: "" }).reconcileEveryMs).toBe(60_000);
  });

  it("when set, then the reconciler runs that often", () => {
    expect(loadWorkerConfig({ RECONCILE_EVERY_SECONDS: "2" }).reconcileEveryMs).toBe(2_000);
    expect(loadWorkerConfig({ RECONCILE_EVERY_SECONDS: "3600" }).reconcileEveryMs).toBe(3_600_000);
  });

  it.each(["0", "3601", "1.5", "often"])("when it is %s, then the worker refuses to start and names it", (value) => {
    expect(() => loadWorkerConfig({ RECONCILE_EVERY_SECONDS: value })).toThrow(/RECONCILE_EVERY_SECONDS/);
  });
});
