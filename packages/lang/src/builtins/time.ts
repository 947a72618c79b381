// Calendar and time built-ins (Pine's `year`, `hour`, `timestamp()`, `dayofweek.*`, ...). Times are
// Unix milliseconds; calendar values are read in the exchange's time zone (`syminfo.timezone`) on
// intraday timeframes and in UTC on daily and longer ones (their bars are dated at midnight UTC),
// unless a `timezone` argument ("UTC", "GMT+3", "America/New_York") says otherwise. Their
// implementations are in stdlib/time.ts.

import type { TableBuilder } from "./signature";

const CALENDAR: Array<[string, string]> = [
  ["year", "The year"],
  ["month", "The month (1-12)"],
  ["weekofyear", "The week of the year (ISO 8601: weeks start on Monday, week 1 holds the year's first Thursday)"],
  ["dayofmonth", "The day of the month (1-31)"],
  ["dayofweek", "The day of the week (1 = Sunday ... 7 = Saturday, as `dayofweek.*`)"],
  ["hour", "The hour (0-23)"],
  ["minute", "The minute (0-59)"],
  ["second", "The second (0-59)"],
];

export function addTime(t: TableBuilder): void {
  for (const [name, what] of CALENDAR) {
    t.variable(name, "series int", `${what} of the bar's open time, in the exchange's time zone (UTC on daily and longer timeframes).`);
    t.fn(`${name}(time: series int, timezone: series string = syminfo.timezone): series int`, `${what} of \`time\`, in \`timezone\` (by default the exchange's; UTC on daily and longer timeframes).`);
  }
  const days = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
  days.forEach((d, i) => t.variable(`dayofweek.${d}`, "const int", `${d[0]!.toUpperCase()}${d.slice(1)}, as \`dayofweek\` gives it (${i + 1}).`, i + 1));
  t.variable("time_close", "series int", "The bar's close time: its open time plus one bar of the timeframe, in Unix milliseconds.");
  t.variable("timenow", "series int", "The current time, in Unix milliseconds (fixed for the whole run).");
  t.fn("timestamp(dateString: const string): const int", "The Unix milliseconds of an ISO 8601 or RFC 2822 date (`\"2024-02-20\"`, `\"20 Feb 2024 09:30 +0000\"`); GMT+0 when it names no time zone.");
  t.fn("timestamp(year: series int, month: series int, day: series int, hour: series int = 0, minute: series int = 0, second: series int = 0): int", "The Unix milliseconds of a date and time in the exchange's time zone (UTC on daily and longer timeframes, whose bars are dated at midnight UTC).");
  t.fn("timestamp(timezone: series string, year: series int, month: series int, day: series int, hour: series int = 0, minute: series int = 0, second: series int = 0): int", "The Unix milliseconds of a date and time in `timezone`.");
  t.fn("timeframe.change(timeframe: series string): series bool", "True on the first bar of a new period of `timeframe` (`\"60\"`, `\"1D\"`, `\"1W\"`, `\"1M\"`, ...), by the bar's open time; periods are aligned in UTC (days at 00:00, weeks on Monday, calendar months). False on the first bar.");
  t.fn("timeframe.in_seconds(timeframe: simple string = timeframe.period): simple int", "The number of seconds in one bar of `timeframe` (a month counts 30.4167 days: 2628003); na for an invalid timeframe.");
  t.fn(
    "str.format_time(time: series int, format: series string = \"yyyy-MM-dd'T'HH:mm:ssZ\", timezone: series string = syminfo.timezone): series string",
    "`time` as text: `yyyy` `yy` `MMMM` `MMM` `MM` `M` `dd` `d` `EEEE` `EEE` `HH` `H` `hh` `h` `mm` `m` `ss` `s` `SSS` `a` `Z` `z`, literal text in single quotes.",
  );
}
