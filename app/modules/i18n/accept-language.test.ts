import { describe, expect, it } from "vitest";
import { apiLanguage, languageFromAcceptHeader } from "./accept-language";

describe("languageFromAcceptHeader", () => {
  it("takes the best supported language by quality, then by order", () => {
    expect(languageFromAcceptHeader("de-DE,fr;q=0.8,en;q=0.9")).toBe("en");
    expect(languageFromAcceptHeader("fr-CA, en")).toBe("fr");
    expect(languageFromAcceptHeader("EL")).toBe("el");
  });

  it("ignores unsupported languages, wildcards and q=0", () => {
    expect(languageFromAcceptHeader("de, *;q=0.5")).toBeNull();
    expect(languageFromAcceptHeader("en;q=0, fr;q=0.1")).toBe("fr");
    expect(languageFromAcceptHeader("")).toBeNull();
    expect(languageFromAcceptHeader(null)).toBeNull();
  });
});

describe("apiLanguage", () => {
  const url = (query = "") => new URL(`http://rueda.test/api/user/1${query}`);

  it("prefers ?l=, then Accept-Language, then the page language", () => {
    expect(apiLanguage(url("?l=fr"), "en", "es")).toBe("fr");
    expect(apiLanguage(url("?l=xx"), "en", "es")).toBe("en");
    expect(apiLanguage(url(), null, "el")).toBe("el");
    expect(apiLanguage(url(), "de", "el")).toBe("el");
  });
});
