import { describe, expect, it } from "vitest";
import { depositTakenMethods as dbDepositTaken, fuelPolicies } from "../../../db/schema/enums";
import {
  billFuelPolicies,
  computeFinalBill,
  depositTakenMethods,
  FinalBillError,
  type FinalBillInput,
} from "./final-bill";
import { acceptanceReturn } from "./final-bill.fixture";

const base: FinalBillInput = acceptanceReturn.input;
const minutes = (n: number) => n * 60_000;
const returnedAfterDropOff = (ms: number) => new Date(base.plannedDropOffAt.getTime() + ms);

describe("computeFinalBill (docs/domain.md#final-bill)", () => {
  it("bills the issue's acceptance return: 3/8 of a tank, 150 km over, 3 hours late", () => {
    expect(computeFinalBill(base)).toEqual(acceptanceReturn.bill);
  });

  it("charges nothing for a return on time, with the same fuel and within the allowance", () => {
    const bill = computeFinalBill({
      ...base,
      returnedAt: base.plannedDropOffAt,
      odometerInKm: 12_450,
      fuelInEighths: 8,
    });
    expect(bill).toMatchObject({
      fuel: null,
      extraKm: null,
      lateReturn: null,
      extrasCents: 0,
      depositCoversCents: 0,
      depositReturnedCents: 15000,
      stillToPayCents: 0,
    });
  });

  describe("late return", () => {
    const lateFor = (ms: number, graceMinutes = 59) =>
      computeFinalBill({ ...base, graceMinutes, returnedAt: returnedAfterDropOff(ms) }).lateReturn;

    it("is on time up to the end of the grace period, a day late one minute after", () => {
      expect(lateFor(minutes(59))).toBeNull();
      expect(lateFor(minutes(60))).toEqual({ days: 1, minutesLate: 60, dailyPriceCents: 2800, cents: 2800 });
    });

    it("counts every started 24 hours from the drop-off time, grace included", () => {
      expect(lateFor(minutes(24 * 60))?.days).toBe(1);
      expect(lateFor(minutes(24 * 60 + 1))).toEqual({
        days: 2,
        minutesLate: 1441,
        dailyPriceCents: 2800,
        cents: 5600,
      });
    });

    it("without a grace period, one minute late is a day", () => {
      expect(lateFor(0, 0)).toBeNull();
      expect(lateFor(minutes(1), 0)?.cents).toBe(2800);
      expect(lateFor(30_000, 0)?.days).toBe(1);
    });

    it("refunds nothing for an early return", () => {
      const bill = computeFinalBill({ ...base, returnedAt: returnedAfterDropOff(-minutes(24 * 60)) });
      expect(bill.lateReturn).toBeNull();
      expect(bill.extrasCents).toBe(1500 + 3750);
    });
  });

  describe("kilometres", () => {
    it("charges none with unlimited mileage however far the car went", () => {
      const bill = computeFinalBill({ ...base, mileagePerDayKm: -1, odometerInKm: 17_000 });
      expect(bill.drivenKm).toBe(5000);
      expect(bill.extraKm).toBeNull();
      expect(bill.extrasCents).toBe(1500 + 2800);
    });

    it("counts the allowance over the booked days only, not the late ones", () => {
      expect(computeFinalBill({ ...base, odometerInKm: 12_450 }).extraKm).toBeNull();
      expect(computeFinalBill({ ...base, odometerInKm: 12_451 }).extraKm).toEqual({
        km: 1,
        allowanceKm: 450,
        kmCents: 25,
        cents: 25,
      });
    });

    it("charges none when the car did not move", () => {
      const bill = computeFinalBill({ ...base, odometerInKm: base.odometerOutKm });
      expect(bill.drivenKm).toBe(0);
      expect(bill.extraKm).toBeNull();
    });
  });

  describe("fuel", () => {
    it("charges nothing under the free tank policy", () => {
      const bill = computeFinalBill({ ...base, fuelPolicy: "freeTank", fuelInEighths: 0 });
      expect(bill.fuel).toBeNull();
      expect(bill.extrasCents).toBe(3750 + 2800);
    });

    it("charges nothing for a car brought back fuller than it left", () => {
      expect(computeFinalBill({ ...base, fuelOutEighths: 4, fuelInEighths: 8 }).fuel).toBeNull();
    });

    it("charges every missing eighth, an empty tank included", () => {
      expect(computeFinalBill({ ...base, fuelInEighths: 0 }).fuel).toEqual({
        eighths: 8,
        eighthCents: 500,
        cents: 4000,
      });
    });
  });

  describe("deposit settlement", () => {
    it("leaves everything to pay when the booking has no deposit", () => {
      for (const deposit of [undefined, { cents: 0, method: "cash" as const }]) {
        const bill = computeFinalBill({ ...base, price: { ...base.price, deposit } });
        expect(bill).toMatchObject({
          deposit: null,
          extrasCents: 8050,
          depositCoversCents: 0,
          depositReturnedCents: 0,
          stillToPayCents: 8050,
        });
      }
    });

    it("keeps the whole deposit and asks the rest when damage goes beyond it", () => {
      const bill = computeFinalBill({
        ...base,
        damages: [
          { amountCents: 12000, note: "Rear bumper dented" },
          { amountCents: 5000, note: "Left mirror cracked" },
        ],
      });
      expect(bill.damages).toEqual([
        { amountCents: 12000, note: "Rear bumper dented" },
        { amountCents: 5000, note: "Left mirror cracked" },
      ]);
      expect(bill).toMatchObject({
        extrasCents: 25050,
        depositCoversCents: 15000,
        depositReturnedCents: 0,
        stillToPayCents: 10050,
      });
    });

    it("covers extras exactly equal to the deposit, returning nothing and owing nothing", () => {
      const bill = computeFinalBill({ ...base, damages: [{ amountCents: 6950, note: "Scratch" }] });
      expect(bill).toMatchObject({
        extrasCents: 15000,
        depositCoversCents: 15000,
        depositReturnedCents: 0,
        stillToPayCents: 0,
      });
    });
  });

  describe("refuses input it cannot bill", () => {
    const reason = (input: Partial<FinalBillInput>) => {
      try {
        computeFinalBill({ ...base, ...input });
      } catch (error) {
        if (error instanceof FinalBillError) return error.reason;
        throw error;
      }
      return "computed";
    };

    it("names what is wrong", () => {
      expect(reason({ returnedAt: new Date(base.pickedUpAt.getTime() - 1) })).toBe("returnBeforePickUp");
      expect(reason({ odometerInKm: 11_999 })).toBe("odometerBackwards");
      expect(reason({ odometerInKm: 12_000.5 })).toBe("odometer");
      expect(reason({ odometerOutKm: -1, odometerInKm: 10 })).toBe("odometer");
      expect(reason({ fuelInEighths: 9 })).toBe("fuelLevel");
      expect(reason({ fuelOutEighths: -1 })).toBe("fuelLevel");
      expect(reason({ fuelInEighths: 2.5 })).toBe("fuelLevel");
      expect(reason({ damages: [{ amountCents: 0, note: "Nothing" }] })).toBe("damageAmount");
      expect(reason({ damages: [{ amountCents: 10.5, note: "Half a cent" }] })).toBe("damageAmount");
      expect(reason({ refuelEighthCents: -500 })).toBe("setting");
      expect(reason({ mileagePerDayKm: -2 })).toBe("setting");
      expect(reason({ returnedAt: new Date(Number.NaN) })).toBe("setting");
    });

    it("refuses more than 2,000 km per started day out as a typing slip", () => {
      // Out 3 days and 3 hours: 4 started days, so up to 8,000 km.
      expect(reason({ odometerInKm: 20_000 })).toBe("computed");
      expect(reason({ odometerInKm: 20_001 })).toBe("odometerImplausible");
      // An extra digit typed on the acceptance's 12,600.
      expect(reason({ odometerInKm: 126_000 })).toBe("odometerImplausible");
      // Handed back at once: one day's worth.
      expect(reason({ returnedAt: base.pickedUpAt, odometerInKm: 14_000, fuelInEighths: 8 })).toBe("computed");
      expect(reason({ returnedAt: base.pickedUpAt, odometerInKm: 14_001, fuelInEighths: 8 })).toBe(
        "odometerImplausible",
      );
    });

    it("bills a return at the pick-up instant (a car handed back at once)", () => {
      expect(reason({ returnedAt: base.pickedUpAt, odometerInKm: 12_000, fuelInEighths: 8 })).toBe("computed");
    });
  });

  it("knows the database's fuel policies and ways of taking a deposit", () => {
    expect([...billFuelPolicies]).toEqual([...fuelPolicies]);
    expect([...depositTakenMethods]).toEqual([...dbDepositTaken]);
  });
});
