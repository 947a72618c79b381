// str.format_time's text of a time (and str.format's `{0,date,...}`): the pattern letters of Java's
// SimpleDateFormat in US English, which TradingView's reference lists the most used of (y, M, d, a,
// h, H, m, s, S, Z) and whose default "yyyy-MM-dd'T'HH:mm:ssZ" it gives. The choices the reference
// leaves open (what `S` and an unknown letter write, zone names) are docs/adr/0231.

import { zone } from "./time-zones";

const DAY = 86_400_000;
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

const pad = (n: number, w: number): string => String(n).padStart(w, "0");

/** A pattern cut into literal text and letter runs, read once per pattern (scripts format with a few patterns on every bar). */
type Piece = string | { letter: string; count: number };
const piecesRead = new Map<string, Piece[]>();

function pieces(format: string): Piece[] {
  let read = piecesRead.get(format);
  if (read === undefined) {
    if (piecesRead.size >= 256) piecesRead.clear();
    piecesRead.set(format, (read = readPattern(format)));
  }
  return read;
}

/** Letters A-Z and a-z are fields; `'...'` is literal text and `''` a quote, inside or outside quotes. */
function readPattern(f: string): Piece[] {
  const out: Piece[] = [];
  let text = "";
  for (let i = 0; i < f.length; ) {
    const c = f[i]!;
    if (c === "'") {
      if (f[i + 1] === "'") {
        text += "'";
        i += 2;
        continue;
      }
      i++;
      while (i < f.length) {
        if (f[i] === "'" && f[i + 1] === "'") {
          text += "'";
          i += 2;
        } else if (f[i] === "'") {
          i++;
          break;
        } else text += f[i++];
      }
      continue;
    }
    if (!/[A-Za-z]/.test(c)) {
      text += c;
      i++;
      continue;
    }
    let n = 1;
    while (f[i + n] === c) n++;
    if (text !== "") out.push(text);
    text = "";
    out.push({ letter: c, count: n });
    i += n;
  }
  if (text !== "") out.push(text);
  return out;
}

/** The calendar fields of a wall-clock time (a Date read with its UTC getters) and its zone. */
interface Fields {
  d: Date;
  /** Milliseconds the zone adds to UTC. */
  off: number;
  tz: string;
  ms: number;
}

/** `str.format_time`: Java SimpleDateFormat letters in US English, literal text in single quotes. */
export function formatTime(ms: number, format: string | null, tz: string): string | null {
  if (ms !== ms) return null;
  const off = zone(tz).offset(ms);
  const f: Fields = { d: new Date(ms + off), off, tz, ms };
  let out = "";
  for (const p of pieces(format ?? "yyyy-MM-dd'T'HH:mm:ssZ")) out += typeof p === "string" ? p : (field(p.letter, p.count, f) ?? p.letter.repeat(p.count));
  return out;
}

/**
 * `str.format_time` itself: an na time (a NaN, or a history value before the first bar) counts as 0, the
 * UNIX epoch, as the user manual's Time page says the function "replaces na values with 0".
 */
export function formatTimeOrEpoch(time: number | null | undefined, format: string | null, tz: string): string {
  return formatTime(typeof time === "number" && time === time ? time : 0, format, tz) ?? "";
}

/** Day of the year, 1 on January 1. */
function dayOfYear(d: Date): number {
  return Math.floor((Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - Date.UTC(d.getUTCFullYear(), 0, 1)) / DAY) + 1;
}

/**
 * The US week (Sunday to Saturday; week 1 holds January 1, Java's US calendar) of the date, and
 * its year: the last days of December in the week of the next January 1 are week 1 of that year.
 */
function usWeek(d: Date): { week: number; year: number } {
  const y = d.getUTCFullYear();
  const day = Date.UTC(y, d.getUTCMonth(), d.getUTCDate());
  const nextJan1 = Date.UTC(y + 1, 0, 1);
  const nextDow = new Date(nextJan1).getUTCDay();
  if (nextDow > 0 && day >= nextJan1 - nextDow * DAY) return { week: 1, year: y + 1 };
  const jan1Dow = new Date(Date.UTC(y, 0, 1)).getUTCDay();
  return { week: Math.floor((dayOfYear(d) - 1 + jan1Dow) / 7) + 1, year: y };
}

