// The image's allocator setting (docs/adr/0282-two-malloc-arenas.md): infra/Dockerfile's final
// stage sets MALLOC_ARENA_MAX=2 for every process it runs, nothing that runs the image sets it
// back, and the processes tests and benches start get the same value.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { imageAllocatorEnv } from "../support/processes";
import { renderHere } from "./kustomize";

const ROOT = join(__dirname, "../..");

describe("the image's malloc arenas", () => {
  it("when infra/Dockerfile is read, then its final stage sets MALLOC_ARENA_MAX=2 and the test processes get it", () => {
    expect(imageAllocatorEnv()).toEqual({ MALLOC_ARENA_MAX: "2" });
  });

  it("when a Dockerfile sets MALLOC_ variables, then only its last stage's count, across pairs and continued lines", () => {
    const dockerfile = [
      "FROM node:20 AS build",
      "ENV MALLOC_ARENA_MAX=8",
      "FROM node:20",
      "ENV NODE_ENV=production MALLOC_ARENA_MAX=2 \\",
      "    MALLOC_TOP_PAD_=0 PORT=8080",
      'CMD ["node", "dist/api.js"]',
    ].join("\n");
    expect(imageAllocatorEnv(dockerfile)).toEqual({ MALLOC_ARENA_MAX: "2", MALLOC_TOP_PAD_: "0" });
    expect(imageAllocatorEnv("FROM node:20\nENV PORT=8080\n")).toEqual({});
  });

  it("when the Kubernetes manifests and docker-compose.yml are read, then no container sets a MALLOC_ variable of its own", () => {
    const containers = renderHere(join(ROOT, "infra/k8s")).flatMap((o) => {
      const spec = (o as { spec?: { template?: { spec?: { containers?: unknown[]; initContainers?: unknown[] } } } }).spec?.template?.spec;
      return [...(spec?.initContainers ?? []), ...(spec?.containers ?? [])] as Array<{ env?: Array<{ name: string }> }>;
    });
    expect(containers.length).toBeGreaterThan(0);
    expect(containers.flatMap((c) => (c.env ?? []).map((e) => e.name)).filter((n) => n.startsWith("MALLOC_"))).toEqual([]);
    expect(readFileSync(join(ROOT, "docker-compose.yml"), "utf8")).not.toMatch(/MALLOC_/);
  });
});
