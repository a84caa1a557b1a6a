import { describe, expect, it } from "vitest";
import { addLocalDays, instantToLocal, localToInstant, normalizeLocal, zoneOffsetMs } from "./zoned-time";

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
    for (const bad of ["", "2026-03-10", "2026-03-10 10:00", "2026-02-30T10:00", "2026-13-01T10:00", "2026-03-10T24:00", "10/03/2026 10:00", "0001-01-01T00:00", "+275760-09-13T00:00"]) {
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
});

describe("helpers", () => {
  it("zoneOffsetMs gives Caracas -4 h all year", () => {
    expect(zoneOffsetMs(new Date("2026-01-01T12:00:00Z"), CARACAS)).toBe(-4 * 3_600_000);
    expect(zoneOffsetMs(new Date("2026-07-01T12:00:00Z"), CARACAS)).toBe(-4 * 3_600_000);
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
