import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fleetDataFields, fleetDataMessages, lastYear, normalizePlate, normalizeVin, plateKey } from "./fleet-data";

describe("plates (docs/domain.md#fleet-data)", () => {
  it("keeps a plate upper case and trimmed, as typed otherwise", () => {
    expect(normalizePlate(" ab123cd ")).toBe("AB123CD");
    expect(normalizePlate("ab-123-cd")).toBe("AB-123-CD");
    expect(normalizePlate("AB  123 CD")).toBe("AB 123 CD");
    expect(normalizePlate("ABC12D")).toBe("ABC12D");
  });

  it("refuses what is not a plate", () => {
    for (const plate of [
      "",
      "AB1",
      "ABCDEFGHJ1",
      "ABCDEFG",
      "1234567",
      "AB_123",
      "AB123CD!",
      "-AB123",
      "AB--123CD",
      "ÁB123CD",
    ])
      expect(normalizePlate(plate), plate).toBeNull();
  });

  it("compares plates without case, spaces or dashes", () => {
    expect(plateKey("ab-123 cd")).toBe("AB123CD");
    expect(plateKey("AB123CD")).toBe(plateKey(normalizePlate("ab 123-cd")!));
  });
});

describe("VIN (docs/domain.md#fleet-data)", () => {
  it("accepts 17 letters and digits, upper-cased, spaces dropped", () => {
    expect(normalizeVin("9bwzzz377vt004251")).toBe("9BWZZZ377VT004251");
    expect(normalizeVin("9BW ZZZ377 VT004251")).toBe("9BWZZZ377VT004251");
  });

  it("refuses a wrong length or the letters I, O and Q", () => {
    for (const vin of [
      "9BWZZZ377VT00425",
      "9BWZZZ377VT0042511",
      "9BWZZZ377VT00425I",
      "OBWZZZ377VT004251",
      "9BWZZZ377VTQ04251",
    ])
      expect(normalizeVin(vin), vin).toBeNull();
  });
});

describe("the car form's agreement fields", () => {
  const schema = z.object(fleetDataFields);
  const parse = (values: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(values)) form.set(name, value);
    return parseWithZod(form, { schema });
  };
  const errors = (values: Record<string, string>) => {
    const submission = parse(values);
    return (submission.status === "error" ? submission.error : null) ?? {};
  };

  it("makes every field optional: empty ones are null", () => {
    const submission = parse({ plate: "  ", vin: "", colour: "", year: "" });
    expect(submission.status === "success" && submission.value).toEqual({
      plate: null,
      vin: null,
      colour: null,
      year: null,
    });
  });

  it("stores the typed values normalised", () => {
    const submission = parse({ plate: "ab123cd", vin: "9bwzzz377vt004251", colour: " Plata ", year: "2021" });
    expect(submission.status === "success" && submission.value).toEqual({
      plate: "AB123CD",
      vin: "9BWZZZ377VT004251",
      colour: "Plata",
      year: 2021,
    });
  });

  it("gives each wrong field its message", () => {
    expect(errors({ plate: "A1" }).plate).toEqual([fleetDataMessages.plate]);
    expect(errors({ vin: "123" }).vin).toEqual([fleetDataMessages.vin]);
    expect(errors({ year: "1949" }).year).toEqual([fleetDataMessages.year]);
    expect(errors({ year: String(lastYear() + 1) }).year).toEqual([fleetDataMessages.year]);
    expect(errors({ year: "20.5" }).year).toEqual([fleetDataMessages.year]);
    expect(errors({ year: String(lastYear()) }).year).toBeUndefined();
    expect(errors({ colour: "x".repeat(41) }).colour).toHaveLength(1);
  });
});
