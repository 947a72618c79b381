// The sweep form's fields read as a POST /v1/sweeps body, and the field an API error is about.
// Expected values are worked by hand; the error messages are the API's own wording
// (apps/api/src/runs/inputs.ts, apps/api/src/sweeps/service.ts, packages/contracts/src/validate.ts).
import { combinationsOf, errorField, parseHorizons, parseSymbols, parseValues } from "../src/sweep-values";

describe("parseValues", () => {
  test.each([
    ["10, 14, 20", "int", [10, 14, 20]],
    ["10:30:5", "int", [10, 15, 20, 25, 30]],
    ["1:3", "int", [1, 2, 3]],
    ["0.1:0.5:0.1", "float", [0.1, 0.2, 0.3, 0.4, 0.5]],
    ["2, 5:6", "float", [2, 5, 6]],
    ["ten", "int", ["ten"]],
    ["true, false", "bool", [true, false]],
    ["close, hl2", "source", ["close", "hl2"]],
    ["", "int", []],
    [" , ", "string", []],
  ])("when %j is given for a %s input, then the values are %j", (text, type, values) => {
    expect(parseValues(text, type)).toEqual(values);
  });

  test("when a range is reversed, then it is sent as written for the API to refuse", () => {
    expect(parseValues("30:10", "int")).toEqual(["30:10"]);
  });
});

describe("the other fields", () => {
  test("when two lists of 3 and 2 values are the grid, then there are 6 combinations", () => {
    expect(combinationsOf({ level: [25, 30, 35], len: [7, 14] })).toBe(6);
    expect(combinationsOf({})).toBe(0);
  });
  test("when symbols are separated by commas and spaces, then each is upper-cased once", () => {
    expect(parseSymbols("aapl, msft  spy,")).toEqual(["AAPL", "MSFT", "SPY"]);
  });
  test("when a horizon is not a whole number, then it is sent as written", () => {
    expect(parseHorizons("5, 10 x")).toEqual([5, 10, "x"]);
  });
});

describe("errorField", () => {
  const inputs = ["level", "len"];
  test.each([
    [{ code: "invalid_request", message: "Input `level` must be at most 95." }, "input:level"],
    [{ code: "invalid_request", message: "Input `nope` is not an input of this script (inputs: level, len)." }, null],
    [{ code: "invalid_request", message: "Field `inputs.len`: must be a number, a string or a boolean." }, "input:len"],
    [{ code: "unknown_instrument", message: "No instrument has the symbol \"ZZZZ\"." }, "instruments"],
    [{ code: "invalid_request", message: "Instrument AAPL is listed twice." }, "instruments"],
    [{ code: "unsupported_timeframe", message: "Timeframe \"3m\" is not one of 1m, 5m." }, "timeframe"],
    [{ code: "out_of_coverage", message: "No bars." }, "window"],
    [{ code: "invalid_request", message: "Field `horizons.0`: Invalid input: expected number, received string." }, "horizons"],
    [{ code: "invalid_request", message: "Field `grid.len.1`: Invalid input." }, "input:len"],
    [{ code: "invalid_request", message: "Field `bars`: Too big: expected number to be <=50000." }, "window"],
    [{ code: "invalid_request", message: "The grid has 600 combinations (30 x 20); a sweep takes at most 500." }, "grid"],
    [{ code: "invalid_request", message: "Event \"x\" is not one of the definition's events (oversold)." }, "events"],
    [{ code: "busy", message: "The run queue is full." }, null],
  ])("when the API answers %j, then the error is shown at %j", (error, field) => {
    expect(errorField(error, inputs)).toBe(field);
  });
});
