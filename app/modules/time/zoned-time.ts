/**
 * Wall-clock times in a named IANA zone ↔ instants, with nothing but Intl (no library):
 * pick-up and drop-off are typed as `datetime-local` values in the pick-up location's
 * zone (docs/domain.md#days) and stored as timestamptz.
 */

/** A `datetime-local` value at minute precision: "2026-03-10T10:00". */
export type LocalDateTime = string;

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d{1,3})?)?$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, f);
  }
  return f;
}

type Fields = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function wallClock(instant: Date, zone: string): Fields {
  const out: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(instant)) {
    if (part.type !== "literal") out[part.type] = Number(part.value);
  }
  return out as Fields;
}

/** The offset of `zone` at `time`, from Intl (slow: a search converts several times per request). */
function lookUpOffset(time: number, zone: string): number {
  const w = wallClock(new Date(time), zone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(time / 1000) * 1000;
}

const QUARTER_HOUR_MS = 900_000;
const DAY_MS = 86_400_000;
/** Offsets at UTC midnights and quarter-hour instants already looked up, by zone and instant. */
const knownOffsets = new Map<string, number>();

function offsetAt(time: number, zone: string): number {
  const key = `${zone}@${time}`;
  let offset = knownOffsets.get(key);
  if (offset === undefined) {
    if (knownOffsets.size > 50_000) knownOffsets.clear();
    knownOffsets.set(key, (offset = lookUpOffset(time, zone)));
  }
  return offset;
}

/** The start of the span of `size` milliseconds that holds `time`. */
const spanStart = (time: number, size: number) => time - (((time % size) + size) % size);

/**
 * How far the zone's wall clock is ahead of UTC at `instant`, in milliseconds. A zone's clocks
 * change at most once in a day, so when both ends of the instant's UTC day have the same offset
 * it holds all day, and the two ends, shared by every time of that day, are looked up once. On
 * the day of a change the same goes for its quarter hours (a change falls at most once in one);
 * in the quarter hour of the change the instant itself is looked up. UTC needs no lookup.
 */
export function zoneOffsetMs(instant: Date, zone: string): number {
  if (zone === "UTC") return 0;
  const time = instant.getTime();
  const day = spanStart(time, DAY_MS);
  const midnight = offsetAt(day, zone);
  if (offsetAt(day + DAY_MS, zone) === midnight) return midnight;
  const start = spanStart(time, QUARTER_HOUR_MS);
  const before = offsetAt(start, zone);
  if (start === time) return before;
  return offsetAt(start + QUARTER_HOUR_MS, zone) === before ? before : lookUpOffset(time, zone);
}

/** Parses a `datetime-local` value; null when malformed or not a real calendar time. */
function parseLocal(value: string): Omit<Fields, "second"> | null {
  const m = LOCAL_PATTERN.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1, 6).map(Number);
  if (year < 1970 || month < 1 || month > 12 || hour > 23 || minute > 59) return null;
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCDate() !== day || probe.getUTCMonth() !== month - 1) return null;
  return { year, month, day, hour, minute };
}

/** The canonical "YYYY-MM-DDTHH:mm" form of a valid value (seconds dropped), or null. */
export function normalizeLocal(value: string): LocalDateTime | null {
  const p = parseLocal(value);
  return p ? formatFields(p) : null;
}

/**
 * The instant a wall-clock time names in `zone`. In a DST gap (a time that never
 * happens) it moves forward by the gap, as clocks do; in an overlap it takes one of the
 * two instants. Null for malformed input.
 */
export function localToInstant(value: string, zone: string): Date | null {
  const p = parseLocal(value);
  if (!p) return null;
  const guess = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  const before = zoneOffsetMs(new Date(guess), zone);
  let instant = guess - before;
  const after = zoneOffsetMs(new Date(instant), zone);
  if (after !== before) {
    instant = guess - after;
    // Still inconsistent: the time falls in a gap; use the offset from before the change.
    if (zoneOffsetMs(new Date(instant), zone) !== after) instant = guess - Math.min(before, after);
  }
  return new Date(instant);
}

function pad(n: number, width = 2) {
  return String(n).padStart(width, "0");
}

function formatFields(f: Omit<Fields, "second">): LocalDateTime {
  return `${pad(f.year, 4)}-${pad(f.month)}-${pad(f.day)}T${pad(f.hour)}:${pad(f.minute)}`;
}

/**
 * The `datetime-local` value showing `instant` on the wall clock of `zone`: the instant moved by
 * the zone's offset, read as UTC. The offset comes from `zoneOffsetMs`'s looked-up days, so this
 * costs no Intl call once a day is known (a search dates every day of every card's rental).
 */
export function instantToLocal(instant: Date, zone: string): LocalDateTime {
  return formatUtc(new Date(instant.getTime() + zoneOffsetMs(instant, zone)));
}

/** A date's UTC fields as a `datetime-local` value. */
function formatUtc(d: Date): LocalDateTime {
  return formatFields({
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
  });
}

/** An instant as the wall clock of `zone` reads it, for people and CSV cells: `YYYY-MM-DD HH:MM`. */
export function wallClockLabel(instant: Date, zone: string): string {
  return instantToLocal(instant, zone).replace("T", " ");
}

/** Adds whole calendar days to a wall-clock value (same time of day). */
export function addLocalDays(value: LocalDateTime, days: number): LocalDateTime {
  const p = parseLocal(value);
  if (!p) throw new RangeError(`Not a local date-time: ${value}`);
  return formatUtc(new Date(Date.UTC(p.year, p.month - 1, p.day + days, p.hour, p.minute)));
}
