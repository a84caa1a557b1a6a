import { describe, expect, it } from "vitest";
import {
  handoverAt,
  hoursOn,
  hoursRefusalMessage,
  hoursRuns,
  hoursSummary,
  rentalHandovers,
  weekdayOf,
  type OpeningHours,
  type WeekHours,
} from "./opening-hours";

const CARACAS = "America/Caracas";
const office: WeekHours = {
  mon: { open: "08:00", close: "18:00" },
  tue: { open: "08:00", close: "18:00" },
  wed: { open: "08:00", close: "18:00" },
  thu: { open: "08:00", close: "18:00" },
  fri: { open: "08:00", close: "18:00" },
  sat: { open: "08:00", close: "18:00" },
  sun: null,
};
const hours = (extra: Partial<OpeningHours> = {}): OpeningHours => ({
  week: office,
  closedDates: [],
  outOfHoursFeeCents: null,
  ...extra,
});
// Caracas is UTC−4 all year: 08:00 there is 12:00Z.
const caracas = (local: string) => new Date(`${local}:00-04:00`);

describe("weekdayOf", () => {
  it("names the weekday of a date, Monday first", () => {
    expect(weekdayOf("2027-03-01")).toBe("mon");
    expect(weekdayOf("2027-03-07")).toBe("sun");
    expect(weekdayOf("2028-02-29")).toBe("tue");
  });
});

describe("hoursOn (docs/domain.md#reminder)", () => {
  it("gives the weekday's hours, null on a closed weekday or date, nothing for a place without hours", () => {
    expect(hoursOn(hours(), "2027-03-06")).toEqual({ open: "08:00", close: "18:00" });
    expect(hoursOn(hours(), "2027-03-07")).toBeNull();
    expect(hoursOn(hours({ closedDates: ["2027-03-06"] }), "2027-03-06")).toBeNull();
    expect(hoursOn(hours({ week: null }), "2027-03-06")).toBeUndefined();
  });
});

describe("handoverAt (docs/domain.md#opening-hours)", () => {
  it("is always open when the place set no hours", () => {
    expect(
      handoverAt({ week: null, closedDates: [], outOfHoursFeeCents: null }, caracas("2027-03-07T03:00"), CARACAS),
    ).toEqual({
      kind: "open",
    });
  });

  it("includes both the opening and the closing minute, and refuses the minute before and after", () => {
    expect(handoverAt(hours(), caracas("2027-03-01T08:00"), CARACAS)).toEqual({ kind: "open" });
    expect(handoverAt(hours(), caracas("2027-03-01T18:00"), CARACAS)).toEqual({ kind: "open" });
    const refused = {
      kind: "closed",
      date: "2027-03-01",
      weekday: "mon",
      hours: { open: "08:00", close: "18:00" },
      holiday: false,
    };
    expect(handoverAt(hours(), caracas("2027-03-01T07:59"), CARACAS)).toEqual(refused);
    expect(handoverAt(hours(), caracas("2027-03-01T18:01"), CARACAS)).toEqual(refused);
  });

  it("reads the weekday on the place's clock: Saturday 23:00 in Caracas is already Sunday in UTC", () => {
    expect(handoverAt(hours(), caracas("2027-03-06T17:30"), CARACAS)).toEqual({ kind: "open" });
    expect(handoverAt(hours(), caracas("2027-03-07T10:00"), CARACAS)).toEqual({
      kind: "closed",
      date: "2027-03-07",
      weekday: "sun",
      hours: null,
      holiday: false,
    });
  });

  it("refuses a closed date whatever its weekday's hours, naming it a holiday", () => {
    const christmas = hours({ closedDates: ["2027-12-24"] });
    expect(handoverAt(christmas, caracas("2027-12-24T10:00"), CARACAS)).toEqual({
      kind: "closed",
      date: "2027-12-24",
      weekday: "fri",
      hours: null,
      holiday: true,
    });
    expect(handoverAt(christmas, caracas("2027-12-23T10:00"), CARACAS)).toEqual({ kind: "open" });
  });

  it("charges the out-of-hours fee instead of refusing when the place offers the service, even on a closed day", () => {
    const served = hours({ outOfHoursFeeCents: 2500, closedDates: ["2027-12-24"] });
    expect(handoverAt(served, caracas("2027-03-01T05:00"), CARACAS)).toEqual({ kind: "outOfHours", feeCents: 2500 });
    expect(handoverAt(served, caracas("2027-03-07T12:00"), CARACAS)).toEqual({ kind: "outOfHours", feeCents: 2500 });
    expect(handoverAt(served, caracas("2027-12-24T12:00"), CARACAS)).toEqual({ kind: "outOfHours", feeCents: 2500 });
    expect(handoverAt(served, caracas("2027-03-01T12:00"), CARACAS)).toEqual({ kind: "open" });
  });

  it("reads hours on another zone's clock, across its DST change", () => {
    // Madrid: UTC+1 in winter, UTC+2 from 28 March 2027. 07:30Z is 08:30 in winter and 09:30 in summer.
    const madrid = hours({ week: { ...office, mon: { open: "09:00", close: "18:00" } } });
    expect(handoverAt(madrid, new Date("2027-03-22T07:30:00Z"), "Europe/Madrid").kind).toBe("closed");
    expect(handoverAt(madrid, new Date("2027-03-29T07:30:00Z"), "Europe/Madrid").kind).toBe("open");
  });
});

