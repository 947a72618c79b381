// GET /v1/instruments and /v1/instruments/{symbol} over instruments imported through marketdata.
import request from "supertest";
import { account, importDailyInstruments, key, startAuthHarness, type AuthHarness } from "./auth-harness";

jest.setTimeout(120_000);
let h: AuthHarness;
let secret: string;

beforeAll(async () => {
  h = await startAuthHarness();
  secret = await key(h.db, (await account(h.db, "pro")).id, ["read"]);
  await importDailyInstruments(h.db, [["AAPL", "Apple Inc."], ["MSFT", "Microsoft Corporation"], ["IBM", "International Business Machines Corporation"], ["SPY", "SPDR S&P 500 ETF Trust"]], "time,open,high,low,close,volume\n2024-03-01,10,12,9,11,100\n2024-03-04,11,13,10,12,200\n");
});
afterAll(async () => h.close());

const get = (path: string) => request(h.app).get(path).set("Authorization", `Bearer ${secret}`);

describe("GET /v1/instruments/{symbol}", () => {
  it("answers the Instrument with coverage keyed by timeframe", async () => {
    const res = await get("/v1/instruments/AAPL");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      symbol: "AAPL", name: "Apple Inc.", exchange: "NASDAQ", asset_class: "equity", currency: "USD", timezone: "America/New_York", status: "ready",
      coverage: {
        "1d": { from: "2024-03-01T00:00:00Z", to: "2024-03-04T00:00:00Z", bars: 2 },
        "1w": { from: "2024-02-26T00:00:00Z", to: "2024-03-04T00:00:00Z", bars: 2 },
      },
    });
    expect((await get("/v1/instruments/aapl")).body.symbol).toBe("AAPL");
  });

  it("404 unknown_instrument", async () => {
    const res = await get("/v1/instruments/NOPE");
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("unknown_instrument");
  });
});

describe("GET /v1/instruments", () => {
  it("lists by symbol in signed pages and searches symbol and name", async () => {
    const first = await get("/v1/instruments?limit=3");
    expect(first.status).toBe(200);
    expect(first.body.data.map((i: { symbol: string }) => i.symbol)).toEqual(["AAPL", "IBM", "MSFT"]);
    const second = await get(`/v1/instruments?limit=3&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(second.body).toMatchObject({ next_cursor: null });
    expect(second.body.data.map((i: { symbol: string }) => i.symbol)).toEqual(["SPY"]);
    expect((await get("/v1/instruments?q=machines")).body.data.map((i: { symbol: string }) => i.symbol)).toEqual(["IBM"]);
    expect((await get("/v1/instruments?q=sp")).body.data.map((i: { symbol: string }) => i.symbol)).toEqual(["SPY"]);
    expect((await get("/v1/instruments?limit=0")).body.data).toHaveLength(4);
    const forged = await get(`/v1/instruments?cursor=${encodeURIComponent(`${first.body.next_cursor}x`)}`);
    expect(forged.status).toBe(400);
    expect(forged.body.error.code).toBe("invalid_request");
    const otherSearch = await get(`/v1/instruments?q=a&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(otherSearch.status).toBe(400);
  });
});
