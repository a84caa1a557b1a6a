import type { CarCategory, FuelPolicy, FuelType, Gearbox } from "~/modules/catalogue/car-enums";
import { protectionKeys, type ProtectionKey } from "~/modules/pricing/cover";
import { optionKeys, type DepositMethod, type OptionKey } from "~/modules/pricing/pricing";
import { MINIMUM_DRIVER_AGE } from "~/modules/user/age";
import { dollarsInput, parseDollars } from "~/modules/forms/money";
import type { FleetData } from "./fleet-data";
import type { Availability, CarFormValue } from "./car-form";
import { excessCents, excessField, optionCents, optionChoice, optionKindField, optionPriceField } from "./car-options";

/*
 * The car form's values and a car's stored ones (docs/domain.md#fleet): the validated form as the
 * columns the back office writes, and a stored car (or a new one's defaults) as the form's text fields.
 */

/** A car's stored values, as the back office writes them. */
export type CarValues = {
  name: string;
  dailyPriceCents: number;
  /** Null when the car has no such rate (docs/domain.md#long-rental-rates). */
  weeklyDailyPriceCents: number | null;
  monthlyDailyPriceCents: number | null;
  depositCents: number;
  depositMethod: DepositMethod;
  payLaterFeePercent: number;
  minimumAge: number;
  /** The car's own young driver fee per day; null: its supplier's (docs/domain.md#young-driver-fee). */
  youngDriverFeeCents: number | null;
  seats: number;
  doors: number;
  aircon: boolean;
  category: CarCategory;
  bags: number;
  orSimilar: boolean;
  fuelType: FuelType;
  gearbox: Gearbox;
  fuelPolicy: FuelPolicy;
  /** Kilometres per day, -1 unlimited. */
  mileage: number;
  /** The price of each kilometre beyond the allowance; 0 with unlimited mileage. */
  extraKmCents: number;
  availability: Availability;
} & FleetData & { [K in OptionKey as `${K}Cents`]: number } & { [K in ProtectionKey as `${K}ExcessCents`]: number };

/** The validated form as a car's columns, plus its places. */
export function carValuesFrom(value: CarFormValue): { car: CarValues; locationIds: number[] } {
  const options = Object.fromEntries(
    optionKeys.map((key) => [`${key}Cents`, optionCents(value[optionKindField(key)], value[optionPriceField(key)])]),
  ) as {
    [K in OptionKey as `${K}Cents`]: number;
  };
  const excess = Object.fromEntries(
    protectionKeys.map((key) => [
      `${key}ExcessCents`,
      excessCents(value[optionKindField(key)], value[excessField(key)]),
    ]),
  ) as { [K in ProtectionKey as `${K}ExcessCents`]: number };
  return {
    car: {
      name: value.name,
      dailyPriceCents: value.dailyPrice,
      weeklyDailyPriceCents: value.weeklyDailyPrice,
      monthlyDailyPriceCents: value.monthlyDailyPrice,
      depositCents: value.deposit,
      depositMethod: value.depositMethod,
      payLaterFeePercent: value.payLaterFeePercent,
      minimumAge: value.minimumAge,
      youngDriverFeeCents: value.youngDriverFee,
      seats: value.seats,
      doors: value.doors,
      aircon: value.aircon === true,
      category: value.category,
      bags: value.bags,
      orSimilar: value.orSimilar === true,
      fuelType: value.fuelType,
      gearbox: value.gearbox,
      fuelPolicy: value.fuelPolicy,
      mileage: value.mileageKind === "unlimited" ? -1 : Number(value.mileageKm),
      extraKmCents: value.mileageKind === "unlimited" ? 0 : (parseDollars(value.extraKm ?? "") ?? 0),
      availability: value.availability,
      plate: value.plate,
      vin: value.vin,
      colour: value.colour,
      year: value.year,
      ...options,
      ...excess,
    },
    locationIds: [...new Set(value.locationIds)].sort((a, b) => a - b),
  };
}

/** The form's initial values: a stored car's (editing) or a new car's sensible defaults. */
export function carFormDefaults(
  car: (CarValues & { supplierId: number; locationIds: number[] }) | null,
): Record<string, string | string[] | undefined> {
  if (!car) {
    return {
      minimumAge: String(MINIMUM_DRIVER_AGE),
      payLaterFeePercent: "0",
      deposit: "0.00",
      depositMethod: "cardHold",
      seats: "5",
      doors: "4",
      // The database's default too; the supplier corrects it (docs/domain.md#car-categories).
      category: "economy",
      bags: "2",
      aircon: "on",
      mileageKind: "unlimited",
      availability: "available",
      fuelPolicy: "likeForlike",
      ...Object.fromEntries(optionKeys.map((key) => [optionKindField(key), "unavailable"])),
    };
  }
  return {
    name: car.name,
    supplierId: String(car.supplierId),
    dailyPrice: dollarsInput(car.dailyPriceCents),
    weeklyDailyPrice: car.weeklyDailyPriceCents === null ? "" : dollarsInput(car.weeklyDailyPriceCents),
    monthlyDailyPrice: car.monthlyDailyPriceCents === null ? "" : dollarsInput(car.monthlyDailyPriceCents),
    deposit: dollarsInput(car.depositCents),
    depositMethod: car.depositMethod,
    payLaterFeePercent: String(car.payLaterFeePercent),
    minimumAge: String(car.minimumAge),
    youngDriverFee: car.youngDriverFeeCents === null ? "" : dollarsInput(car.youngDriverFeeCents),
    seats: String(car.seats),
    doors: String(car.doors),
    aircon: car.aircon ? "on" : undefined,
    category: car.category,
    bags: String(car.bags),
    orSimilar: car.orSimilar ? "on" : undefined,
    fuelType: car.fuelType,
    gearbox: car.gearbox,
    fuelPolicy: car.fuelPolicy,
    mileageKind: car.mileage < 0 ? "unlimited" : "limited",
    mileageKm: car.mileage < 0 ? "" : String(car.mileage),
    extraKm: car.mileage < 0 ? "" : dollarsInput(car.extraKmCents),
    availability: car.availability,
    plate: car.plate ?? "",
    vin: car.vin ?? "",
    colour: car.colour ?? "",
    year: car.year === null ? "" : String(car.year),
    locationIds: car.locationIds.map(String),
    ...Object.fromEntries(
      optionKeys.flatMap((key) => {
        const { kind, price } = optionChoice(car[`${key}Cents`]);
        return [
          [optionKindField(key), kind],
          [optionPriceField(key), price],
        ];
      }),
    ),
    ...Object.fromEntries(
      protectionKeys.map((key) => [
        excessField(key),
        car[`${key}Cents`] < 0 ? "" : dollarsInput(car[`${key}ExcessCents`]),
      ]),
    ),
  };
}
