import { ROW_ID_MAX } from "~/utils/row-id";
import { z } from "zod";
import {
  carCategories,
  fuelPolicies,
  fuelTypes,
  gearboxes,
  type CarCategory,
  type FuelPolicy,
  type FuelType,
  type Gearbox,
} from "~/modules/catalogue/car-enums";
import { requiredText } from "~/modules/forms/fields";
import { messages } from "~/modules/forms/messages";
import { coverConflicts, protectionKeys, type ProtectionKey } from "~/modules/pricing/cover";
import { depositMethods, optionKeys, type DepositMethod, type OptionKey } from "~/modules/pricing/pricing";
import { MINIMUM_DRIVER_AGE } from "~/modules/user/age";
import { YOUNG_DRIVER_FEE_MAX_CENTS } from "~/modules/booking/young-driver";
import { dollarsField, dollarsInput, parseDollars } from "~/modules/forms/money";
import { fleetDataFields, type FleetData } from "./fleet-data";

/*
 * The car form of the back office (docs/domain.md#fleet): one zod schema for the browser and the
 * server, and the pure translation between the form's text fields and a car's stored values.
 */

export const availabilities = ["available", "unavailable"] as const;
export type Availability = (typeof availabilities)[number];

/** What an option's radio buttons say; stored as -1, 0 or the price in cents (docs/domain.md#price). */
export const optionKinds = ["unavailable", "included", "price"] as const;
export type OptionKind = (typeof optionKinds)[number];
export const mileageKinds = ["limited", "unlimited"] as const;

export const carLimits = {
  nameMax: 120,
  /** $100,000: more than any car's day or deposit, far below the integer columns' range. */
  moneyMaxCents: 10_000_000,
  minimumAge: { min: MINIMUM_DRIVER_AGE, max: 99 },
  seats: { min: 1, max: 60 },
  doors: { min: 1, max: 9 },
  /** Large suitcases (docs/domain.md#car-categories): a van's boot holds about 10. */
  bags: { min: 0, max: 20 },
  payLaterFeePercent: { min: 0, max: 100 },
  mileageKm: { min: 1, max: 100_000 },
  /** The price of a kilometre beyond the allowance: up to $100 (docs/domain.md#final-bill). */
  extraKmMaxCents: 10_000,
  /** The same cap as every upload (`IMAGE_MAX_BYTES`, a unit test holds them equal); checked before sending too. */
  imageMaxBytes: 5 * 1024 * 1024,
  /** The stored picture: 300×200, cropped to fill (docs/domain.md#limits). */
  image: { width: 300, height: 200 },
} as const;

/** i18n keys of the form's own messages; the required-field ones are the shared "Please fill in the field: …". */
export const carFormMessages = {
  money: "adminCars:errors.money",
  moneyTooHigh: "adminCars:errors.moneyTooHigh",
  dailyPricePositive: "adminCars:errors.dailyPricePositive",
  longRatePositive: "adminCars:errors.longRatePositive",
  optionPricePositive: "adminCars:errors.optionPricePositive",
  minimumAge: "adminCars:errors.minimumAge",
  seats: "adminCars:errors.seats",
  doors: "adminCars:errors.doors",
  bags: "adminCars:errors.bags",
  payLaterFeePercent: "adminCars:errors.payLaterFeePercent",
  youngDriverFee: "adminSuppliers:rules.youngDriverFeeRange",
  mileageKm: "adminCars:errors.mileageKm",
  extraKm: "adminCars:errors.extraKm",
  unknownSupplier: "adminCars:errors.unknownSupplier",
  unknownPlace: "adminCars:errors.unknownPlace",
  supplierHasBookings: "adminCars:errors.supplierHasBookings",
  heldByBookings: "adminCars:errors.heldByBookings",
  fullIncludesPart: "adminCars:errors.fullIncludesPart",
  fullExcessHigher: "adminCars:errors.fullExcessHigher",
  imageRequired: "adminCars:image.required",
  imageTooLarge: "adminCars:image.tooLarge",
  imageNotImage: "adminCars:image.notImage",
  imageTooManyPixels: "adminCars:image.tooManyPixels",
  imageEmpty: "adminCars:image.empty",
  imageBusy: "adminCars:image.busy",
} as const;

/** Why processImage refused an upload, as the message the form shows. */
export const imageRefusalMessages = {
  empty: carFormMessages.imageEmpty,
  tooLarge: carFormMessages.imageTooLarge,
  notImage: carFormMessages.imageNotImage,
  tooManyPixels: carFormMessages.imageTooManyPixels,
  busy: carFormMessages.imageBusy,
} as const;

export const optionKindField = (key: OptionKey) => `${key}Kind` as const;
export const optionPriceField = (key: OptionKey) => `${key}Price` as const;
/** A protection option's excess, asked beside its price (docs/domain.md#cover). */
export const excessField = (key: ProtectionKey) => `${key}Excess` as const;

