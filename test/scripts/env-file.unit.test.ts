// The pure parts of `npm run up` (scripts/lib/env-file.cjs).
import {
  DEFAULTS, appendEntries, defaultEnvFile, replaceEntry, endpointOf, generateSecret, parseEnv, redactUrl, resolveEnv, unreachableMessage,
} from "../../scripts/lib/env-file.cjs";

describe("generateSecret", () => {
  it("when called, then it gives 48 base64url characters, fresh each time", () => {
    const a = generateSecret();
    expect(a).toMatch(/^[A-Za-z0-9_-]{48}$/);
    expect(generateSecret()).not.toBe(a);
  });
});

describe("defaultEnvFile", () => {
  it("when written, then it parses back to the defaults and the given APP_SECRET", () => {
    const secret = "s".repeat(48);
    const values = parseEnv(defaultEnvFile(secret, new Date("2026-11-22T00:00:00Z")));
    expect(values).toEqual({ ...DEFAULTS, APP_SECRET: secret });
    expect(values.DATABASE_URL).toBe("postgresql://postgres@127.0.0.1:5432/barscript");
    expect(values.REDIS_URL).toBe("redis://127.0.0.1:6379");
  });

  it("when no secret is given, then a fresh one of at least 32 characters is used", () => {
    expect(parseEnv(defaultEnvFile()).APP_SECRET).toMatch(/^[A-Za-z0-9_-]{48}$/);
  });
});

describe("parseEnv", () => {
  it("when lines carry comments, export, quotes and blanks, then values come out as dotenv reads them", () => {
    const text = [
      "# comment", "", "export A=1", "B = two # trailing", 'C="quoted # not a comment"', "D='single'",
      'E="line\\nbreak \\"q\\""', "F=", "not a line", "G=a=b",
    ].join("\r\n");
    expect(parseEnv(text)).toEqual({ A: "1", B: "two", C: "quoted # not a comment", D: "single", E: 'line\nbreak "q"', F: "", G: "a=b" });
  });
});

describe("appendEntries", () => {
  it("when keys are missing, then they are appended and existing lines are kept byte for byte", () => {
    const text = "# mine\nAPP_SECRET=keep\nPORT=9000";
    const next = appendEntries(text, { PORT: "1", DEMO_API_KEY: "bs_live_x", NOTE: "has space" });
    expect(next).toBe('# mine\nAPP_SECRET=keep\nPORT=9000\nDEMO_API_KEY=bs_live_x\nNOTE="has space"\n');
    expect(parseEnv(next)).toEqual({ APP_SECRET: "keep", PORT: "9000", DEMO_API_KEY: "bs_live_x", NOTE: "has space" });
  });

  it("when nothing is missing, then the text is returned unchanged", () => {
    expect(appendEntries("A=1", { A: "2" })).toBe("A=1");
  });
});

describe("replaceEntry", () => {
  it("when the key is present, then only its line changes (the last one, which parseEnv reads)", () => {
    const text = "# mine\nDEMO_API_KEY=bsk_old1\nPORT=9000\nexport DEMO_API_KEY=bsk_old2\n# end\n";
    const next = replaceEntry(text, "DEMO_API_KEY", "bsk_new");
    expect(next).toBe("# mine\nDEMO_API_KEY=bsk_old1\nPORT=9000\nDEMO_API_KEY=bsk_new\n# end\n");
    expect(parseEnv(next).DEMO_API_KEY).toBe("bsk_new");
  });

  it("when a line only starts with the key's name or is a comment, then it is left and the entry appended", () => {
    const text = "# DEMO_API_KEY=bsk_commented\nDEMO_API_KEY_OLD=bsk_x";
    expect(replaceEntry(text, "DEMO_API_KEY", "bsk_new")).toBe("# DEMO_API_KEY=bsk_commented\nDEMO_API_KEY_OLD=bsk_x\nDEMO_API_KEY=bsk_new\n");
  });

  it("when the file has CRLF line ends, then the replaced line keeps its CR", () => {
    expect(replaceEntry("A=1\r\nDEMO_API_KEY=old\r\n", "DEMO_API_KEY", "new")).toBe("A=1\r\nDEMO_API_KEY=new\r\n");
  });
});

describe("resolveEnv", () => {
  it("when a value is in the process, the file and the defaults, then the process wins, then the file", () => {
    const env = resolveEnv({ PORT: "9000", REDIS_URL: "redis://file:6379" }, { PORT: "7000", REDIS_URL: "", OTHER: undefined });
    expect(env.PORT).toBe("7000");
    expect(env.REDIS_URL).toBe("redis://file:6379");
    expect(env.DATABASE_URL).toBe(DEFAULTS.DATABASE_URL);
  });
});

describe("service messages", () => {
  it("when a URL has a password, then messages hide it", () => {
    expect(redactUrl("postgresql://u:secret@db:5433/x")).toBe("postgresql://u:***@db:5433/x");
  });

  it("when a URL has no port, then the protocol's default port is used", () => {
    expect(endpointOf("redis://cache", 6379)).toEqual({ host: "cache", port: 6379 });
    expect(endpointOf("postgresql://postgres@[::1]:6000/db", 5432)).toEqual({ host: "::1", port: 6000 });
  });

  it("when a service is unreachable, then the message names it, its URL and how to start it", () => {
    const message = unreachableMessage("Redis", "redis://127.0.0.1:6379", "ECONNREFUSED");
    expect(message).toContain("Redis is not reachable at redis://127.0.0.1:6379 (ECONNREFUSED)");
    expect(message).toContain("docker compose up -d postgres redis");
    expect(message).toContain("REDIS_URL");
  });
});
