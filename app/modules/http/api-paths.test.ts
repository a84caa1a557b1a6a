import { describe, expect, it } from "vitest";
import { isApiPath, isDecodablePath, loggableUrl } from "./api-paths";

describe("isApiPath", () => {
  it("covers /api and below only", () => {
    expect(isApiPath("/api")).toBe(true);
    expect(isApiPath("/api/user/1")).toBe(true);
    expect(isApiPath("/apis")).toBe(false);
    expect(isApiPath("/search")).toBe(false);
  });
});

describe("loggableUrl", () => {
  it("hides the password of check-password, whatever follows it", () => {
    expect(loggableUrl("/api/check-password/12/hunter2")).toBe("/api/check-password/12/[redacted]");
    expect(loggableUrl("/api/check-password/12/a%2Fb/c?l=en")).toBe("/api/check-password/12/[redacted]");
    expect(loggableUrl("/API/Check-Password/12/x")).toBe("/API/Check-Password/12/[redacted]");
  });
  it("leaves other URLs alone", () => {
    expect(loggableUrl("/api/user/12?l=en")).toBe("/api/user/12?l=en");
    expect(loggableUrl("/search?pickup=1")).toBe("/search?pickup=1");
  });
});

describe("isDecodablePath", () => {
  it("refuses a malformed percent-encoding", () => {
    expect(isDecodablePath("/api/check-password/1/a%2Fb")).toBe(true);
    expect(isDecodablePath("/api/check-password/1/100%")).toBe(false);
    expect(isDecodablePath("/api/check-password/1/%E0%A4%A")).toBe(false);
  });
});
