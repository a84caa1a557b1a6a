import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { returnSchema } from "./return";

/** The return form as posted (docs/domain.md#return): every value a string, as the browser sends it. */
function post(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries({
    odometer: "12600",
    fuel: "5",
    returnedAt: "2026-12-04T13:00",
    ...values,
  }))
    data.append(name, value);
  return parseWithZod(data, { schema: returnSchema });
}

describe("the return form", () => {
  it("reads the odometer, the fuel and the time, and skips the empty damage rows", () => {
    const result = post({
      "damages[0].amount": "",
      "damages[0].note": "",
      "damages[1].amount": "120,50",
      "damages[1].note": "Scratch",
    });
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toEqual({
      odometer: 12600,
      fuel: 5,
      returnedAt: "2026-12-04T13:00",
      damages: [{ amountCents: 12050, note: "Scratch" }],
      // The walk-around's fields (docs/domain.md#inspection): none chosen, none marked.
      photos: [],
      marks: [],
    });
  });

  it("asks a damage row with one field for the other, and refuses an amount of nothing", () => {
    const result = post({
      "damages[0].amount": "80",
      "damages[1].note": "Dent",
      "damages[2].amount": "0",
      "damages[2].note": "x",
    });
    expect(result.status).toBe("error");
    expect(result.reply().error).toMatchObject({
      "damages[0].note": ["adminDashboard:return.errors.damageNote"],
      "damages[1].amount": ["adminDashboard:return.errors.damageAmount"],
      "damages[2].amount": ["adminDashboard:return.errors.damageAmount"],
    });
  });

  it("refuses an odometer that is not whole kilometres, a fuel level off the gauge and a malformed time", () => {
    const result = post({ odometer: "12.5", fuel: "9", returnedAt: "tomorrow" });
    expect(post({ returnedAt: "2026-02-30T10:00" }).reply().error).toMatchObject({
      returnedAt: ["adminDashboard:return.errors.returnedAt"],
    });
    expect(result.reply().error).toMatchObject({
      odometer: ["adminDashboard:return.errors.odometer"],
      fuel: ["adminDashboard:pickup.errors.fuel"],
      returnedAt: ["adminDashboard:return.errors.returnedAt"],
    });
  });
});