describe("rentalHandovers", () => {
  const airport = { id: 1, timeZone: CARACAS, hours: hours({ outOfHoursFeeCents: 2500 }) };
  const city = { id: 2, timeZone: CARACAS, hours: hours() };

  it("adds the fee once per handover out of hours, each at its own place", () => {
    expect(rentalHandovers(airport, airport, caracas("2027-03-01T05:00"), caracas("2027-03-04T23:00"))).toEqual({
      ok: true,
      fees: { pickUp: 2500, dropOff: 2500 },
    });
    expect(rentalHandovers(airport, city, caracas("2027-03-01T05:00"), caracas("2027-03-04T10:00"))).toEqual({
      ok: true,
      fees: { pickUp: 2500, dropOff: 0 },
    });
  });

  it("names the refused handover and its place", () => {
    expect(rentalHandovers(airport, city, caracas("2027-03-01T10:00"), caracas("2027-03-07T10:00"))).toEqual({
      ok: false,
      refusal: {
        reason: "outsideHours",
        handover: "dropOff",
        placeId: 2,
        date: "2027-03-07",
        weekday: "sun",
        hours: null,
        holiday: false,
      },
    });
  });
});

describe("hoursRuns", () => {
  it("groups consecutive weekdays with the same hours", () => {
    expect(hoursRuns(office)).toEqual([
      { from: "mon", to: "sat", hours: { open: "08:00", close: "18:00" } },
      { from: "sun", to: "sun", hours: null },
    ]);
  });
});

describe("hoursSummary and hoursRefusalMessage", () => {
  it("words the week and a refusal with the language's day names", () => {
    const en = { closed: "closed", everyDay: "every day" };
    expect(hoursSummary(office, "en", en)).toBe("Mon–Sat 08:00–18:00 · Sun closed");
    expect(hoursSummary(office, "es", { closed: "cerrado", everyDay: "todos los días" })).toBe(
      "lun–sáb 08:00–18:00 · dom cerrado",
    );
    const airport = { ...office, sat: { open: "06:00", close: "22:00" } };
    for (const day of ["mon", "tue", "wed", "thu", "fri", "sun"] as const) airport[day] = airport.sat;
    expect(hoursSummary(airport, "en", en)).toBe("every day 06:00–22:00");
    expect(hoursSummary({ ...airport, sun: null }, "en", en)).toBe("Mon–Sat 06:00–22:00 · Sun closed");
    const hours = { open: "06:00", close: "22:00" };
    expect(
      hoursRefusalMessage({ date: "2027-03-07", weekday: "sun", hours, holiday: false }, "Maiquetía", "en"),
    ).toEqual({
      key: "catalogue:hours.refused",
      values: { place: "Maiquetía", weekday: "Sunday", open: "06:00", close: "22:00" },
    });
    expect(
      hoursRefusalMessage({ date: "2027-03-07", weekday: "sun", hours: null, holiday: false }, "Altamira", "es"),
    ).toEqual({ key: "catalogue:hours.refusedClosedDay", values: { place: "Altamira", weekday: "domingo" } });
    expect(
      hoursRefusalMessage({ date: "2027-12-24", weekday: "fri", hours: null, holiday: true }, "Altamira", "en"),
    ).toEqual({ key: "catalogue:hours.refusedHoliday", values: { place: "Altamira", date: "December 24, 2027" } });
  });
});
