import { describe, expect, it } from "vitest";
import { licenceValidOn, pickupSchema } from "./pickup";

describe("the pick-up form", () => {
  it("lets a licence drive until its expiry day, included", () => {
    expect(licenceValidOn("2026-12-03", "2026-12-03")).toBe(true);
    expect(licenceValidOn("2026-12-02", "2026-12-03")).toBe(false);
  });

  it("asks how a deposit was taken, but not for none", () => {
    const schema = pickupSchema({ licence: false, payment: false });
    const base = { odometer: "48213", fuel: "6", signerName: "Ana", agree: true };
    expect(schema.safeParse({ ...base, deposit: "300" }).success).toBe(false);
    expect(schema.safeParse({ ...base, deposit: "0" }).data).toMatchObject({ odometer: 48213, fuel: 6, deposit: 0 });
    expect(schema.safeParse({ ...base, odometer: "12345678", deposit: "0" }).success).toBe(false);
  });
});
