import { describe, expect, it } from "vitest";
import { languageCookie } from "~/utils/cookies.server";
import { detectLanguage } from "./detect.server";

const url = (query = "") => new URL(`http://localhost/search${query}`);
const cookieFor = async (language: string) => (await languageCookie.serialize(language)).split(";")[0];

describe("detectLanguage (docs/domain.md#language)", () => {
  it("takes ?l= first, then the user's language, then the cookie, then the country, then Spanish", async () => {
    const cookie = await cookieFor("fr");
    expect(await detectLanguage({ url: url("?l=el"), cookieHeader: cookie, userLanguage: "en", country: "FR" })).toBe(
      "el",
    );
    expect(await detectLanguage({ url: url(), cookieHeader: cookie, userLanguage: "en", country: "GR" })).toBe("en");
    expect(await detectLanguage({ url: url(), cookieHeader: cookie, userLanguage: null, country: "GR" })).toBe("fr");
    expect(await detectLanguage({ url: url(), cookieHeader: null, userLanguage: null, country: "GR" })).toBe("el");
    expect(await detectLanguage({ url: url(), cookieHeader: null, userLanguage: null, country: "VE" })).toBe("es");
    expect(await detectLanguage({ url: url(), cookieHeader: null })).toBe("es");
  });

  it("lets an unsupported or malformed ?l= fall through to the next source", async () => {
    for (const query of ["?l=de", "?l=EN", "?l=en-GB", "?l=", "?l=%00"])
      expect(await detectLanguage({ url: url(query), cookieHeader: null, userLanguage: "fr" })).toBe("fr");
  });

  it("ignores a cookie or account language that is not one of the four", async () => {
    const cookie = await cookieFor("de");
    expect(await detectLanguage({ url: url(), cookieHeader: cookie, userLanguage: "xx", country: "FR" })).toBe("fr");
    expect(await detectLanguage({ url: url(), cookieHeader: "lng=garbage" })).toBe("es");
  });
});
