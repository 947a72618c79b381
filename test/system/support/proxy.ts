// A TCP proxy the system tests control, in front of Postgres or Redis:
// - `pass` forwards both ways;
// - `refuse` resets every open connection and each new one at once (a server refusing);
// - `down` cuts every connection and stops listening, so connecting fails ECONNREFUSED (a host
//   with nothing on the port: unreachable);
// - `silent` accepts and keeps connections but forwards nothing either way (a server that froze
//   or a network that drops packets); what was sent meanwhile is held and delivered when the
//   mode is `pass` again, as a frozen server that resumes would answer it late.
import { createConnection, createServer, type AddressInfo, type Server, type Socket } from "node:net";

export type ProxyMode = "pass" | "refuse" | "silent" | "down";

export interface TcpProxy {
  port: number;
  url(scheme: string, path?: string): string;
  set(mode: ProxyMode): void;
  /** Client connections the proxy still holds (a closed client's held bytes are dropped with it). */
  connections(): number;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket | null;
  toUpstream: Buffer[];
  toClient: Buffer[];
}

export async function startProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let mode: ProxyMode = "pass";
  const pairs = new Set<Pair>();

  const cut = (pair: Pair): void => {
    pairs.delete(pair);
    pair.client.destroy();
    pair.upstream?.destroy();
  };

  const flush = (pair: Pair): void => {
    if (!pair.upstream) connectUpstream(pair);
    for (const chunk of pair.toUpstream.splice(0)) pair.upstream?.write(chunk);
    for (const chunk of pair.toClient.splice(0)) pair.client.write(chunk);
  };

  const connectUpstream = (pair: Pair): void => {
    const upstream = createConnection({ host: targetHost, port: targetPort });
    pair.upstream = upstream;
    upstream.on("error", () => cut(pair));
    upstream.on("close", () => cut(pair));
    upstream.on("data", (chunk: Buffer) => {
      if (mode === "pass") pair.client.write(chunk);
      else pair.toClient.push(chunk);
    });
  };

  const server: Server = createServer((client) => {
    if (mode === "refuse") {
      client.on("error", () => undefined);
      client.resetAndDestroy();
      return;
    }
    const pair: Pair = { client, upstream: null, toUpstream: [], toClient: [] };
    pairs.add(pair);
    client.on("error", () => cut(pair));
    client.on("close", () => cut(pair));
    client.on("data", (chunk: Buffer) => {
      if (mode === "pass" && pair.upstream) pair.upstream.write(chunk);
      else pair.toUpstream.push(chunk);
    });
    if (mode === "pass") connectUpstream(pair);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  let listening = true;
  const listen = (on: boolean): void => {
    if (on === listening) return;
    listening = on;
    if (on) server.listen(port, "127.0.0.1");
    else server.close();
  };

  return {
    port,
    url: (scheme, path = "") => `${scheme}://127.0.0.1:${port}${path}`,
    set(next) {
      mode = next;
      listen(next !== "down");
      if (next === "refuse" || next === "down") for (const pair of [...pairs]) cut(pair);
      if (next === "pass") for (const pair of [...pairs]) flush(pair);
    },
    connections: () => pairs.size,
    async close() {
      for (const pair of [...pairs]) cut(pair);
      if (listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
