// The array value itself: a reference to a list of values, created within the size cap. Its own
// module so that array.ts and array-stats.ts both build arrays without importing each other.

import { fail, MAX_ARRAY_SIZE } from "../runtime/errors";

export class PineArray<T = unknown> {
  constructor(public v: T[]) {}
  static of<T>(values: T[]): PineArray<T> {
    if (values.length > MAX_ARRAY_SIZE) fail(`array size ${values.length} exceeds the maximum of ${MAX_ARRAY_SIZE}`);
    return new PineArray<T>(values);
  }
}
