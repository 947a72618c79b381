// Drawings as data (label, line, box, table, linefill), chart.* and log.*: the runtime store and the records.

export * from "./label";
export * from "./line";
export * from "./box";
export * from "./table";
export * from "./log";
export * from "./chart";
export { DrawingStore, Drawing, clampCap, DEFAULT_CAP, MOST_COUNT, type DrawingCaps, type DrawingKind } from "./store";
export { MOST_FUTURE_BARS, FUTURE_MESSAGE } from "./reach";
export { drawingsOf, colorHex, isEmpty, type Drawings } from "./output";
export * from "./polyline";
export * from "./formatting";
