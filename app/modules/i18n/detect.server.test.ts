import { describe, expect, it } from "vitest";
import { languageCookie } from "~/utils/cookies.server";
import { detectLanguage } from "./detect.server";

const url = (query = "") => new URL(`http://localhost/search${query}`);
/** The cookie as load-context.server.ts hands it over: parsed from the header the browser sends. */
const cookieFor = async (language: string) =>
  languageCookie.parse((await languageCookie.serialize(language)).split(";")[0]) as Promise<unknown>;

describe("detectLanguage (docs/domain.md#language)", () => {
  it("takes ?l= first, then the user's language, then the cookie, then the country, then Spanish", async () => {
    const cookie = await cookieFor("fr");
    expect(await detectLanguage({ url: url("?l=el"), cookie, userLanguage: "en", country: "FR" })).toBe("el");
    expect(await detectLanguage({ url: url(), cookie, userLanguage: "en", country: "GR" })).toBe("en");
    expect(await detectLanguage({ url: url(), cookie, userLanguage: null, country: "GR" })).toBe("fr");
    expect(await detectLanguage({ url: url(), userLanguage: null, country: "GR" })).toBe("el");
    expect(await detectLanguage({ url: url(), userLanguage: null, country: "VE" })).toBe("es");
    expect(await detectLanguage({ url: url() })).toBe("es");
  });

  it("lets an unsupported or malformed ?l= fall through to the next source", async () => {
    for (const query of ["?l=de", "?l=EN", "?l=en-GB", "?l=", "?l=%00"])
      expect(await detectLanguage({ url: url(query), userLanguage: "fr" })).toBe("fr");
  });

  it("ignores a cookie or account language that is not one of the four", async () => {
    const cookie = await cookieFor("de");
    expect(await detectLanguage({ url: url(), cookie, userLanguage: "xx", country: "FR" })).toBe("fr");
    expect(await detectLanguage({ url: url(), cookie: await languageCookie.parse("lng=garbage") })).toBe("es");
  });
});
