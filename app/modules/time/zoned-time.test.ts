import { describe, expect, it } from "vitest";
import {
  addLocalDays,
  instantToLocal,
  localToInstant,
  normalizeLocal,
  wallClockLabel,
  zoneOffsetMs,
} from "./zoned-time";

const CARACAS = "America/Caracas";
const PARIS = "Europe/Paris";

describe("localToInstant", () => {
  it("reads a wall-clock time in Caracas (UTC-4, no DST)", () => {
    expect(localToInstant("2026-03-10T10:00", CARACAS)?.toISOString()).toBe("2026-03-10T14:00:00.000Z");
    expect(localToInstant("2026-07-10T10:00", CARACAS)?.toISOString()).toBe("2026-07-10T14:00:00.000Z");
  });
  it("crosses midnight into the next UTC day", () => {
    expect(localToInstant("2026-12-31T22:30", CARACAS)?.toISOString()).toBe("2027-01-01T02:30:00.000Z");
  });
  it("uses the zone's offset of that date where DST applies", () => {
    expect(localToInstant("2026-01-15T10:00", PARIS)?.toISOString()).toBe("2026-01-15T09:00:00.000Z");
    expect(localToInstant("2026-07-15T10:00", PARIS)?.toISOString()).toBe("2026-07-15T08:00:00.000Z");
  });
  it("moves a time inside a DST gap forward, as clocks do", () => {
    // 29 March 2026, 02:30 does not exist in Paris: it is 03:30 CEST = 01:30 UTC.
    expect(localToInstant("2026-03-29T02:30", PARIS)?.toISOString()).toBe("2026-03-29T01:30:00.000Z");
  });
  it("accepts seconds but works at minute precision", () => {
    expect(localToInstant("2026-03-10T10:00:45", CARACAS)?.toISOString()).toBe("2026-03-10T14:00:00.000Z");
  });
  it("rejects malformed or impossible values", () => {
    for (const bad of [
      "",
      "2026-03-10",
      "2026-03-10 10:00",
      "2026-02-30T10:00",
      "2026-13-01T10:00",
      "2026-03-10T24:00",
      "10/03/2026 10:00",
      "0001-01-01T00:00",
      "+275760-09-13T00:00",
    ]) {
      expect(localToInstant(bad, CARACAS), bad).toBeNull();
    }
  });
});

