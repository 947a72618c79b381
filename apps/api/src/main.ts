// The API process: `npm run api`. Prints `listening on <port>` once it accepts connections.
import { loadConfig } from "./config";
import { startApi } from "./compose";

async function main(): Promise<void> {
  const config = loadConfig();
  const api = await startApi(config);
  api.deps.logger.info({ port: api.port, metricsPort: api.metricsPort }, "api started");
  if (api.metricsPort !== undefined) process.stdout.write(`metrics on ${api.metricsPort}\n`);
  process.stdout.write(`listening on ${api.port}\n`);

  let closing = false;
  const shutdown = (signal: string): void => {
    if (closing) return;
    closing = true;
    api.deps.logger.info({ signal }, "api closing");
    // Connections held by long polls would keep close() waiting; give them 10 s.
    setTimeout(() => process.exit(0), 10_000).unref();
    api.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  process.stderr.write(`api: ${(error as Error).message}\n`);
  process.exit(1);
});
