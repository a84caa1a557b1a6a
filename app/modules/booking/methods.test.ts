import { describe, expect, it } from "vitest";
import { isOnlineMethod, methodHref, payableQuery } from "./methods";

describe("payment methods", () => {
  it("links each method's page with the booking and, when given, the grant", () => {
    expect(methodHref("cardPayment", 12)).toBe("/payment/card?b=12");
    expect(methodHref("mobilePayment", 12, "abc")).toBe("/payment/mobile?b=12&g=abc");
    expect(methodHref("walletPayment", 7, null)).toBe("/payment/usdt?b=7");
    expect(payableQuery(3, "x y")).toBe("b=3&g=x+y");
  });

  it("knows pay later and the counter methods are not online", () => {
    expect(isOnlineMethod("cardPayment")).toBe(true);
    expect(isOnlineMethod("payLater")).toBe(false);
    expect(isOnlineMethod("Cash")).toBe(false);
    expect(isOnlineMethod(undefined)).toBe(false);
  });
});
