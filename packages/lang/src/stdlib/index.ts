// The standard library's implementations, as the runtime object exposes them to compiled code.

export * as ta from "./ta";
export * as math from "./math";
export * as str from "./str";
export * as array from "./array";
export * as map from "./map";
export * as matrix from "./matrix";
export * as color from "./color";
export * as time from "./time";
export { Ring } from "./ring";
export * as request from "./request";
export * as session from "./session";
export * as barTimes from "./bar-times";
export * as syminfo from "./syminfo";
