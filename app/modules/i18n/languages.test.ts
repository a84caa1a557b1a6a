import { describe, expect, it } from "vitest";
import { languageForCountry, languageOrDefault, resolveLanguage } from "./languages";

describe("resolveLanguage", () => {
  it("prefers a supported ?l= over everything", () => {
    expect(resolveLanguage({ query: "en", userLanguage: "fr", cookie: "el" })).toBe("en");
  });
  it("ignores an unsupported ?l= and falls back to the user's language", () => {
    expect(resolveLanguage({ query: "de", userLanguage: "fr", cookie: "en" })).toBe("fr");
  });
  it("uses the cookie when there is no user", () => {
    expect(resolveLanguage({ cookie: "en" })).toBe("en");
  });
  it("defaults to Spanish", () => {
    expect(resolveLanguage({})).toBe("es");
    expect(resolveLanguage({ query: "EN" })).toBe("es");
  });
  it("uses the country only after every explicit choice", () => {
    expect(resolveLanguage({ country: "MA" })).toBe("fr");
    expect(resolveLanguage({ cookie: "en", country: "GR" })).toBe("en");
  });
});

describe("languageForCountry", () => {
  it("maps France and Morocco to French, Greece to Greek, others to nothing", () => {
    expect(languageForCountry("FR")).toBe("fr");
    expect(languageForCountry("ma")).toBe("fr");
    expect(languageForCountry("GR")).toBe("el");
    expect(languageForCountry("VE")).toBeNull();
    expect(languageForCountry(null)).toBeNull();
  });
});

describe("languageOrDefault", () => {
  it("keeps a supported language and gives Spanish for anything else", () => {
    expect(languageOrDefault("fr")).toBe("fr");
    expect(languageOrDefault("el")).toBe("el");
    expect(languageOrDefault("de")).toBe("es");
    expect(languageOrDefault("")).toBe("es");
    expect(languageOrDefault(null)).toBe("es");
  });
});