/** A year as SimpleDateFormat writes it: two letters its last two digits, else padded to the count. */
function yearText(y: number, n: number): string {
  return n === 2 ? pad(y % 100, 2) : pad(y, n);
}

/** `+hhmm` (`sep` ":" gives `+hh:mm`) of an offset in milliseconds. */
function offsetText(off: number, sep: string): string {
  const m = Math.round(off / 60_000);
  return `${m < 0 ? "-" : "+"}${pad(Math.floor(Math.abs(m) / 60), 2)}${sep}${pad(Math.abs(m) % 60, 2)}`;
}

const zoneNames = new Map<string, Intl.DateTimeFormat | null>();

/**
 * The zone's name at the time (`z`: "EST", "EDT", "UTC"; `zzzz`: "Eastern Standard Time"), as
 * Java names US zones; a name Intl gives only as an offset, and a fixed offset, is `GMT+03:00`.
 */
function zoneName(f: Fields, long: boolean): string {
  const key = `${f.tz}\u0000${long ? "long" : "short"}`;
  let fmt = zoneNames.get(key);
  if (fmt === undefined) {
    try {
      fmt = new Intl.DateTimeFormat("en-US", { timeZone: f.tz, timeZoneName: long ? "long" : "short" });
    } catch {
      fmt = null; // a fixed offset ("GMT+3", "UTC-5") or an unknown zone
    }
    if (zoneNames.size >= 256) zoneNames.clear();
    zoneNames.set(key, fmt);
  }
  const gmt = f.off === 0 ? "UTC" : `GMT${offsetText(f.off, ":")}`;
  // a fixed offset of zero ("UTC+0", "GMT-00:00") is GMT, as the user manual's Time page shows it
  if (fmt === null) return f.off === 0 && /^(GMT|UTC)[+-]/i.test(f.tz.trim()) ? "GMT" : gmt;
  const name = fmt.formatToParts(new Date(f.ms)).find((p) => p.type === "timeZoneName")?.value ?? "";
  return name === "" || /^(GMT|UTC)[+-]/.test(name) ? gmt : name;
}

function field(c: string, n: number, f: Fields): string | null {
  const d = f.d;
  const h = d.getUTCHours();
  switch (c) {
    case "G":
      return d.getUTCFullYear() > 0 ? "AD" : "BC";
    case "y":
      return yearText(d.getUTCFullYear(), n);
    case "Y":
      return yearText(usWeek(d).year, n);
    case "M":
    case "L":
      return n >= 4 ? MONTHS[d.getUTCMonth()]! : n === 3 ? MONTHS[d.getUTCMonth()]!.slice(0, 3) : pad(d.getUTCMonth() + 1, n);
    case "w":
      return pad(usWeek(d).week, n);
    case "W": {
      const firstDow = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)).getUTCDay();
      return pad(Math.floor((d.getUTCDate() - 1 + firstDow) / 7) + 1, n);
    }
    case "D":
      return pad(dayOfYear(d), n);
    case "d":
      return pad(d.getUTCDate(), n);
    case "F":
      return pad(Math.floor((d.getUTCDate() - 1) / 7) + 1, n);
    case "E":
      return n >= 4 ? DAYS[d.getUTCDay()]! : DAYS[d.getUTCDay()]!.slice(0, 3);
    case "u":
      return pad(d.getUTCDay() === 0 ? 7 : d.getUTCDay(), n);
    case "a":
      return h < 12 ? "AM" : "PM";
    case "H":
      return pad(h, n);
    case "k":
      return pad(h === 0 ? 24 : h, n);
    case "K":
      return pad(h % 12, n);
    case "h":
      return pad(h % 12 === 0 ? 12 : h % 12, n);
    case "m":
      return pad(d.getUTCMinutes(), n);
    case "s":
      return pad(d.getUTCSeconds(), n);
    case "S":
      // "Fractions of a second" (the reference): the first n digits of the fraction, S tenths,
      // SS hundredths, SSS milliseconds, then zeros (docs/adr/0231)
      return pad(d.getUTCMilliseconds(), 3).padEnd(n, "0").slice(0, n);
    case "z":
      return zoneName(f, n >= 4);
    case "Z":
      return offsetText(f.off, "");
    case "X":
      if (f.off === 0) return "Z";
      return n === 1 ? offsetText(f.off, "").slice(0, 3) : offsetText(f.off, n === 2 ? "" : ":");
    default:
      return null;
  }
}
