import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { messages } from "~/modules/forms/messages";
import { appToday } from "~/modules/time/calendar";
import { latestPlanDay } from "~/modules/time/date-range";
import { canonicalTimeZone, hoursFormDefaults, placeSchema, roundCoordinate, weekOf } from "./place-form";

const valid = {
  nameEs: "Aeropuerto de Mérida",
  nameEn: "Mérida Airport",
  nameFr: "Aéroport de Mérida",
  nameEl: "Αεροδρόμιο Μέριδα",
  address: "Av. Urdaneta, Mérida",
  kind: "airport",
  timeZone: "America/Caracas",
  latitude: "8.5822",
  longitude: "-71.1611",
  hoursMode: "always",
};

/** Monday to Saturday 08:00–18:00, Sunday closed. */
const weekly = {
  ...valid,
  hoursMode: "weekly",
  ...Object.fromEntries(
    ["mon", "tue", "wed", "thu", "fri", "sat"].flatMap((day) => [
      [`${day}Open`, "08:00"],
      [`${day}Close`, "18:00"],
    ]),
  ),
  sunClosed: "on",
};

function parse(values: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(values)) formData.set(name, value);
  return parseWithZod(formData, { schema: placeSchema });
}

const errorsOf = (values: Record<string, string>) => {
  const submission = parse(values);
  return (submission.status === "error" ? submission.error : null) ?? {};
};

describe("placeSchema", () => {
  it("accepts a complete place, with coordinates as numbers", () => {
    const submission = parse(valid);
    expect(submission.status).toBe("success");
    if (submission.status === "success")
      expect(submission.value).toMatchObject({
        kind: "airport",
        latitude: 8.5822,
        longitude: -71.1611,
        timeZone: "America/Caracas",
      });
  });

  it("asks for every empty field, each of the four names included", () => {
    const errors = errorsOf({});
    for (const name of [
      "nameEs",
      "nameEn",
      "nameFr",
      "nameEl",
      "address",
      "kind",
      "timeZone",
      "latitude",
      "longitude",
      "hoursMode",
    ]) {
      expect(errors[name], name).toEqual(["validation.required"]);
    }
  });

  it("keeps latitude within ±90 and longitude within ±180, the bounds included", () => {
    expect(parse({ ...valid, latitude: "90", longitude: "-180" }).status).toBe("success");
    expect(errorsOf({ ...valid, latitude: "90.0001" }).latitude).toEqual(["adminPlaces:validation.latitude"]);
    expect(errorsOf({ ...valid, latitude: "-91" }).latitude).toEqual(["adminPlaces:validation.latitude"]);
    expect(errorsOf({ ...valid, longitude: "180.5" }).longitude).toEqual(["adminPlaces:validation.longitude"]);
    expect(errorsOf({ ...valid, longitude: "west" }).longitude).toEqual(["adminPlaces:validation.longitude"]);
    expect(errorsOf({ ...valid, latitude: "Infinity" }).latitude).toEqual(["adminPlaces:validation.latitude"]);
  });

  it("refuses an unknown kind and a time zone Intl does not know, and stores a zone's canonical spelling", () => {
    expect(errorsOf({ ...valid, kind: "port" }).kind).toBeDefined();
    expect(errorsOf({ ...valid, timeZone: "America/Atlantis" }).timeZone).toEqual(["adminPlaces:validation.timeZone"]);
    expect(errorsOf({ ...valid, timeZone: "-04:00" }).timeZone).toEqual(["adminPlaces:validation.timeZone"]);
    const submission = parse({ ...valid, timeZone: " america/caracas " });
    expect(submission.status === "success" && submission.value.timeZone).toBe("America/Caracas");
  });

  it("bounds each text by its column", () => {
    expect(errorsOf({ ...valid, nameFr: "x".repeat(121) }).nameFr).toEqual(["validation.tooLong"]);
    expect(errorsOf({ ...valid, address: "x".repeat(251) }).address).toEqual(["validation.tooLong"]);
  });
});

describe("canonicalTimeZone", () => {
  it("knows IANA zones and UTC, nothing else", () => {
    expect(canonicalTimeZone("Europe/Athens")).toBe("Europe/Athens");
    expect(canonicalTimeZone("UTC")).toBe("UTC");
    expect(canonicalTimeZone("Caracas")).toBeNull();
    expect(canonicalTimeZone("")).toBeNull();
  });
});

describe("roundCoordinate", () => {
  it("keeps six decimals", () => {
    expect(roundCoordinate(10.60312345)).toBe(10.603123);
    expect(roundCoordinate(-66.9906)).toBe(-66.9906);
  });
});

