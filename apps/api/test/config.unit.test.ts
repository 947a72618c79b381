// docs/configuration.md: a bad or missing required value stops the process naming it; an empty
// value counts as unset (as in .env files and `npm run up`).
import { ConfigError, loadConfig } from "../src/config";

const SECRET = "s".repeat(32);

describe("loadConfig", () => {
  it("when ADMIN_TOKEN or PORT is empty, then it is unset: the dashboard is off and the port is the default", () => {
    const config = loadConfig({ APP_SECRET: SECRET, ADMIN_TOKEN: "", PORT: "", LOG_LEVEL: " " });
    expect(config.adminToken).toBeUndefined();
    expect(config.port).toBe(8080);
    expect(config.logLevel).toBe("info");
  });

  it("when WORKER_CONCURRENCY is set to anything, then the API starts: only the worker reads it (a shared env file)", () => {
    const config = loadConfig({ APP_SECRET: SECRET, WORKER_CONCURRENCY: "many" });
    expect(config.port).toBe(8080);
    expect(Object.keys(config).some((k) => /concurrency/i.test(k))).toBe(false);
  });

  it.each([
    [{}, /APP_SECRET: is required/],
    [{ APP_SECRET: "" }, /APP_SECRET: is required/],
    [{ APP_SECRET: "short" }, /APP_SECRET: must be at least 32/],
    [{ APP_SECRET: SECRET, PORT: "abc" }, /PORT/],
    [{ APP_SECRET: SECRET, ADMIN_TOKEN: "short" }, /ADMIN_TOKEN/],
    [{ APP_SECRET: SECRET, DATABASE_URL: "not a url" }, /DATABASE_URL/],
  ])("when the environment is %j, then loading stops naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
