import type { FinalBill, FinalBillInput } from "./final-bill";

/**
 * The acceptance return (docs/domain.md#final-bill), for the unit tests and the counter's
 * end-to-end test: a 3-day rental at $28 a day with 150 km a day and a $150 deposit, brought back
 * with 3/8 of a tank less, 150 km over the allowance and 3 hours late, the supplier's grace
 * being 59 minutes.
 */
export const acceptanceReturn = {
  input: {
    price: { days: 3, dailyPriceCents: 2800, deposit: { cents: 15000, method: "cardHold" } },
    pickedUpAt: new Date("2026-12-01T14:00:00Z"),
    plannedDropOffAt: new Date("2026-12-04T14:00:00Z"),
    returnedAt: new Date("2026-12-04T17:00:00Z"),
    odometerOutKm: 12_000,
    // 3 days × 150 km = 450 km included, + 150 km.
    odometerInKm: 12_600,
    fuelOutEighths: 8,
    fuelInEighths: 5,
    fuelPolicy: "likeForlike",
    mileagePerDayKm: 150,
    extraKmCents: 25,
    refuelEighthCents: 500,
    graceMinutes: 59,
    damages: [],
  } satisfies FinalBillInput,
  bill: {
    drivenKm: 600,
    fuel: { eighths: 3, eighthCents: 500, cents: 1500 },
    extraKm: { km: 150, allowanceKm: 450, kmCents: 25, cents: 3750 },
    lateReturn: { days: 1, minutesLate: 180, dailyPriceCents: 2800, cents: 2800 },
    damages: [],
    extrasCents: 8050,
    deposit: { cents: 15000, method: "cardHold" },
    depositCoversCents: 8050,
    depositReturnedCents: 6950,
    stillToPayCents: 0,
  } satisfies FinalBill,
};
