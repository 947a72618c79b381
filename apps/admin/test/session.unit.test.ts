// `instruments import --session`: a Pine session string in the exchange's time zone, or refused with the reason.
import { parseMeta } from "../src/commands/instruments";

describe("instruments import --session", () => {
  it.each([["0930-1600"], ["24x7"], ["0930-1600:23456"], ["1700-0900"], ["0930-1200,1300-1600"]])("when the session is %s, then it is kept", (session) => {
    expect(parseMeta({ symbol: "X", timeframe: "1d", file: "f", format: "csv", session }).session).toBe(session);
  });

  it.each([["9:30-16:00"], ["2400-0100"], ["0960-1000"], ["0930-1600:8"], ["regular"], [""]])("when the session is %j, then it is refused with the form expected", (session) => {
    expect(() => parseMeta({ symbol: "X", timeframe: "1d", file: "f", format: "csv", session })).toThrow(/--session must be a session such as 0930-1600/);
  });
});
