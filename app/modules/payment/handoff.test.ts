import { describe, expect, it } from "vitest";
import { appReturnHref, originOf, returnUrlAllowed } from "./handoff";

const listed = ["capacitor://localhost", "https://app.example.com", "http://localhost:8100", "com.rueda.app://pay"];

describe("the hand-off's return URL (docs/security.md#payment-hand-off)", () => {
  it("is accepted on a listed origin, custom schemes included, whatever its path and case", () => {
    expect(returnUrlAllowed("capacitor://localhost/payment-done", listed)).toBe(true);
    expect(returnUrlAllowed("https://App.Example.com/back?from=pay#top", listed)).toBe(true);
    expect(returnUrlAllowed("http://localhost:8100/", listed)).toBe(true);
    expect(returnUrlAllowed("com.rueda.app://pay/done", listed)).toBe(true);
  });

  it("is refused on any other origin, scheme or port, and when it hides another host", () => {
    for (const url of [
      "https://evil.example/back",
      "http://app.example.com/back",
      "https://app.example.com.evil.example/",
      "https://app.example.com:444/",
      "http://localhost:8101/",
      "https://app.example.com@evil.example/",
      "https://user:pass@app.example.com/",
      "javascript:alert(1)",
      "data:text/html,hi",
      "/relative/path",
      "capacitor://",
      "",
    ])
      expect(returnUrlAllowed(url, listed), url).toBe(false);
  });

  it("is refused with control characters, spaces, or past 2,048 characters", () => {
    expect(returnUrlAllowed("capacitor://localhost/a\nb", listed)).toBe(false);
    expect(returnUrlAllowed("capacitor://localhost/a b", listed)).toBe(false);
    expect(returnUrlAllowed(`capacitor://localhost/${"a".repeat(2048)}`, listed)).toBe(false);
  });

  it("names the origin as API_CORS_ORIGINS lists it", () => {
    expect(originOf("HTTPS://App.Example.com:443/x")).toBe("https://app.example.com");
    expect(originOf("capacitor://localhost/x?y")).toBe("capacitor://localhost");
    expect(originOf("not a url")).toBeNull();
  });

  it("comes back with the booking and the outcome, keeping the app's own parameters", () => {
    expect(appReturnHref("capacitor://localhost/done?tab=trips#x", 42, "paid")).toBe(
      "capacitor://localhost/done?tab=trips&booking=42&status=paid#x",
    );
    expect(appReturnHref("https://app.example.com/back?status=old", 7, "cancelled")).toBe(
      "https://app.example.com/back?status=cancelled&booking=7",
    );
  });
});