describe("instantToLocal", () => {
  it("shows an instant on the zone's clock", () => {
    expect(instantToLocal(new Date("2026-03-10T14:00:00Z"), CARACAS)).toBe("2026-03-10T10:00");
    expect(instantToLocal(new Date("2026-01-01T02:30:00Z"), CARACAS)).toBe("2025-12-31T22:30");
  });
  it("round-trips with localToInstant", () => {
    for (const value of ["2026-03-10T10:00", "2026-11-01T00:05", "2027-02-28T23:59"]) {
      expect(instantToLocal(localToInstant(value, CARACAS)!, CARACAS)).toBe(value);
      expect(instantToLocal(localToInstant(value, PARIS)!, PARIS)).toBe(value);
    }
  });
  it("reads the clock as Intl does on both sides of a clock change, minute by minute", () => {
    const intl = new Intl.DateTimeFormat("sv-SE", {
      timeZone: PARIS,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    for (const around of ["2026-03-29T01:00:00Z", "2026-10-25T01:00:00Z"]) {
      for (let minute = -90; minute <= 90; minute += 7) {
        const instant = new Date(Date.parse(around) + minute * 60_000);
        expect(instantToLocal(instant, PARIS), instant.toISOString()).toBe(intl.format(instant).replace(" ", "T"));
      }
    }
  });
});

/*
 * The offset Intl reads, with one formatter per zone: making a formatter is what costs (tens of
 * microseconds each), and the checks below ask tens of thousands of times.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function direct(time: number, zone: string): number {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(time)).map((p) => [p.type, Number(p.value)]));
  return (
    Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) -
    Math.floor(time / 1000) * 1000
  );
}

describe("helpers", () => {
  it("zoneOffsetMs gives Caracas -4 h all year", () => {
    expect(zoneOffsetMs(new Date("2026-01-01T12:00:00Z"), CARACAS)).toBe(-4 * 3_600_000);
    expect(zoneOffsetMs(new Date("2026-07-01T12:00:00Z"), CARACAS)).toBe(-4 * 3_600_000);
  });
  it("zoneOffsetMs gives 0 for UTC, without asking Intl", () => {
    expect(zoneOffsetMs(new Date("2026-03-29T01:30:00Z"), "UTC")).toBe(0);
  });
  it("zoneOffsetMs agrees with Intl at every minute around clock changes, on and off the quarter hour", () => {
    // Paris (hour changes), Lord Howe (half-hour changes), Kathmandu (+5:45), Caracas (none),
    // and Goose Bay, whose clocks changed at 00:01 local until 2011: inside a quarter hour.
    const cases: Array<[string, string]> = [
      [PARIS, "2026-03-29T01:00:00Z"],
      [PARIS, "2026-10-25T01:00:00Z"],
      ["Australia/Lord_Howe", "2026-04-04T15:00:00Z"],
      ["Asia/Kathmandu", "2026-06-01T00:00:00Z"],
      [CARACAS, "2026-06-01T00:00:00Z"],
      ["America/Goose_Bay", "1999-04-04T04:01:00Z"],
    ];
    const disagreements: string[] = [];
    for (const [zone, around] of cases) {
      const centre = Date.parse(around);
      for (let minute = -40; minute <= 40; minute++) {
        for (const second of [0, 30]) {
          const time = centre + minute * 60_000 + second * 1000;
          const [ours, intl] = [zoneOffsetMs(new Date(time), zone), direct(time, zone)];
          if (ours !== intl) disagreements.push(`${zone} ${new Date(time).toISOString()}: ${ours} ≠ ${intl}`);
        }
      }
    }
    expect(disagreements).toEqual([]);
  });
  it("zoneOffsetMs agrees with Intl at every hour of a year, changes near UTC midnight included", () => {
    // Santiago changes at 04:00 UTC, Tehran (2020) at 20:30 UTC, Paris at 01:00 UTC.
    const years: Array<[string, number]> = [
      [PARIS, 2026],
      ["America/Santiago", 2026],
      ["Asia/Tehran", 2020],
      ["Australia/Lord_Howe", 2026],
      [CARACAS, 2026],
    ];
    // One expectation for the ~44,000 comparisons, not one each: the disagreements, if any, listed.
    const disagreements: string[] = [];
    for (const [zone, year] of years) {
      for (let time = Date.UTC(year, 0, 1, 0, 17); time < Date.UTC(year + 1, 0, 1); time += 3_600_000) {
        const [ours, intl] = [zoneOffsetMs(new Date(time), zone), direct(time, zone)];
        if (ours !== intl) disagreements.push(`${zone} ${new Date(time).toISOString()}: ${ours} ≠ ${intl}`);
      }
    }
    expect(disagreements).toEqual([]);
  });
  it("normalizeLocal drops seconds and rejects junk", () => {
    expect(normalizeLocal("2026-03-10T10:00:59")).toBe("2026-03-10T10:00");
    expect(normalizeLocal("soon")).toBeNull();
  });
  it("addLocalDays keeps the time of day across month and year ends", () => {
    expect(addLocalDays("2026-12-30T10:00", 3)).toBe("2027-01-02T10:00");
    expect(addLocalDays("2028-02-28T08:15", 1)).toBe("2028-02-29T08:15");
  });
});

describe("wallClockLabel", () => {
  it("reads an instant on the wall clock of the zone, date and time apart", () => {
    expect(wallClockLabel(new Date("2026-06-01T14:30:00Z"), "America/Caracas")).toBe("2026-06-01 10:30");
    expect(wallClockLabel(new Date("2026-06-01T02:05:00Z"), "America/Caracas")).toBe("2026-05-31 22:05");
    expect(wallClockLabel(new Date("2026-06-01T14:30:00Z"), "UTC")).toBe("2026-06-01 14:30");
  });
});
