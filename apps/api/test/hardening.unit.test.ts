// Issue 18, the API's pure pieces: outage classification by class and code (never by message),
// the client-input checks, output column names beside `t`, pages bounded by bytes, TRUST_PROXY.
import { DatabaseError } from "pg";
import { ApiError } from "@barscript/contracts";
import { DatabaseUnavailableError, Prisma, ScriptsError } from "@barscript/db";
import { RedisUnavailableError } from "@barscript/queue";
import { isOutage, toApiError } from "../src/http/errors";
import { findProblem, MAX_DEPTH, stringProblem } from "../src/http/input";
import { lookupName, nameEntries, nameRecord } from "../src/http/names";
import { rowsThatFit } from "../src/http/page-bytes";
import { columnNames } from "../src/runs/results";
import { checkInputs } from "../src/runs/inputs";
import { ConfigError, parseTrustProxy } from "../src/config";

function known(code: string, meta?: Record<string, unknown>): Prisma.PrismaClientKnownRequestError {
  return new Prisma.PrismaClientKnownRequestError("x", { code, clientVersion: "7", ...(meta ? { meta } : {}) });
}

function sqlState(code: string): DatabaseError {
  const error = new DatabaseError("terminating connection due to administrator command", 0, "error");
  error.code = code;
  error.severity = "FATAL";
  return error;
}

describe("outages are classified by type", () => {
  it("when Postgres or Redis is unreachable by any driver's class or code, then the answer is 503 busy with Retry-After", () => {
    const outages: unknown[] = [
      new DatabaseUnavailableError(new Error("Connection terminated unexpectedly")),
      new RedisUnavailableError(new Error("Command timed out")),
      known("P1001"),
      known("P1017"),
      known("P2024"),
      known("P2010", { driverAdapterError: { cause: { kind: "ConnectionClosed" } } }),
      known("P2010", { driverAdapterError: { cause: { kind: "postgres", originalCode: "57P01" } } }),
      sqlState("57P01"),
      sqlState("08006"),
      sqlState("53300"),
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:6379"), { code: "ECONNREFUSED", syscall: "connect" }),
      Object.assign(new Error("Reached the max retries per request limit"), { name: "MaxRetriesPerRequestError" }),
      new Error("wrapped", { cause: new DatabaseUnavailableError(new Error("x")) }),
    ];
    for (const error of outages) {
      const api = toApiError(error);
      expect({ error: String(error), status: api.status, code: api.code, retryAfter: api.retryAfter }).toEqual({ error: String(error), status: 503, code: "busy", retryAfter: 5 });
    }
  });

  it("when an error only mentions an outage in its message, or is a statement's own error, then it is not an outage", () => {
    for (const error of [new Error("ECONNREFUSED Connection is closed"), new Error("Can't reach database"), sqlState("23505"), known("P2002"), new TypeError("x")]) {
      expect(isOutage(error)).toBe(false);
      expect(toApiError(error).code).toBe("internal");
    }
  });

  it("when the domain refuses, then its reason is the code, with details and diagnostics kept", () => {
    const api = toApiError(new ScriptsError("version_conflict", "stale", { latestVersion: 3 }));
    expect([api.status, api.code, api.details]).toEqual([409, "version_conflict", { latest_version: 3 }]);
    const own = new ApiError("not_found", "x");
    expect(toApiError(own)).toBe(own);
    expect(toApiError(new URIError("URI malformed")).status).toBe(400);
  });
});

