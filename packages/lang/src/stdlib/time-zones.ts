// Time zones: Unix milliseconds to a zone's wall clock. Zones are IANA names ("America/New_York")
// or fixed offsets in Pine's notation ("UTC", "GMT+3", "UTC-05:30", "+0530"). Offsets of IANA zones
// are read at the start of each week of time: where a zone's offset is the same at the start of a
// week and of the next, it holds for the whole week (no zone changes its offset twice within a
// week: the closest, Morocco's around Ramadan, are a month apart); in a week where it differs, the
// hour it changes at (DST changes on hour boundaries) is found once by bisection over the week's
// hours (about eight Intl calls), so any bars cost about one Intl call a week, whichever order
// their times are asked in (contexts of several timeframes alternate). Used by the calendar
// built-ins (time.ts) and sessions (session.ts).

const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;

/** Minutes east of UTC for a fixed-offset zone, or null for an IANA name. */
export function fixedOffset(tz: string): number | null {
  const s = tz.trim();
  if (s === "" || /^(utc|gmt|z|etc\/utc|etc\/gmt)$/i.test(s)) return 0;
  const m = /^(?:utc|gmt)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$/i.exec(s);
  if (!m) return null;
  const sign = m[1] === "-" ? -1 : 1;
  return sign * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

class Zone {
  private readonly fixed: number | null;
  private readonly fmt: Intl.DateTimeFormat | null;
  /** The week (Unix ms / WEEK) asked about last, its offset from its start, and from `lastChange` on (Infinity: the week has one offset). */
  private lastWeek = NaN;
  private lastBefore = 0;
  private lastAfter = 0;
  private lastChange = Infinity;
  /** The offset at the start of each week asked about: a few thousand a zone. */
  private readonly weeks = new Map<number, number>();
  /** Per week whose offset changes, the start of the hour it changes at (Unix ms). */
  private readonly changes = new Map<number, number>();

  constructor(tz: string) {
    this.fixed = fixedOffset(tz);
    if (this.fixed !== null) {
      this.fmt = null;
      return;
    }
    let fmt: Intl.DateTimeFormat | null;
    try {
      fmt = new Intl.DateTimeFormat("en-US", { timeZone: tz, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" });
    } catch {
      fmt = null; // an unknown zone: UTC (Pine refuses it at compile time; a run keeps going)
    }
    this.fmt = fmt;
  }

  /** Milliseconds to add to a UTC time to get the zone's wall clock. */
  offset(ms: number): number {
    if (this.fixed !== null) return this.fixed * 60_000;
    if (this.fmt === null) return 0;
    const w = Math.floor(ms / WEEK);
    if (w !== this.lastWeek) this.enterWeek(w);
    return ms < this.lastChange ? this.lastBefore : this.lastAfter;
  }
  private enterWeek(w: number): void {
    const a = this.weekOffset(w);
    const b = this.weekOffset(w + 1);
    this.lastWeek = w;
    this.lastBefore = a;
    this.lastAfter = b;
    this.lastChange = a === b ? Infinity : this.changeOf(w, a);
  }
  /** The start of the first hour of week `w` whose offset is no longer `a` (its start's). */
  private changeOf(w: number, a: number): number {
    let at = this.changes.get(w);
    if (at === undefined) {
      // hours lo (offset a) .. hi (offset changed): the week's first and the next week's first
      let lo = (w * WEEK) / HOUR;
      let hi = ((w + 1) * WEEK) / HOUR;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (this.read(mid * HOUR) === a) lo = mid;
        else hi = mid;
      }
      if (this.changes.size > 65_536) this.changes.clear();
      this.changes.set(w, (at = hi * HOUR));
    }
    return at;
  }
  private weekOffset(w: number): number {
    let off = this.weeks.get(w);
    if (off === undefined) {
      if (this.weeks.size > 65_536) this.weeks.clear();
      this.weeks.set(w, (off = this.read(w * WEEK)));
    }
    return off;
  }
  /** The offset at `ms` (an hour's start) from Intl. */
  private read(ms: number): number {
    const p: Record<string, number> = {};
    for (const part of this.fmt!.formatToParts(new Date(ms))) if (part.type !== "literal") p[part.type] = Number(part.value);
    return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - ms;
  }
}

const zones = new Map<string, Zone>();

/** The zone named `tz`; an na zone (null) is UTC, as a zone the runtime does not know is. */
export function zone(tz: string | null): Zone {
  const name = tz ?? "UTC";
  let z = zones.get(name);
  if (!z) {
    z = new Zone(name);
    if (zones.size > 256) zones.clear();
    zones.set(name, z);
  }
  return z;
}

/** The wall-clock time of `ms` in `tz`, as a Date read with its UTC getters. */
export function wall(ms: number, tz: string): Date {
  return new Date(ms + zone(tz).offset(ms));
}

/** Unix milliseconds shifted to `tz`'s wall clock (read with UTC arithmetic). */
export function local(ms: number, tz: string): number {
  return ms + zone(tz).offset(ms);
}

