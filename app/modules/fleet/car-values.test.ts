import { describe, expect, it } from "vitest";
import { carFormDefaults, carValuesFrom } from "./car-values";
import { errorsOf, parse } from "./car-form.fixture";

describe("the car form's values", () => {
  it("shows a stored car as the form that stores it again unchanged", () => {
    const stored = {
      name: "Kia Rio",
      supplierId: 4,
      locationIds: [2, 5],
      dailyPriceCents: 3705,
      weeklyDailyPriceCents: 3900,
      monthlyDailyPriceCents: null,
      depositCents: 0,
      depositMethod: "cash" as const,
      payLaterFeePercent: 5,
      minimumAge: 23,
      youngDriverFeeCents: 1250,
      seats: 5,
      doors: 5,
      aircon: false,
      category: "van" as const,
      bags: 0,
      orSimilar: false,
      fuelType: "hybrid" as const,
      gearbox: "manual" as const,
      fuelPolicy: "likeForlike" as const,
      mileage: 300,
      extraKmCents: 45,
      availability: "unavailable" as const,
      cancellationCents: 1500,
      gpsCents: 0,
      homeDeliveryCents: -1,
      babyChairCents: 250,
      theftProtectionCents: -1,
      collisionDamageWaiverCents: 999,
      fullInsuranceCents: 2000,
      additionalDriverCents: -1,
      collisionDamageWaiverExcessCents: 80000,
      theftProtectionExcessCents: 0,
      fullInsuranceExcessCents: 0,
      plate: "AB-123-CD",
      vin: "9BWZZZ377VT004251",
      colour: "Plata",
      year: 2021,
    };
    const form = new FormData();
    for (const [name, value] of Object.entries(carFormDefaults(stored))) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
    }
    const submission = parse(form, { pickSupplier: true, imageRequired: false });
    if (submission.status !== "success") throw new Error(JSON.stringify(submission.reply().error));
    const { supplierId, locationIds, ...car } = stored;
    expect(carValuesFrom(submission.value)).toEqual({ car, locationIds });
    expect(submission.value.supplierId).toBe(supplierId);
  });

  it("gives a new car a form that only lacks what has no sensible default", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(carFormDefaults(null)))
      if (typeof value === "string") form.append(name, value);
    expect(Object.keys(errorsOf(form)).sort()).toEqual([
      "dailyPrice",
      "fuelType",
      "gearbox",
      "image",
      "locationIds",
      "name",
      "supplierId",
    ]);
  });
});
