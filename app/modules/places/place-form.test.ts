import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { canonicalTimeZone, placeSchema, roundCoordinate } from "./place-form";

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
