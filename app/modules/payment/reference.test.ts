import { describe, expect, it } from "vitest";
import { readableReference } from "./reference";

describe("readableReference", () => {
  it("gives the Zelle and bank transfer references as typed, not the unique key", () => {
    expect(readableReference("zelle", "zelle:ZL12AB34CD56", { reference: "ZL12AB34CD56" })).toBe("ZL12AB34CD56");
    expect(readableReference("bankTransfer", "bt:0134:98765:2026-11-20", { reference: "0098765" })).toBe("0098765");
  });

  it("gives the pago móvil reference as typed, leading zeros kept, not the unique key", () => {
    expect(readableReference("mobilePayment", "pm:0134:4512378:2026-11-25", { reference: "004512378" })).toBe(
      "004512378",
    );
  });

  it("gives the end of a card session id, and nothing when there is none", () => {
    expect(readableReference("cardPayment", "stripe:cs_test_a1B2c3D4e5F6g7H8", {})).toBe("…e5F6g7H8");
    expect(readableReference("cardPayment", "demo:42", {})).toBe("42");
    expect(readableReference("cardPayment", null, {})).toBeNull();
  });

  it("gives the whole USDT transaction id", () => {
    const tx = "ab".repeat(32);
    expect(readableReference("walletPayment", `tron:${tx}`, {})).toBe(tx);
  });
});
