import { describe, expect, it } from "vitest";
import { languages } from "~/modules/i18n/languages";
import { placeName, placeNameColumn, placeNameColumns, placeNameKey } from "./place-name";

const caracas = {
  nameEs: "Aeropuerto de Caracas",
  nameEn: "Caracas Airport",
  nameFr: "Aéroport de Caracas",
  nameEl: "Αεροδρόμιο Καράκας",
};

describe("a place's name in the reader's language (docs/domain.md#places)", () => {
  it("gives each language its own name", () => {
    expect(placeName(caracas, "es")).toBe("Aeropuerto de Caracas");
    expect(placeName(caracas, "en")).toBe("Caracas Airport");
    expect(placeName(caracas, "fr")).toBe("Aéroport de Caracas");
    expect(placeName(caracas, "el")).toBe("Αεροδρόμιο Καράκας");
  });

  it("picks the same field for a row and for a query's column", () => {
    for (const language of languages) {
      expect(placeNameColumn(caracas, language)).toBe(placeName(caracas, language));
      expect(caracas[placeNameKey(language)]).toBe(placeName(caracas, language));
    }
  });

  it("selects the four name columns of a table, and only those", () => {
    const table = { ...caracas, id: 1, timeZone: "America/Caracas" };
    const selected = placeNameColumns(table);
    expect(selected).toEqual(caracas);
    for (const language of languages) expect(placeName(selected, language)).toBe(placeName(caracas, language));
  });
});
