// docker-compose.yml as docker-compose resolves it (`config`; the file parsed as it is when
// docker-compose is not installed): a fresh volume gives migrate, then seed, then api and
// worker, all running the built bundles.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";

const FILE = join(__dirname, "../../docker-compose.yml");

interface Service {
  command?: string[] | string;
  entrypoint?: string[] | string;
  depends_on?: Record<string, { condition: string }>;
  environment?: Record<string, string | null>;
  ports?: Array<string | { published?: string | number; target?: number }>;
  restart?: string;
}

function resolved(): { services: Record<string, Service> } {
  const run = spawnSync("docker-compose", ["-f", FILE, "config"], { encoding: "utf8", env: { ...process.env, APP_SECRET: "x".repeat(40) } });
  if (run.error === undefined && run.status === 0) return parse(run.stdout) as { services: Record<string, Service> };
  if (run.error === undefined) throw new Error(`docker-compose config failed: ${run.stderr}`);
  return parse(readFileSync(FILE, "utf8"), { merge: true }) as { services: Record<string, Service> };
}

const { services } = resolved();
const line = (s: Service): string => [s.entrypoint, s.command].flat().filter((x) => x !== undefined).join(" ");

describe("docker-compose.yml", () => {
  it("when resolved, then migrate runs after postgres, seed after migrate, and api and worker after seed", () => {
    expect(services["migrate"]?.depends_on).toMatchObject({ postgres: { condition: "service_healthy" } });
    expect(services["seed"]?.depends_on).toMatchObject({ migrate: { condition: "service_completed_successfully" } });
    for (const name of ["api", "worker"]) expect(services[name]?.depends_on).toMatchObject({ seed: { condition: "service_completed_successfully" } });
    expect([services["migrate"]?.restart, services["seed"]?.restart]).toEqual(["no", "no"]);
  });

  it("when resolved, then every app service runs a built bundle with node, never tsx", () => {
    expect(line(services["migrate"] as Service)).toBe("node dist/migrate.js");
    expect(line(services["seed"] as Service)).toMatch(/node dist\/admin\.js seed && node dist\/admin\.js demo$/);
    // The image's own entrypoint, so `docker compose run --rm seed node dist/admin.js key create ...` runs that command.
    expect(services["seed"]?.entrypoint).toBeUndefined();
    expect(line(services["api"] as Service)).toBe("node dist/api.js");
    expect(line(services["worker"] as Service)).toBe("node dist/worker.js");
    expect(readFileSync(FILE, "utf8")).not.toMatch(/tsx/);
  });

  it("when resolved, then the API serves metrics on 9464 inside the network and publishes only 8080", () => {
    const api = services["api"] as Service;
    expect(api.environment?.["METRICS_PORT"]).toBe("9464");
    const published = (api.ports ?? []).map((p) => (typeof p === "string" ? p.split(":").slice(-2)[0] : String(p.published)));
    expect(published).toEqual(["8080"]);
  });
});
