// Functions of TradingView's own `ta` library (TradingView/ta) that scripts call through its
// import (`import TradingView/ta/12 as ta`, then `ta.cagr(...)`), each written from the definition
// the library publishes in its documentation comments (docs/adr/0116-tradingview-ta-functions.md),
// one module per kind: functions of their arguments and running extremes (plain), moving averages
// (averages), the library's own series-length smoothing (smoothing), oscillators (oscillators),
// functions of several values (tuples), trend stops and detectors (trend), relative volume (volume), the intrabar
// volume requests (intrabar) and the functions TradingView's own built-in indicators call (indicators).

export * from "./plain";
export * from "./averages";
export * from "./smoothing";
export * from "./oscillators";
export * from "./tuples";
export * from "./trend";
export * from "./volume";
export * from "./intrabar";
export * from "./indicators";
