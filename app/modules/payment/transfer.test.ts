import { describe, expect, it } from "vitest";
import { dollarsToCents, igtfCents, igtfFor, normalizeZelleReference, transferProviderReference } from "./transfer";

describe("IGTF (docs/domain.md#igtf)", () => {
  it("is 3 % of the payment in whole cents, half a cent rounding up", () => {
    expect(igtfCents(6000)).toBe(180);
    expect(igtfCents(50)).toBe(2); // 1.5 ¢
    expect(igtfCents(49)).toBe(1); // 1.47 ¢
    expect(igtfCents(16)).toBe(0); // 0.48 ¢
    expect(igtfCents(12345)).toBe(370); // 370.35 ¢
  });

  it("applies to dollars by Zelle to a supplier that collects it, never to bolívares", () => {
    expect(igtfFor("zelle", 6000, true)).toBe(180);
    expect(igtfFor("zelle", 6000, false)).toBe(0);
    expect(igtfFor("bankTransfer", 6000, true)).toBe(0);
  });
});

describe("the payer's part and reference", () => {
  it("reads a typed dollar amount in cents, a comma as the decimal point", () => {
    expect(dollarsToCents("60")).toBe(6000);
    expect(dollarsToCents("60,5")).toBe(6050);
    expect(dollarsToCents("0.01")).toBe(1);
    for (const bad of ["0", "-5", "1.234", "abc", "123456789"]) expect(dollarsToCents(bad)).toBeNull();
  });

  it("makes one Zelle code one payment whatever its case or date, and keys a bank transfer like pago móvil", () => {
    expect(normalizeZelleReference(" zl12-ab34 ")).toBe("ZL12AB34");
    expect(normalizeZelleReference("ab")).toBeNull();
    expect(transferProviderReference("zelle", { reference: "ZL12AB34", date: "2026-11-20" })).toBe("zelle:ZL12AB34");
    expect(transferProviderReference("bankTransfer", { reference: "0098765", bank: "0134", date: "2026-11-20" })).toBe(
      "bt:0134:98765:2026-11-20",
    );
  });
});
