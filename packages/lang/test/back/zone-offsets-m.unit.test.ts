// Zone offsets around daylight-saving changes (stdlib/time-zones.ts), asked in the order a chart
// and several requested contexts ask them: times of different weeks and of both sides of a change
// taking turns. Changes worked out by hand from the zones' rules:
//   New York: EST (UTC-5) to EDT (UTC-4) on the second Sunday of March at 02:00 local = 07:00 UTC
//     (2024-03-10T07:00Z = 1710054000000), back on the first Sunday of November at 02:00 EDT =
//     06:00 UTC (2024-11-03T06:00Z = 1730613600000);
//   London: GMT to BST (UTC+1) on the last Sunday of March at 01:00 UTC (2024-03-31T01:00Z = 1711846800000);
//   Sydney: AEDT (UTC+11) to AEST (UTC+10) on the first Sunday of April at 03:00 AEDT = 16:00 UTC
//     the day before (2024-04-06T16:00Z = 1712419200000).

import { local } from "../../src/stdlib/time-zones";

const H = 3_600_000;
const M = 60_000;
const NY_SPRING = 1_710_054_000_000;
const NY_FALL = 1_730_613_600_000;
const LONDON_SPRING = 1_711_846_800_000;
const SYDNEY_APRIL = 1_712_419_200_000;

/** [zone, Unix ms, expected offset in hours] */
const asked: Array<[string, number, number]> = [
  ["America/New_York", NY_SPRING - M, -5],
  ["America/New_York", NY_SPRING + 3 * 24 * H, -4],
  ["America/New_York", NY_SPRING - 2 * 24 * H, -5],
  ["America/New_York", NY_SPRING, -4],
  ["America/New_York", NY_SPRING - H, -5],
  ["America/New_York", NY_FALL + 30 * M, -5],
  ["America/New_York", NY_SPRING + 59 * M, -4],
  ["America/New_York", NY_FALL - 1, -4],
  ["America/New_York", NY_FALL - 5 * 24 * H, -4],
  ["America/New_York", NY_FALL + 6 * 24 * H, -5],
  ["Europe/London", LONDON_SPRING - 1, 0],
  ["America/New_York", NY_SPRING - 30 * M, -5],
  ["Europe/London", LONDON_SPRING, 1],
  ["Europe/London", LONDON_SPRING - 6 * 24 * H, 0],
  ["Australia/Sydney", SYDNEY_APRIL - M, 11],
  ["Australia/Sydney", SYDNEY_APRIL + M, 10],
  ["Australia/Sydney", SYDNEY_APRIL - 3 * 24 * H, 11],
  ["Australia/Sydney", SYDNEY_APRIL + 2 * H, 10],
];

describe("zone offsets around daylight-saving changes, asked out of order", () => {
  test("each time gets its side of the change, whatever was asked before", () => {
    const got = asked.map(([tz, ms]) => (local(ms, tz) - ms) / H);
    expect(got).toEqual(asked.map(([, , h]) => h));
  });

  test("every minute of a change's week, asked backwards", () => {
    const start = NY_SPRING - 3 * 24 * H;
    const wrong: number[] = [];
    for (let ms = start + 7 * 24 * H - M; ms >= start; ms -= 7 * M) {
      const expected = ms < NY_SPRING ? -5 * H : -4 * H;
      if (local(ms, "America/New_York") - ms !== expected) wrong.push(ms);
    }
    expect(wrong).toEqual([]);
  });
});
