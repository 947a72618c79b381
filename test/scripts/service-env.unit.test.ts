// `npm run up` starts an API and a worker from one environment (scripts/up.mjs); both read
// METRICS_PORT (docs/configuration.md), so up must give it to one of them only.
import { serviceEnv } from "../../scripts/lib/service-command.cjs";

describe("npm run up: the services' environments", () => {
  const env = { PORT: "8081", METRICS_PORT: "9500", REDIS_PREFIX: "me:" };

  it("when METRICS_PORT is set, then the worker gets it and the API serves its metrics on PORT", () => {
    expect(serviceEnv("worker", env)).toEqual(env);
    expect(serviceEnv("api", env)).toEqual({ PORT: "8081", REDIS_PREFIX: "me:" });
    expect(env.METRICS_PORT).toBe("9500");
  });

  it("when METRICS_PORT is unset, then both get the same environment", () => {
    const plain = { PORT: "8081" };
    expect(serviceEnv("api", plain)).toEqual(plain);
    expect(serviceEnv("worker", plain)).toEqual(plain);
  });
});
