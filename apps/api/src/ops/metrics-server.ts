// /metrics on its own port (METRICS_PORT), so the public port never shows it and a
// NetworkPolicy can open it to Prometheus alone (infra/k8s/networkpolicy.yaml).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import type { Registry } from "prom-client";
import { metricsRouter } from "./metrics";

/** METRICS_PORT above 0 moves /metrics there; unset or 0 keeps it on PORT (a worker's 0 is "off"). */
export function separateMetricsPort(config: { metricsPort?: number | undefined }): boolean {
  return (config.metricsPort ?? 0) > 0;
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

export async function serveApiMetrics(registry: Registry, port: number): Promise<MetricsServer> {
  const app = express();
  app.disable("x-powered-by");
  app.use(metricsRouter(registry));
  app.use((_req, res) => { res.status(404).type("text/plain").send("not found\n"); });
  const server = createServer(app);
  // Scrapes are short: an idle keep-alive socket must not hold shutdown.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
