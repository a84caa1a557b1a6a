import { describe, expect, it } from "vitest";
import { licenceValidOn, pickupOpensAt, pickupSchema } from "./pickup";

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

describe("when a car may go out (docs/domain.md#pick-up)", () => {
  const caracas = "America/Caracas";
  it("opens at the start of the pick-up day on the place's clock", () => {
    // 14:00 on 4 December in Caracas (UTC−4) opens at 00:00 that day.
    expect(pickupOpensAt(new Date("2026-12-04T18:00:00Z"), caracas, 0)).toEqual(new Date("2026-12-04T04:00:00Z"));
    // The same instant in Athens is 20:00 on the 4th there: its day starts at 22:00 UTC on the 3rd.
    expect(pickupOpensAt(new Date("2026-12-04T18:00:00Z"), "Europe/Athens", 0)).toEqual(
      new Date("2026-12-03T22:00:00Z"),
    );
  });

  it("opens the preparation time before the start when that is earlier, and at least an hour before", () => {
    expect(pickupOpensAt(new Date("2026-12-04T18:00:00Z"), caracas, 30)).toEqual(new Date("2026-12-03T12:00:00Z"));
    // 00:15 on the 5th: an hour before is 23:15 on the 4th, before that day's midnight.
    expect(pickupOpensAt(new Date("2026-12-05T04:15:00Z"), caracas, 0)).toEqual(new Date("2026-12-05T03:15:00Z"));
  });
});