describe("client strings", () => {
  it("when a string holds NUL or a lone surrogate, then it is named; a surrogate pair is fine", () => {
    expect(stringProblem("a\u0000")).toMatch(/NUL/);
    expect(stringProblem("\ud800")).toMatch(/lone surrogate/);
    expect(stringProblem("x\udc00")).toMatch(/lone surrogate/);
    expect(stringProblem("\ud83d\ude00 ok")).toBeNull();
    expect(findProblem({ files: [{ path: "main.pine", content: "ok" }, { path: "b", content: "\u0000" }] })).toEqual({ field: "files.1.content", why: expect.stringMatching(/NUL/) });
    expect(findProblem({ ["k\u0000"]: 1 })?.why).toMatch(/name that contains a NUL/);
  });

  it("when JSON nests deeper than the bound, then it is refused without recursion", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findProblem(deep)?.why).toMatch(new RegExp(`more than ${MAX_DEPTH}`));
    let fine: unknown = "ok";
    for (let i = 0; i < MAX_DEPTH - 1; i++) fine = { a: fine };
    expect(findProblem(fine)).toBeNull();
  });
});

describe("user-chosen names", () => {
  it("when names are __proto__ or constructor, then they are own keys, kept in JSON and found only when given", () => {
    const record = nameRecord<number>([["__proto__", 1], ["constructor", 2]]);
    expect(JSON.parse(JSON.stringify(record))).toEqual(JSON.parse('{"__proto__":1,"constructor":2}'));
    expect(lookupName(record, "__proto__")).toBe(1);
    expect(lookupName({}, "constructor")).toBeUndefined();
    expect(lookupName({}, "toString")).toBeUndefined();
    expect(nameEntries(JSON.parse('{"__proto__":3}') as Record<string, number>)).toEqual([["__proto__", 3]]);
  });

  it("when an output is named t (or collides after renaming), then it takes the next free name", () => {
    expect(columnNames(["t", "t_2", "rsi"])).toEqual(["t_2", "t_2_2", "rsi"]);
    expect(columnNames(["sma", "rsi"])).toEqual(["sma", "rsi"]);
  });
});

describe("pages bounded by bytes", () => {
  it("when rows pass the byte bound, then the page stops before it, keeping at least one row", () => {
    const rows = Array.from({ length: 10 }, () => "x".repeat(98));
    // Each row is 100 bytes of JSON plus a separator.
    expect(rowsThatFit(rows, 505)).toBe(5);
    expect(rowsThatFit(rows, 10_000)).toBe(10);
    expect(rowsThatFit(["y".repeat(5_000)], 100)).toBe(1);
    expect(rowsThatFit([], 100)).toBe(0);
  });
});

describe("TRUST_PROXY", () => {
  it("when set to a boolean, hop count or address list, then Express gets it; anything else stops the start", () => {
    expect(parseTrustProxy("false")).toBe(false);
    expect(parseTrustProxy("true")).toBe(true);
    expect(parseTrustProxy("2")).toBe(2);
    expect(parseTrustProxy("loopback, 10.0.0.0/8")).toBe("loopback,10.0.0.0/8");
    expect(() => parseTrustProxy("everyone")).toThrow(ConfigError);
  });
});

describe("run inputs of input.timeframe", () => {
  const spec = { name: "lcTF", type: "timeframe" as const, default: "Auto", title: null, min: null, max: null, options: ["Auto", "1m", "1H", "5", "D"] };
  it("when the value is one of the script's own options, then it is taken as written even if it is no timeframe (docs/adr/0204)", () => {
    expect(checkInputs([spec], { lcTF: "1m" })).toEqual({ lcTF: "1m" });
    expect(checkInputs([spec], { lcTF: "1H" })).toEqual({ lcTF: "1H" });
    expect(checkInputs([spec], { lcTF: "5" })).toEqual({ lcTF: "5" });
  });
  it("when the value is neither a timeframe nor an option, then it is refused naming the input", () => {
    expect(() => checkInputs([spec], { lcTF: "2m" })).toThrow("Input `lcTF` must be a timeframe");
    expect(() => checkInputs([spec], { lcTF: "60" })).toThrow("Input `lcTF` must be one of");
    expect(() => checkInputs([{ ...spec, options: null }], { lcTF: "1m" })).toThrow("Input `lcTF` must be a timeframe");
  });
});