/** A typed amount in dollars, as cents within [min, moneyMax]. */
function money(belowMinMessage: string, min: number) {
  return dollarsField(
    { min, max: carLimits.moneyMaxCents },
    { invalid: carFormMessages.money, tooLow: belowMinMessage, tooHigh: carFormMessages.moneyTooHigh },
  );
}

/** An optional amount in dollars: empty is none (null), else cents from `min` to `max`. */
function optionalCents(
  { min, max }: { min: number; max: number },
  { invalid, tooHigh }: Record<"invalid" | "tooHigh", string>,
) {
  return z
    .string()
    .trim()
    .optional()
    .transform((text, ctx) => {
      if (!text) return null;
      const cents = parseDollars(text);
      const message = cents === null || cents < min ? invalid : cents > max ? tooHigh : null;
      if (message) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return cents;
    });
}

/** An optional longer-rental daily price (docs/domain.md#long-rental-rates): empty is none, else at least a cent. */
const optionalMoney = () =>
  optionalCents(
    { min: 1, max: carLimits.moneyMaxCents },
    { invalid: carFormMessages.longRatePositive, tooHigh: carFormMessages.moneyTooHigh },
  );

/** A whole number in its range; one message for a wrong or out-of-range value, the shared one when empty. */
function wholeNumber({ min, max }: { min: number; max: number }, message: string) {
  return z
    .number({ error: (issue) => (issue.input === undefined ? messages.required : message) })
    .int(message)
    .min(min, message)
    .max(max, message);
}

const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: messages.required });

type OptionFields = { [K in OptionKey as `${K}Kind`]: ReturnType<typeof choice<typeof optionKinds>> } & {
  [K in OptionKey as `${K}Price`]: z.ZodOptional<z.ZodString>;
};
const optionFields = Object.fromEntries([
  ...optionKeys.flatMap((key) => [
    [optionKindField(key), choice(optionKinds)],
    [optionPriceField(key), z.string().optional()],
  ]),
  ...protectionKeys.map((key) => [excessField(key), z.string().optional()]),
]) as OptionFields & { [K in ProtectionKey as `${K}Excess`]: z.ZodOptional<z.ZodString> };

/**
 * The price an option's text field holds when its kind is "price": cents > 0, or the message
 * explaining why not. An option's price is read only when that kind is chosen.
 */
export function optionPriceIssue(text: unknown): string | null {
  if (typeof text !== "string" || text.trim() === "") return messages.required;
  const cents = parseDollars(text);
  if (cents === null) return carFormMessages.money;
  if (cents === 0) return carFormMessages.optionPricePositive;
  if (cents > carLimits.moneyMaxCents) return carFormMessages.moneyTooHigh;
  return null;
}

/** An offered protection's excess: dollars ≥ 0 (0: no excess), required. */
export function excessIssue(text: unknown): string | null {
  if (typeof text !== "string" || text.trim() === "") return messages.required;
  const cents = parseDollars(text);
  if (cents === null) return carFormMessages.money;
  if (cents > carLimits.moneyMaxCents) return carFormMessages.moneyTooHigh;
  return null;
}

/** The excess a protection's field holds: its cents when the option is offered, else 0. */
function excessCents(kind: unknown, text: unknown): number {
  return kind === "included" || kind === "price" ? (parseDollars(typeof text === "string" ? text : "") ?? 0) : 0;
}

export function mileageKmIssue(text: unknown): string | null {
  if (typeof text !== "string" || text.trim() === "") return messages.required;
  const km = Number(text);
  return Number.isInteger(km) && km >= carLimits.mileageKm.min && km <= carLimits.mileageKm.max
    ? null
    : carFormMessages.mileageKm;
}

/** A limited mileage's price per extra kilometre: dollars from $0 to $100, required. */
export function extraKmIssue(text: unknown): string | null {
  if (typeof text !== "string" || text.trim() === "") return messages.required;
  const cents = parseDollars(text);
  return cents === null || cents > carLimits.extraKmMaxCents ? carFormMessages.extraKm : null;
}

export type CarFormOptions = {
  /** Admins choose the supplier; staff do not see the field (their own supplier, `ownSupplierId`). */
  pickSupplier: boolean;
  /** A new car needs its picture; an edit keeps the current one unless a new one is sent. */
  imageRequired: boolean;
};

