import { describe, expect, it } from "vitest";
import { corsHeaders, isListedOrigin, preflight } from "./cors";

const listed = ["capacitor://localhost", "http://localhost", "https://app.example"];

describe("corsHeaders", () => {
  it("names a listed origin itself, with credentials, never a wildcard", () => {
    expect(corsHeaders("capacitor://localhost", listed)).toMatchObject({
      "Access-Control-Allow-Origin": "capacitor://localhost",
      "Access-Control-Allow-Credentials": "true",
    });
    expect(Object.values(corsHeaders("https://app.example", listed))).not.toContain("*");
  });

  it("gives nothing to an origin not listed, to a look-alike, to null or to no origin", () => {
    for (const origin of ["https://evil.example", "https://app.example.evil.example", "http://localhost:8100", "null"])
      expect(corsHeaders(origin, listed), origin).toEqual({});
    expect(corsHeaders(null, listed)).toEqual({});
    expect(isListedOrigin("https://app.example", [])).toBe(false);
  });
});

describe("preflight", () => {
  it("answers a listed origin's preflight with 204 and what it may send", () => {
    const answer = preflight("https://app.example", listed);
    expect(answer.status).toBe(204);
    expect(answer).toMatchObject({
      headers: {
        "Access-Control-Allow-Origin": "https://app.example",
        "Access-Control-Allow-Credentials": "true",
        "Access-Control-Allow-Methods": "GET, HEAD, POST, DELETE",
        "Access-Control-Allow-Headers": "Authorization, Content-Type, Accept-Language",
      },
    });
  });

  it("refuses any other origin's preflight, and answers an OPTIONS without Origin with Allow", () => {
    expect(preflight("https://evil.example", listed)).toEqual({ status: 403 });
    expect(preflight("https://evil.example", [])).toEqual({ status: 403 });
    expect(preflight(null, listed)).toEqual({ status: 204, headers: { Allow: "GET, HEAD, POST, DELETE, OPTIONS" } });
  });
});
