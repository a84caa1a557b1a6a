import { describe, expect, it } from "vitest";
import { countryForIp } from "./country.server";
import { resolveLanguage } from "./languages";

describe("countryForIp (offline DB-IP database)", () => {
  it("finds the country of public addresses, IPv4-mapped ones included", () => {
    expect(countryForIp("190.202.0.1")).toBe("VE");
    expect(countryForIp("::ffff:190.202.0.1")).toBe("VE");
  });

  it("has no country for private or malformed addresses", () => {
    expect(countryForIp("127.0.0.1")).toBeNull();
    expect(countryForIp("10.1.2.3")).toBeNull();
    expect(countryForIp("not an ip")).toBeNull();
    expect(countryForIp(undefined)).toBeNull();
  });

  it("feeds the optional language-from-country rule", () => {
    expect(resolveLanguage({ country: countryForIp("190.202.0.1") })).toBe("es");
  });
});
