// stdlib/time.ts, the implementation of the calendar built-ins (pending in the checker until the
// back end compiles them). Expected values worked out by hand:
//   2024-01-01T00:00:00Z = 1704067200000 (a Monday);
//   2024-07-04T13:30:15Z = 1704067200000 + 185 days + 13:30:15 = 1720099815000 (a Thursday; EDT = UTC-4);
//   2024-03-10 is day 69 of 2024 -> 1710028800000; New York leaves EST (UTC-5) for EDT at 02:00.

import * as T from "../../src/stdlib/time";

const NEW_YEAR = 1_704_067_200_000;
const JULY4 = 1_720_099_815_000;
const NY = "America/New_York";

type FieldRow = [string, number, string, { y: number; mo: number; d: number; dow: number; h: number; mi: number; s: number; w: number }];

const fields: FieldRow[] = [
  ["new year, UTC", NEW_YEAR, "UTC", { y: 2024, mo: 1, d: 1, dow: 2, h: 0, mi: 0, s: 0, w: 1 }],
  ["new year, New York (still 2023, a Sunday, ISO week 52)", NEW_YEAR, NY, { y: 2023, mo: 12, d: 31, dow: 1, h: 19, mi: 0, s: 0, w: 52 }],
  ["new year, GMT+3", NEW_YEAR, "GMT+3", { y: 2024, mo: 1, d: 1, dow: 2, h: 3, mi: 0, s: 0, w: 1 }],
  ["new year, UTC-05:30", NEW_YEAR, "UTC-05:30", { y: 2023, mo: 12, d: 31, dow: 1, h: 18, mi: 30, s: 0, w: 52 }],
  ["July 4th, New York (EDT)", JULY4, NY, { y: 2024, mo: 7, d: 4, dow: 5, h: 9, mi: 30, s: 15, w: 27 }],
  ["July 4th, UTC", JULY4, "Etc/UTC", { y: 2024, mo: 7, d: 4, dow: 5, h: 13, mi: 30, s: 15, w: 27 }],
];

describe("calendar fields", () => {
  test.each(fields)("%s", (_name, ms, tz, e) => {
    expect([T.year(ms, tz), T.month(ms, tz), T.dayofmonth(ms, tz), T.dayofweek(ms, tz), T.hour(ms, tz), T.minute(ms, tz), T.second(ms, tz), T.weekofyear(ms, tz)]).toEqual([
      e.y, e.mo, e.d, e.dow, e.h, e.mi, e.s, e.w,
    ]);
  });
  test("na in, na out", () => {
    expect([T.year(NaN, "UTC"), T.hour(NaN, NY), T.weekofyear(NaN, NY)]).toEqual([NaN, NaN, NaN]);
  });
});

const stamps: Array<[string, () => number, number]> = [
  ["UTC midnight", () => T.timestamp("UTC", 2024, 1, 1), NEW_YEAR],
  ["GMT+3 03:00 is UTC midnight", () => T.timestamp("GMT+3", 2024, 1, 1, 3), NEW_YEAR],
  ["New York summer time", () => T.timestamp(NY, 2024, 7, 4, 9, 30, 15), JULY4],
  ["New York 01:59 before the DST change (EST)", () => T.timestamp(NY, 2024, 3, 10, 1, 59), 1_710_028_800_000 + 6 * 3_600_000 + 59 * 60_000],
  ["New York 03:00 after the DST change (EDT)", () => T.timestamp(NY, 2024, 3, 10, 3, 0), 1_710_028_800_000 + 7 * 3_600_000],
  ["fields overflow like Date.UTC (month 13 is January)", () => T.timestamp("UTC", 2023, 13, 1), NEW_YEAR],
  ["na field", () => T.timestamp("UTC", 2024, NaN, 1), NaN],
  ["ISO date, no zone: GMT+0", () => T.timestampOf("2024-02-20"), 1_708_387_200_000],
  ["ISO date and time with an offset", () => T.timestampOf("2024-02-20T09:30:00-05:00"), 1_708_387_200_000 + 14.5 * 3_600_000],
  ["ISO date and time, no zone: GMT+0", () => T.timestampOf("2024-02-20T09:30:00"), 1_708_387_200_000 + 9.5 * 3_600_000],
  ["RFC 2822 with GMT+5", () => T.timestampOf("20 Feb 2024 09:30:00 GMT+5"), 1_708_387_200_000 + 4.5 * 3_600_000],
  ["RFC 2822 without a zone: GMT+0", () => T.timestampOf("20 Feb 2024 09:30:00"), 1_708_387_200_000 + 9.5 * 3_600_000],
  ["not a date", () => T.timestampOf("someday"), NaN],
];

describe("timestamp", () => {
  test.each(stamps)("%s", (_name, f, expected) => {
    expect(f()).toBe(expected);
  });
});

const formats: Array<[string, number, string | null, string, string | null]> = [
  ["default format", JULY4, null, NY, "2024-07-04T09:30:15-0400"],
  ["date and time", JULY4, "yyyy-MM-dd HH:mm:ss", NY, "2024-07-04 09:30:15"],
  ["names and 12-hour clock", JULY4, "EEE, d MMM yy h:mm a", NY, "Thu, 4 Jul 24 9:30 AM"],
  ["long names", JULY4, "EEEE d MMMM yyyy", "UTC", "Thursday 4 July 2024"],
  ["quoted literals", JULY4, "dd.MM.yyyy 'at' HH'h'", NY, "04.07.2024 at 09h"],
  ["zone names", NEW_YEAR, "HH:mm z", "GMT+3", "03:00 GMT+03:00"],
  ["na time", NaN, "yyyy", "UTC", null],
];

describe("str.format_time", () => {
  test.each(formats)("%s", (_name, ms, fmt, tz, expected) => {
    expect(T.formatTime(ms, fmt, tz)).toBe(expected);
  });
});
