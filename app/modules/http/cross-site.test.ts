import { describe, expect, it } from "vitest";
import { isCrossSiteWrite } from "./cross-site";

const allowedOrigins = ["https://rueda.example", "http://127.0.0.1:3000"];
const post = (headers: { secFetchSite?: string; origin?: string }, method = "POST") =>
  isCrossSiteWrite({
    method,
    secFetchSite: headers.secFetchSite ?? null,
    origin: headers.origin ?? null,
    allowedOrigins,
  });

describe("isCrossSiteWrite", () => {
  it("refuses what the browser marks as coming from another site", () => {
    expect(post({ secFetchSite: "cross-site" })).toBe(true);
    expect(post({ secFetchSite: "same-site" })).toBe(true);
    expect(post({ secFetchSite: "cross-site", origin: "https://rueda.example" })).toBe(true);
  });
  it("accepts the site's own forms and typed-in requests", () => {
    expect(post({ secFetchSite: "same-origin", origin: "https://rueda.example" })).toBe(false);
    expect(post({ secFetchSite: "none" })).toBe(false);
  });
  it("falls back to the Origin header for browsers without Sec-Fetch-Site", () => {
    expect(post({ origin: "https://evil.example" })).toBe(true);
    expect(post({ origin: "null" })).toBe(true);
    expect(post({ origin: "https://rueda.example.evil.example" })).toBe(true);
    expect(post({ origin: "https://rueda.example" })).toBe(false);
    expect(post({ origin: "http://127.0.0.1:3000" })).toBe(false);
  });
  it("lets requests without either header through (no browser sent them)", () => {
    expect(post({})).toBe(false);
  });
  it("lets an API call with a bearer token and no session cookie come from anywhere", () => {
    const bearer = (secFetchSite: string) =>
      isCrossSiteWrite({
        method: "POST",
        secFetchSite,
        origin: "https://app.example",
        allowedOrigins,
        bearerOnly: true,
      });
    expect(bearer("cross-site")).toBe(false);
    expect(
      isCrossSiteWrite({
        method: "POST",
        secFetchSite: "cross-site",
        origin: "https://app.example",
        allowedOrigins,
        bearerOnly: false,
      }),
    ).toBe(true);
  });
  it("lets an app origin the operator listed write to the API, with or without a cookie", () => {
    const fromApp = (listedOrigin: boolean) =>
      isCrossSiteWrite({
        method: "POST",
        secFetchSite: "cross-site",
        origin: "capacitor://localhost",
        allowedOrigins,
        listedOrigin,
      });
    expect(fromApp(true)).toBe(false);
    expect(fromApp(false)).toBe(true);
  });
  it("never judges reads", () => {
    expect(post({ secFetchSite: "cross-site", origin: "https://evil.example" }, "GET")).toBe(false);
    expect(post({ secFetchSite: "cross-site" }, "HEAD")).toBe(false);
  });
  it("judges every writing method", () => {
    for (const method of ["PUT", "PATCH", "DELETE", "post"])
      expect(post({ origin: "https://evil.example" }, method)).toBe(true);
  });
});