describe("opening hours in the place form", () => {
  const success = (values: Record<string, string>) => {
    const submission = parse(values);
    if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
    return submission.value;
  };

  it("reads a place open at any hour as no week, whatever the day fields say", () => {
    const value = success({ ...valid, monOpen: "09:00" });
    expect(weekOf(value)).toBeNull();
    expect(value.closedDates).toEqual([]);
    expect(value.outOfHoursFee).toBeNull();
  });

  it("reads a weekly place's days, a ticked Closed as a closed day", () => {
    const week = weekOf(success(weekly));
    expect(week).toEqual({
      mon: { open: "08:00", close: "18:00" },
      tue: { open: "08:00", close: "18:00" },
      wed: { open: "08:00", close: "18:00" },
      thu: { open: "08:00", close: "18:00" },
      fri: { open: "08:00", close: "18:00" },
      sat: { open: "08:00", close: "18:00" },
      sun: null,
    });
  });

  it("refuses a closing time before or at the opening time, beside the closing field", () => {
    expect(errorsOf({ ...weekly, wedClose: "07:59" }).wedClose).toEqual(["adminPlaces:validation.closeBeforeOpen"]);
    expect(errorsOf({ ...weekly, wedClose: "08:00" }).wedClose).toEqual(["adminPlaces:validation.closeBeforeOpen"]);
    expect(parse({ ...weekly, wedClose: "08:01" }).status).toBe("success");
  });

  it("asks for both times of a day that is not closed", () => {
    const { sunClosed: _closed, ...sundayForgotten } = weekly;
    expect(errorsOf(sundayForgotten).sunOpen).toEqual(["adminPlaces:validation.timesMissing"]);
    expect(errorsOf({ ...weekly, monClose: "" }).monClose).toEqual(["adminPlaces:validation.timesMissing"]);
  });

  it("refuses a time that is not HH:MM on a 24-hour clock", () => {
    for (const time of ["24:00", "8:00", "08:60", "noon", "08:00:00"])
      expect(errorsOf({ ...weekly, monOpen: time }).monOpen, time).toEqual(["adminPlaces:validation.time"]);
    expect(success({ ...weekly, monOpen: "00:00", monClose: "23:59" }).monClose).toBe("23:59");
  });

  it("reads closed dates one per line (or separated by spaces or commas), once each, in calendar order", () => {
    const value = success({ ...weekly, closedDates: "2027-12-25\r\n2027-01-01, 2027-12-25\n\n2027-02-08" });
    expect(value.closedDates).toEqual(["2027-01-01", "2027-02-08", "2027-12-25"]);
  });

  it("refuses a date that is not a real YYYY-MM-DD, and more than 100 dates", () => {
    for (const text of ["2027-02-30", "25/12/2027", "2027-12-25\nNavidad"])
      expect(errorsOf({ ...weekly, closedDates: text }).closedDates, text).toEqual([
        "adminPlaces:validation.closedDates",
      ]);
    const many = Array.from({ length: 101 }, (_, i) => new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10));
    expect(errorsOf({ ...weekly, closedDates: many.join("\n") }).closedDates).toEqual([
      "adminPlaces:validation.tooManyClosedDates",
    ]);
    expect(parse({ ...weekly, closedDates: many.slice(1).join("\n") }).status).toBe("success");
  });

  it("refuses a closed day more than three years ahead (docs/domain.md#date-range)", () => {
    const last = latestPlanDay(appToday());
    const dayAfter = new Date(Date.parse(`${last}T00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    for (const text of ["9999-12-25", `${last}\n${dayAfter}`])
      expect(errorsOf({ ...weekly, closedDates: text }).closedDates, text).toEqual([messages.dateTooFar]);
    expect(parse({ ...weekly, closedDates: last }).status).toBe("success");
  });

  it("reads the out-of-hours fee in dollars: empty is no service, $0 a free one, up to $10,000", () => {
    expect(success({ ...weekly, outOfHoursFee: " " }).outOfHoursFee).toBeNull();
    expect(success({ ...weekly, outOfHoursFee: "0" }).outOfHoursFee).toBe(0);
    expect(success({ ...weekly, outOfHoursFee: "$25.50" }).outOfHoursFee).toBe(2550);
    expect(success({ ...weekly, outOfHoursFee: "10000" }).outOfHoursFee).toBe(1_000_000);
    for (const fee of ["10000.01", "-5", "25 dollars"])
      expect(errorsOf({ ...weekly, outOfHoursFee: fee }).outOfHoursFee, fee).toEqual([
        "adminPlaces:validation.outOfHoursFee",
      ]);
  });

  it("shows stored hours back in the form's fields, a day without hours ticked Closed", () => {
    const defaults = hoursFormDefaults({
      openingHours: weekOf(success(weekly)),
      closedDates: ["2027-01-01", "2027-12-25"],
      outOfHoursFeeCents: 2500,
    });
    expect(defaults).toMatchObject({
      hoursMode: "weekly",
      monOpen: "08:00",
      monClose: "18:00",
      sunClosed: "on",
      closedDates: "2027-01-01\n2027-12-25",
      outOfHoursFee: "25.00",
    });
    expect(defaults.monClosed).toBeUndefined();
    expect(hoursFormDefaults({ openingHours: null, closedDates: [], outOfHoursFeeCents: null })).toEqual({
      hoursMode: "always",
      closedDates: "",
      outOfHoursFee: "",
    });
  });
});
