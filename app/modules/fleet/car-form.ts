import { ROW_ID_MAX } from "~/utils/row-id";
import { z } from "zod";
import { carCategories, fuelPolicies, fuelTypes, gearboxes } from "~/modules/catalogue/car-enums";
import { requiredText } from "~/modules/forms/fields";
import { messages } from "~/modules/forms/messages";
import { coverConflicts, protectionKeys, type ProtectionKey } from "~/modules/pricing/cover";
import { depositMethods, optionKeys, type OptionKey } from "~/modules/pricing/pricing";
import { YOUNG_DRIVER_FEE_MAX_CENTS } from "~/modules/booking/young-driver";
import { dollarsField, parseDollars } from "~/modules/forms/money";
import { fleetDataFields } from "./fleet-data";
import { carFormMessages, carLimits } from "./car-limits";
import {
  excessCents,
  excessField,
  excessIssue,
  optionCents,
  optionKindField,
  optionKinds,
  optionPriceField,
  optionPriceIssue,
  type OptionKind,
} from "./car-options";

/*
 * The car form of the back office (docs/domain.md#fleet): one zod schema for the browser and the
 * server. Its bounds and messages are in car-limits.ts, its options' fields in car-options.ts, and
 * the translation between the validated form and a car's stored values in car-values.ts.
 */

export const availabilities = ["available", "unavailable"] as const;
export type Availability = (typeof availabilities)[number];
export const mileageKinds = ["limited", "unlimited"] as const;

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
