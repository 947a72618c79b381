// A TCP proxy the system tests control, in front of Postgres or Redis: it forwards (`pass`),
// refuses (`refuse`: new connections are reset at once and open ones cut), or goes silent
// (`silent`: connections are accepted and bytes taken, but nothing is forwarded or answered),
// so a test can put the service's dependencies in each outage state and take them out again.
import { createConnection, createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

export type ProxyMode = "pass" | "refuse" | "silent";

export interface TcpProxy {
  port: number;
  /** `host:port` of the proxy, for a connection URL. */
  url(scheme: string, path?: string): string;
  set(mode: ProxyMode): void;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket | null;
}

export async function startProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let mode: ProxyMode = "pass";
  const pairs = new Set<Pair>();

  const cut = (pair: Pair): void => {
    pair.client.destroy();
    pair.upstream?.destroy();
    pairs.delete(pair);
  };

  const server: Server = createServer((client) => {
    const pair: Pair = { client, upstream: null };
    pairs.add(pair);
    client.on("error", () => cut(pair));
    client.on("close", () => cut(pair));
    if (mode === "refuse") {
      client.resetAndDestroy();
      pairs.delete(pair);
      return;
    }
    if (mode === "silent") {
      // Accepted, read and dropped: the other side waits for an answer that never comes.
      client.on("data", () => undefined);
      return;
    }
    const upstream = createConnection({ host: targetHost, port: targetPort });
    pair.upstream = upstream;
    upstream.on("error", () => cut(pair));
    upstream.on("close", () => cut(pair));
    client.on("data", (chunk: Buffer) => { if (mode === "pass") upstream.write(chunk); });
    upstream.on("data", (chunk: Buffer) => { if (mode === "pass") client.write(chunk); });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    url: (scheme, path = "") => `${scheme}://127.0.0.1:${port}${path}`,
    set(next) {
      mode = next;
      // Refusing cuts every open connection; silent keeps them open but forwards nothing.
      if (next === "refuse") for (const pair of [...pairs]) cut(pair);
    },
    async close() {
      for (const pair of [...pairs]) cut(pair);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
