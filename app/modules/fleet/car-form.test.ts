import { describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES } from "~/modules/images/process.server";
import { messages } from "~/modules/forms/messages";
import { carFormMessages, carLimits } from "./car-limits";
import { carValuesFrom } from "./car-values";
import { admin, errorsOf, parse, validForm } from "./car-form.fixture";

describe("the car form", () => {
  it("turns dollars into cents and each option's choice into -1, 0 or its price", () => {
    const submission = parse(validForm());
    if (submission.status !== "success") throw new Error(JSON.stringify(submission.reply().error));
    const { car, locationIds } = carValuesFrom(submission.value);
    expect(car).toMatchObject({
      name: "Toyota Corolla",
      dailyPriceCents: 4550,
      depositCents: 25000,
      payLaterFeePercent: 10,
      minimumAge: 25,
      seats: 5,
      doors: 4,
      aircon: true,
      category: "midsize",
      bags: 3,
      orSimilar: true,
      fuelType: "gasoline",
      gearbox: "automatic",
      fuelPolicy: "freeTank",
      mileage: 250,
      extraKmCents: 35,
      availability: "available",
      gpsCents: 325,
      cancellationCents: 0,
      homeDeliveryCents: -1,
      additionalDriverCents: -1,
    });
    expect(submission.value.supplierId).toBe(7);
    expect(locationIds).toEqual([1, 3]);
  });

  it("stores unlimited mileage as -1 and an unticked air conditioning as false", () => {
    const submission = parse(validForm({ mileageKind: "unlimited", mileageKm: "", extraKm: "", aircon: null }));
    if (submission.status !== "success") throw new Error("refused");
    expect(carValuesFrom(submission.value).car).toMatchObject({ mileage: -1, extraKmCents: 0, aircon: false });
  });

  it("stores an unticked 'or similar' as false", () => {
    const submission = parse(validForm({ orSimilar: null }));
    if (submission.status !== "success") throw new Error("refused");
    expect(carValuesFrom(submission.value).car.orSimilar).toBe(false);
  });

  it("asks for every required field with the shared message, and for the picture of a new car", () => {
    const errors = errorsOf(new FormData());
    for (const field of [
      "name",
      "supplierId",
      "dailyPrice",
      "deposit",
      "minimumAge",
      "seats",
      "doors",
      "category",
      "bags",
      "fuelType",
      "gearbox",
      "mileageKind",
      "availability",
      "locationIds",
      "gpsKind",
    ]) {
      expect(errors[field], field).toEqual([messages.required]);
    }
    expect(errors.image).toEqual([carFormMessages.imageRequired]);
  });

  it("keeps the current picture when an edit sends none", () => {
    expect(parse(validForm({ image: null }), { pickSupplier: true, imageRequired: false }).status).toBe("success");
    // The browser's empty file input counts as none.
    expect(parse(validForm({ image: new File([], "") }), { pickSupplier: true, imageRequired: false }).status).toBe(
      "success",
    );
    expect(errorsOf(validForm({ image: new File([], "") })).image).toEqual([carFormMessages.imageRequired]);
  });

  it("refuses a picture over the upload cap before reading it", () => {
    expect(carLimits.imageMaxBytes).toBe(IMAGE_MAX_BYTES);
    const huge = new File([new Uint8Array(carLimits.imageMaxBytes + 1)], "big.jpg", { type: "image/jpeg" });
    expect(errorsOf(validForm({ image: huge })).image).toEqual([carFormMessages.imageTooLarge]);
  });

  it("ignores a supplier posted by supplier staff: theirs is decided on the server", () => {
    const submission = parse(validForm({ supplierId: "999" }), { pickSupplier: false, imageRequired: true });
    if (submission.status !== "success") throw new Error("refused");
    expect(submission.value.supplierId).toBeUndefined();
  });

  it.each([
    ["0", carFormMessages.dailyPricePositive],
    ["45,5,5", carFormMessages.money],
    ["-3", carFormMessages.money],
    ["12.345", carFormMessages.money],
    ["100000.01", carFormMessages.moneyTooHigh],
  ])("refuses the daily price %j", (dailyPrice, message) => {
    expect(errorsOf(validForm({ dailyPrice })).dailyPrice).toEqual([message]);
  });

  it.each([
    ["0", carFormMessages.longRatePositive],
    ["abc", carFormMessages.longRatePositive],
    ["100000.01", carFormMessages.moneyTooHigh],
  ])("refuses the weekly daily price %j (docs/domain.md#long-rental-rates)", (weeklyDailyPrice, message) => {
    expect(errorsOf(validForm({ weeklyDailyPrice })).weeklyDailyPrice).toEqual([message]);
  });

  it("reads empty longer-rental prices as none and typed ones as cents", () => {
    const none = parse(validForm(), admin);
    const typed = parse(validForm({ weeklyDailyPrice: "39,90", monthlyDailyPrice: "30" }), admin);
    if (none.status !== "success" || typed.status !== "success") throw new Error("refused");
    expect(carValuesFrom(none.value).car).toMatchObject({ weeklyDailyPriceCents: null, monthlyDailyPriceCents: null });
    expect(carValuesFrom(typed.value).car).toMatchObject({ weeklyDailyPriceCents: 3990, monthlyDailyPriceCents: 3000 });
  });

  it("reads the car's young driver fee: empty keeps the supplier's, 0 is none, else cents (docs/domain.md#young-driver-fee)", () => {
    const read = (youngDriverFee: string) => {
      const submission = parse(validForm({ youngDriverFee }), admin);
      if (submission.status !== "success") throw new Error("refused");
      return carValuesFrom(submission.value).car.youngDriverFeeCents;
    };
    expect(read("")).toBeNull();
    expect(read("0")).toBe(0);
    expect(read("12,50")).toBe(1250);
    expect(read("1000")).toBe(100_000);
  });

  it.each(["1000.01", "-5", "ten"])("refuses the young driver fee %j with the range it takes", (youngDriverFee) => {
    expect(errorsOf(validForm({ youngDriverFee })).youngDriverFee).toEqual([carFormMessages.youngDriverFee]);
  });

  it.each(["45.50", "45,50"])("reads the daily price %j as 4,550 cents: a decimal point or comma", (dailyPrice) => {
    const submission = parse(validForm({ dailyPrice }), admin);
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value.dailyPrice).toBe(4550);
  });

  it("accepts a deposit of zero and the largest amount", () => {
    expect(parse(validForm({ deposit: "0", dailyPrice: "100,000.00" })).status).toBe("success");
  });

  it.each([
    ["", messages.required],
    ["  ", messages.required],
    ["0", carFormMessages.optionPricePositive],
    ["abc", carFormMessages.money],
    ["200000", carFormMessages.moneyTooHigh],
  ])("asks a priced option for a price above zero (%j)", (gpsPrice, message) => {
    expect(errorsOf(validForm({ gpsPrice })).gpsPrice).toEqual([message]);
  });

  it("reads an option's price only when the price is chosen", () => {
    const submission = parse(
      validForm({ gpsKind: "included", gpsPrice: "not a price", babyChairKind: "unavailable", babyChairPrice: "5" }),
    );
    if (submission.status !== "success") throw new Error("refused");
    expect(carValuesFrom(submission.value).car).toMatchObject({ gpsCents: 0, babyChairCents: -1 });
  });

  it("refuses an option choice that is not one of the three", () => {
    expect(errorsOf(validForm({ gpsKind: "free" })).gpsKind).toEqual([messages.required]);
  });

  it.each([
    ["minimumAge", "20", carFormMessages.minimumAge],
    ["minimumAge", "100", carFormMessages.minimumAge],
    ["minimumAge", "21.5", carFormMessages.minimumAge],
    ["seats", "0", carFormMessages.seats],
    ["doors", "10", carFormMessages.doors],
    ["payLaterFeePercent", "101", carFormMessages.payLaterFeePercent],
    ["payLaterFeePercent", "-1", carFormMessages.payLaterFeePercent],
    ["seats", "five", carFormMessages.seats],
    ["bags", "-1", carFormMessages.bags],
    ["bags", "21", carFormMessages.bags],
    ["bags", "1.5", carFormMessages.bags],
    ["category", "limousine", messages.required],
  ])("refuses %s = %j", (field, value, message) => {
    expect(errorsOf(validForm({ [field]: value }))[field]).toEqual([message]);
  });

  it("accepts the smallest minimum age, 21", () => {
    expect(parse(validForm({ minimumAge: "21" })).status).toBe("success");
  });

  it.each([
    ["", messages.required],
    ["0", carFormMessages.mileageKm],
    ["12.5", carFormMessages.mileageKm],
    ["100001", carFormMessages.mileageKm],
  ])("asks limited mileage for its kilometres per day (%j)", (mileageKm, message) => {
    expect(errorsOf(validForm({ mileageKm })).mileageKm).toEqual([message]);
  });

  it.each([
    ["", messages.required],
    ["abc", carFormMessages.extraKm],
    ["0.255", carFormMessages.extraKm],
    ["100.01", carFormMessages.extraKm],
  ])("asks limited mileage for its price per extra kilometer (%j)", (extraKm, message) => {
    expect(errorsOf(validForm({ extraKm })).extraKm).toEqual([message]);
  });

  it("accepts a price per extra kilometer from $0 to $100", () => {
    for (const [extraKm, cents] of [
      ["0", 0],
      ["100", 10_000],
    ] as const) {
      const submission = parse(validForm({ extraKm }));
      if (submission.status !== "success") throw new Error(JSON.stringify(submission.reply().error));
      expect(carValuesFrom(submission.value).car.extraKmCents).toBe(cents);
    }
  });

  it("needs at least one place and refuses a forged enumeration value", () => {
    const errors = errorsOf(validForm({ locationIds: null, fuelType: "steam" }));
    expect(errors.locationIds).toEqual([messages.required]);
    expect(errors.fuelType).toEqual([messages.required]);
  });

  it("names a forged place id as a place to choose from the list", () => {
    expect(errorsOf(validForm({ locationIds: ["1", "abc"] }))["locationIds[1]"]).toEqual([
      carFormMessages.unknownPlace,
    ]);
    expect(
      errorsOf(validForm({ locationIds: Array.from({ length: 501 }, (_, i) => String(i + 1)) })).locationIds,
    ).toEqual([carFormMessages.unknownPlace]);
  });

  it("shows every error at once, the options' prices along with the other fields'", () => {
    const errors = errorsOf(validForm({ name: "", gpsPrice: "", mileageKm: "" }));
    expect(Object.keys(errors).sort()).toEqual(["gpsPrice", "mileageKm", "name"]);
  });
});
