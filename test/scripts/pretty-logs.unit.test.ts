// `npm run up` output (scripts/lib/pretty-logs.cjs): pino-pretty on a terminal, JSON otherwise.
import { Writable } from "node:stream";
import pinoPretty from "pino-pretty";
import { prettyLogs } from "../../scripts/lib/pretty-logs.cjs";

const load = (): unknown => pinoPretty;

const LINE = JSON.stringify({ level: 30, time: Date.UTC(2026, 0, 2, 3, 4, 5), pid: 1, hostname: "h", service: "api", req_id: "r-1", method: "GET", route: "/v1/me", status: 200, msg: "request" });

async function through(factory: () => NodeJS.WritableStream, input: string): Promise<void> {
  const stream = factory();
  await new Promise<void>((resolve) => stream.end(input, resolve));
}

describe("prettyLogs", () => {
  it("when stdout is not a terminal or LOG_FORMAT is json, then the output is left as JSON", () => {
    expect(prettyLogs({ isTTY: undefined, env: {}, load })).toBeNull();
    expect(prettyLogs({ isTTY: false, env: {}, load })).toBeNull();
    expect(prettyLogs({ isTTY: true, env: { LOG_FORMAT: "json" }, load })).toBeNull();
  });

  it("when pino-pretty is not installed, then the output is left as JSON", () => {
    expect(prettyLogs({ isTTY: true, env: {}, load: () => { throw new Error("Cannot find module 'pino-pretty'"); } })).toBeNull();
  });

  it("when on a terminal, then a JSON line becomes level, message and fields, and other lines pass as they are", async () => {
    let out = "";
    const destination = new Writable({ write(chunk: Buffer, _encoding, done) { out += chunk.toString(); done(); } });
    const factory = prettyLogs({ isTTY: true, env: {}, load, destination });
    expect(factory).not.toBeNull();
    await through(factory as () => NodeJS.WritableStream, `${LINE}\nlistening on 8080\n`);
    expect(out).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: request\n/);
    expect(out).toContain('route: "/v1/me"');
    expect(out).toContain("status: 200");
    expect(out).not.toContain('"level":30');
    expect(out).not.toContain("hostname");
    expect(out).toContain("listening on 8080\n");
  });
});
