// One reading of "RFC 3339" for every time a client sends, in a body (a run's, collect's or sweep's
// `from`/`to`) or a query (the events filters): RFC 3339 section 5.6's date-time, full-date "T"
// full-time, with `T` and `Z` in either case (its note allows lower case), any fraction of a second,
// and an offset `Z` or +hh:mm / -hh:mm. Fields must be real: year 0001-9999, month 01-12, a day the month has (29
// February only in leap years), hour 00-23, minute and second 00-59 (a leap second cannot be held by
// a timestamp). A space for `T`, a date alone or an offset without its colon is not RFC 3339
// (docs/adr/0187).
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysIn(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : (DAYS[month - 1] as number);
}

/** Date.UTC reads years 0-99 as 1900-1999; the date is set field by field instead. */
function utc(year: number, month: number, day: number, hour: number, minute: number, second: number, ms: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, ms);
  return d.getTime();
}

/** Milliseconds since the epoch of an RFC 3339 date-time, or null when `text` is not one. */
export function parseRfc3339(text: string): number | null {
  const m = DATE_TIME.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((k) => Number(m[k])) as [number, number, number, number, number, number];
  // Year 0000 names no day of the calendar the service and Postgres keep (1 BC is followed by AD 1):
  // it is refused as 30 February is, here for every field (it reached Postgres from the events
  // filters and answered 500, docs/adr/0317).
  if (year === 0 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  let offsetMinutes = 0;
  if (m[8] !== undefined) {
    const [oh, om] = [Number(m[9]), Number(m[10])];
    if (oh > 23 || om > 59) return null;
    offsetMinutes = (m[8] === "-" ? -1 : 1) * (oh * 60 + om);
  }
  const fraction = m[7] === undefined ? 0 : Math.floor(Number(`0${m[7]}`) * 1000);
  return utc(year, month, day, hour, minute, second, fraction) - offsetMinutes * 60_000;
}

export function isRfc3339(text: string): boolean {
  return parseRfc3339(text) !== null;
}

export const RFC3339_MESSAGE = "must be an RFC 3339 time, e.g. 2024-03-01T00:00:00Z";
