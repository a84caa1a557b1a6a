import { describe, expect, it } from "vitest";
import { freeSlug, slugBase, slugify } from "./slug";

describe("slugify", () => {
  it("drops accents, case and punctuation, joining words with single hyphens", () => {
    expect(slugify("Aeropuerto de Maiquetía (CCS)", 80)).toBe("aeropuerto-de-maiquetia-ccs");
    expect(slugify("  Caracas – Las Mercedes ", 80)).toBe("caracas-las-mercedes");
    expect(slugify("Ávila Rentals, C.A.", 80)).toBe("avila-rentals-c-a");
    expect(slugify("Señor Ñandú", 80)).toBe("senor-nandu");
  });

  it("leaves nothing for a name without Latin letters or digits", () => {
    expect(slugify("Αεροδρόμιο", 80)).toBe("");
    expect(slugify("—", 80)).toBe("");
  });

  it("cuts at the length without leaving a trailing hyphen", () => {
    expect(slugify("abc def", 4)).toBe("abc");
    expect(slugify("abcdef", 4)).toBe("abcd");
  });
});

describe("slugBase", () => {
  it("takes the first name that gives a slug, else the fallback", () => {
    expect(slugBase(["Μέριδα", "Merida centre"], "place", 80)).toBe("merida-centre");
    expect(slugBase(["Aeropuerto de Mérida", "Mérida Airport"], "place", 80)).toBe("aeropuerto-de-merida");
    expect(slugBase(["Μέριδα", "—"], "place", 80)).toBe("place");
  });
});

describe("freeSlug", () => {
  it("keeps the base when it is free, else numbers it from 2", () => {
    expect(freeSlug("merida", [], 80)).toBe("merida");
    expect(freeSlug("merida", ["merida"], 80)).toBe("merida-2");
    expect(freeSlug("merida", ["merida", "merida-2", "merida-3"], 80)).toBe("merida-4");
    expect(freeSlug("merida", ["merida-2"], 80)).toBe("merida");
  });

  it("shortens the base so the numbered slug still fits", () => {
    expect(freeSlug("abcdef", ["abcdef"], 6)).toBe("abcd-2");
    expect(freeSlug("abc-ef", ["abc-ef"], 6)).toBe("abc-2");
  });
});
