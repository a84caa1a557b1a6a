import { describe, expect, it } from "vitest";
import { homeFor, safeRedirect, signInPath } from "./redirect";

describe("safeRedirect", () => {
  it("keeps local paths with their query and hash", () => {
    expect(safeRedirect("/settings")).toBe("/settings");
    expect(safeRedirect("/bookings?page=2#list")).toBe("/bookings?page=2#list");
  });
  it.each([
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "javascript:alert(1)",
    "settings",
    "",
    "/" + "a".repeat(2000),
    // Paths that only become protocol-relative once dot segments are resolved.
    "/.//evil.example",
    "/..//evil.example",
    "/./..//evil.example",
    "/a/..//evil.example",
    "/a/b/../..//evil.example",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/.%2e//evil.example",
    "/%2e%2e/%2e%2e//evil.example",
    "/.//evil.example/path?x=1#y",
    "/./\\evil.example",
    "/.\\/evil.example",
    "/..\\\\evil.example",
    "/./\t/evil.example",
    "/\u0000//evil.example",
  ])("falls back for %j", (value) => {
    expect(safeRedirect(value)).toBe("/");
  });
  it.each(["/.//evil.example", "/..//evil.example", "/%2e//evil.example", "/./\\evil.example"])(
    "never answers a target that starts with two slashes for %j",
    (value) => {
      expect(safeRedirect(value, "/home").startsWith("//")).toBe(false);
    },
  );
  it("keeps encoded slashes as part of one path segment (a browser does not read them as a host)", () => {
    expect(safeRedirect("/%2f%2fevil.example")).toBe("/%2f%2fevil.example");
  });
  it("falls back for non-strings and uses the given fallback", () => {
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect(null, "/settings")).toBe("/settings");
    expect(safeRedirect(["/a"])).toBe("/");
  });
  it("never returns to the account pages themselves", () => {
    expect(safeRedirect("/sign-in?redirectTo=/x")).toBe("/");
    expect(safeRedirect("/sign-out")).toBe("/");
  });
  it("normalises dot segments without leaving the site", () => {
    expect(safeRedirect("/a/../settings")).toBe("/settings");
    expect(safeRedirect("/../../etc")).toBe("/etc");
  });
});

describe("signInPath", () => {
  it("remembers the page, without Remix's data parameters", () => {
    expect(signInPath(new URL("http://x/settings"))).toBe("/sign-in?redirectTo=%2Fsettings");
    expect(signInPath(new URL("http://x/bookings?page=2&_routes=root"))).toBe(
      "/sign-in?redirectTo=%2Fbookings%3Fpage%3D2",
    );
    expect(signInPath(new URL("http://x/"))).toBe("/sign-in");
  });
});

describe("homeFor", () => {
  it("sends staff and admins to the back office, drivers home", () => {
    expect(homeFor("supplier")).toBe("/admin");
    expect(homeFor("admin")).toBe("/admin");
    expect(homeFor("user")).toBe("/");
  });
});
