import { z } from "zod";
import { parseDollars } from "~/modules/forms/money";
import { depositTakenMethods } from "~/modules/pricing/final-bill";
import { counterMethods } from "~/modules/booking/methods";
import { optionalText, requiredText } from "~/modules/forms/fields";
import { DEPOSIT_REFERENCE_MAX } from "~/modules/payment/deposit-ledger";
import { messages } from "~/modules/forms/messages";
import { dayField } from "~/modules/forms/dates";
import { calendarDateIn } from "~/modules/time/calendar";
import { localToInstant } from "~/modules/time/zoned-time";
import { parseSignature } from "./signature";
import { inspectionFields } from "./inspection";

/*
 * The pick-up form (docs/domain.md#pick-up), shared by the browser and the server: what staff
 * record when the driver takes the car. Issues carry i18n keys, so the reader's language decides.
 */

/** The fuel gauge in eighths, full first (the select's order): 8/8 is a full tank. */
export const fuelEighths = [8, 7, 6, 5, 4, 3, 2, 1, 0] as const;

/** The highest odometer reading accepted: seven digits of kilometres. */
export const ODOMETER_MAX = 9_999_999;
/** A deposit above this ($100,000) is a typing slip, as in the car form. */
const DEPOSIT_MAX_CENTS = 10_000_000;
export const SIGNER_MAX = 120;
export const LICENCE_NUMBER_MAX = 32;
export const LICENCE_COUNTRY_MAX = 60;

export const pickupMessages = {
  odometer: "adminDashboard:pickup.errors.odometer",
  fuel: "adminDashboard:pickup.errors.fuel",
  deposit: "adminDashboard:pickup.errors.deposit",
  depositTaken: "adminDashboard:pickup.errors.depositTaken",
  payment: "adminDashboard:pickup.errors.payment",
  licenceExpiresOn: "adminDashboard:pickup.errors.licenceDate",
  agree: "adminDashboard:pickup.errors.agree",
  signatureUnreadable: "adminDashboard:pickup.errors.signatureUnreadable",
  signatureTooBig: "adminDashboard:pickup.errors.signatureTooBig",
} as const;

/** What the form asks besides the always-asked fields: the licence when the account has none valid, the counter payment when a balance is due. */
export type PickupAsks = { licence: boolean; payment: boolean };

/** A field this pick-up does not ask (the account's licence is valid, nothing is due): ignored if posted. */
const notAsked = z
  .unknown()
  .optional()
  .transform(() => undefined);

/** The pick-up form's schema for one booking. */
export function pickupSchema(asks: PickupAsks) {
  return z
    .object({
      odometer: z
        .string({ error: messages.required })
        .trim()
        .regex(/^\d{1,7}$/, pickupMessages.odometer)
        .transform(Number)
        .pipe(z.number().int().min(0).max(ODOMETER_MAX, pickupMessages.odometer)),
      fuel: z.enum(fuelEighths.map(String) as [string, ...string[]], { error: pickupMessages.fuel }).transform(Number),
      deposit: z.string({ error: messages.required }).transform((text, ctx) => {
        const cents = parseDollars(text);
        if (cents === null || cents > DEPOSIT_MAX_CENTS) {
          ctx.addIssue({ code: "custom", message: pickupMessages.deposit });
          return z.NEVER;
        }
        return cents;
      }),
      depositTaken: z.enum(depositTakenMethods, { error: pickupMessages.depositTaken }).optional(),
      // The transfer's reference (pago móvil, USDT, bank), kept on the ledger's received entry (docs/domain.md#deposit-ledger).
      depositReference: optionalText(DEPOSIT_REFERENCE_MAX),
      payment: asks.payment ? z.enum(counterMethods, { error: pickupMessages.payment }) : notAsked,
      licenceNumber: asks.licence ? requiredText(LICENCE_NUMBER_MAX) : notAsked,
      licenceCountry: asks.licence ? requiredText(LICENCE_COUNTRY_MAX) : notAsked,
      licenceExpiresOn: asks.licence ? dayField(pickupMessages.licenceExpiresOn) : notAsked,
      signerName: requiredText(SIGNER_MAX),
      agree: z.boolean({ error: pickupMessages.agree }).refine((agreed) => agreed, pickupMessages.agree),
      // The drawing on the signature pad (JavaScript only): optional, the typed name and the box are the signature.
      signature: z
        .string()
        .optional()
        .transform((text, ctx) => {
          if (!text) return undefined;
          const parsed = parseSignature(text);
          if (parsed.ok) return parsed.png;
          ctx.addIssue({ code: "custom", message: pickupMessages[parsed.reason] });
          return z.NEVER;
        }),
      // The walk-around as the car goes out (docs/domain.md#inspection).
      ...inspectionFields,
    })
    .superRefine((value, ctx) => {
      // A deposit taken says how; none taken (0) needs no way.
      if (value.deposit > 0 && !value.depositTaken)
        ctx.addIssue({ code: "custom", path: ["depositTaken"], message: pickupMessages.depositTaken });
    });
}

export type PickupForm = z.output<ReturnType<typeof pickupSchema>>;

/**
 * Whether a licence expiring on `expiresOn` (its last valid day) still drives on `day`, both
 * `YYYY-MM-DD` (ISO dates compare as text). docs/domain.md#pick-up: an expired licence refuses the pick-up.
 */
export const licenceValidOn = (expiresOn: string, day: string) => expiresOn >= day;

/** Whatever the day, a car may go out this long before its booking's start: a driver at the counter at 23:30 for 00:15 is not sent away. */
export const PICKUP_AHEAD_MIN_MS = 60 * 60_000;

/**
 * The earliest moment the car of a booking starting at `startsAt` may be picked up
 * (docs/domain.md#pick-up): the start of its pick-up day on the pick-up place's clock, or the
 * supplier's preparation time before the start (at least PICKUP_AHEAD_MIN_MS) when that is earlier.
 */
export function pickupOpensAt(startsAt: Date, timeZone: string, preparationHours: number): Date {
  const dayStart = localToInstant(`${calendarDateIn(timeZone, startsAt)}T00:00`, timeZone) ?? startsAt;
  const ahead = startsAt.getTime() - Math.max(preparationHours * 3_600_000, PICKUP_AHEAD_MIN_MS);
  return new Date(Math.min(dayStart.getTime(), ahead));
}