export function carFormSchema({ pickSupplier, imageRequired }: CarFormOptions) {
  const image = z
    .file({ error: carFormMessages.imageRequired })
    .max(carLimits.imageMaxBytes, carFormMessages.imageTooLarge);
  let schema = z.object({
    name: requiredText(carLimits.nameMax),
    supplierId: pickSupplier
      ? z
          .number({ error: messages.required })
          .int(messages.required)
          .positive(messages.required)
          .max(ROW_ID_MAX, messages.required)
      : z
          .unknown()
          .optional()
          .transform(() => undefined),
    dailyPrice: money(carFormMessages.dailyPricePositive, 1),
    weeklyDailyPrice: optionalMoney(),
    monthlyDailyPrice: optionalMoney(),
    deposit: money(carFormMessages.money, 0),
    depositMethod: choice(depositMethods),
    payLaterFeePercent: wholeNumber(carLimits.payLaterFeePercent, carFormMessages.payLaterFeePercent),
    minimumAge: wholeNumber(carLimits.minimumAge, carFormMessages.minimumAge),
    // docs/domain.md#young-driver-fee: empty keeps the supplier's fee, 0 charges none for this car.
    youngDriverFee: optionalCents(
      { min: 0, max: YOUNG_DRIVER_FEE_MAX_CENTS },
      { invalid: carFormMessages.youngDriverFee, tooHigh: carFormMessages.youngDriverFee },
    ),
    seats: wholeNumber(carLimits.seats, carFormMessages.seats),
    doors: wholeNumber(carLimits.doors, carFormMessages.doors),
    aircon: z.boolean().optional(),
    category: choice(carCategories),
    bags: wholeNumber(carLimits.bags, carFormMessages.bags),
    orSimilar: z.boolean().optional(),
    fuelType: choice(fuelTypes),
    gearbox: choice(gearboxes),
    fuelPolicy: choice(fuelPolicies),
    mileageKind: choice(mileageKinds),
    mileageKm: z.string().optional(),
    extraKm: z.string().optional(),
    availability: choice(availabilities),
    locationIds: z
      .array(
        z
          .number({ error: carFormMessages.unknownPlace })
          .int(carFormMessages.unknownPlace)
          .positive(carFormMessages.unknownPlace)
          .max(ROW_ID_MAX, carFormMessages.unknownPlace),
        {
          error: messages.required,
        },
      )
      .min(1, messages.required)
      .max(500, carFormMessages.unknownPlace),
    image: imageRequired ? image : image.optional(),
    ...fleetDataFields,
    ...optionFields,
  });
  // Each check below reads two fields; `when` runs it even while other fields are wrong, so every
  // error of the form shows at once (the value may then be partly unparsed: read as unknown).
  const always = { when: () => true };
  for (const key of optionKeys) {
    const kind = optionKindField(key);
    const price = optionPriceField(key);
    schema = schema.superRefine((value: Record<string, unknown>, ctx) => {
      const issue = value[kind] === "price" ? optionPriceIssue(value[price]) : null;
      if (issue) ctx.addIssue({ code: "custom", path: [price], message: issue });
    }, always);
  }
  for (const key of protectionKeys) {
    schema = schema.superRefine((value: Record<string, unknown>, ctx) => {
      const kind = value[optionKindField(key)];
      const issue = kind === "included" || kind === "price" ? excessIssue(value[excessField(key)]) : null;
      if (issue) ctx.addIssue({ code: "custom", path: [excessField(key)], message: issue });
    }, always);
  }
  // docs/domain.md#cover: a car's covers must not contradict one another.
  schema = schema.superRefine((value: Record<string, unknown>, ctx) => {
    const cents = (key: ProtectionKey) => {
      const kind = value[optionKindField(key)];
      if (!optionKinds.includes(kind as OptionKind)) return null;
      return optionCents(kind as OptionKind, String(value[optionPriceField(key)] ?? ""));
    };
    const [collisionDamageWaiver, theftProtection, fullInsurance] = protectionKeys.map(cents);
    if (collisionDamageWaiver === null || theftProtection === null || fullInsurance === null) return;
    const excess = Object.fromEntries(
      protectionKeys.map((key) => [key, excessCents(value[optionKindField(key)], value[excessField(key)])]),
    ) as Record<ProtectionKey, number>;
    for (const conflict of coverConflicts({ collisionDamageWaiver, theftProtection, fullInsurance }, excess)) {
      if (conflict.rule === "fullIncludesPart")
        ctx.addIssue({
          code: "custom",
          path: [optionKindField(conflict.option)],
          message: carFormMessages.fullIncludesPart,
        });
      else
        ctx.addIssue({
          code: "custom",
          path: [excessField("fullInsurance")],
          message: carFormMessages.fullExcessHigher,
        });
    }
  }, always);
  return schema.superRefine((value: Record<string, unknown>, ctx) => {
    if (value.mileageKind !== "limited") return;
    const km = mileageKmIssue(value.mileageKm);
    if (km) ctx.addIssue({ code: "custom", path: ["mileageKm"], message: km });
    const price = extraKmIssue(value.extraKm);
    if (price) ctx.addIssue({ code: "custom", path: ["extraKm"], message: price });
  }, always);
}

export type CarFormValue = z.output<ReturnType<typeof carFormSchema>>;

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

/** -1 unavailable, 0 included, the price in cents otherwise (docs/domain.md#price). */
export function optionCents(kind: OptionKind, price: string | undefined): number {
  if (kind === "unavailable") return -1;
  if (kind === "included") return 0;
  return parseDollars(price ?? "") ?? -1;
}

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

/** An option's stored cents as its radio choice and price text. */
export function optionChoice(cents: number): { kind: OptionKind; price: string } {
  if (cents < 0) return { kind: "unavailable", price: "" };
  if (cents === 0) return { kind: "included", price: "" };
  return { kind: "price", price: dollarsInput(cents) };
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
