import { z } from "zod";
import { optionalText } from "~/modules/forms/fields";
import { messages } from "~/modules/forms/messages";
import { parseDollars } from "~/modules/forms/money";
import type { FinalBillErrorReason, FinalBillInput } from "~/modules/pricing/final-bill";
import { normalizeLocal } from "~/modules/time/zoned-time";
import { inspectionFields } from "./inspection";
import { fuelEighths, ODOMETER_MAX } from "./pickup";

/*
 * The return form (docs/domain.md#return), shared by the browser (its live bill) and the server:
 * what staff record when the driver brings the car back. Issues carry i18n keys, so the reader's
 * language decides.
 */

/** Rows of damage the page offers without JavaScript (with it, "Add damage" adds more, up to DAMAGES_MAX). */
export const DAMAGE_ROWS = 3;
export const DAMAGES_MAX = 10;
export const DAMAGE_NOTE_MAX = 200;
/** A damage above this ($100,000) is a typing slip, as a deposit is at the pick-up. */
const DAMAGE_MAX_CENTS = 10_000_000;
/** Staff may write a return a few minutes ahead of the server's clock (a phone's clock runs fast); later is a slip. */
export const RETURN_AHEAD_MS = 5 * 60_000;

export const returnMessages = {
  odometer: "adminDashboard:return.errors.odometer",
  odometerBackwards: "adminDashboard:return.errors.odometerBackwards",
  fuel: "adminDashboard:pickup.errors.fuel",
  returnedAt: "adminDashboard:return.errors.returnedAt",
  returnBeforePickUp: "adminDashboard:return.errors.returnBeforePickUp",
  returnInFuture: "adminDashboard:return.errors.returnInFuture",
  damageAmount: "adminDashboard:return.errors.damageAmount",
  damageNote: "adminDashboard:return.errors.damageNote",
  setting: "adminDashboard:return.errors.setting",
  odometerImplausible: "adminDashboard:return.errors.odometerImplausible",
  ownBooking: "adminDashboard:return.errors.ownBooking",
} as const;

const damageRow = z
  .object({ amount: z.string().trim().optional(), note: optionalText(DAMAGE_NOTE_MAX) })
  .optional()
  .superRefine((row, ctx) => {
    // An empty row is no damage; a row with either field needs both.
    if (!row || (!row.amount && !row.note)) return;
    const cents = row.amount ? parseDollars(row.amount) : null;
    if (cents === null || cents <= 0 || cents > DAMAGE_MAX_CENTS)
      ctx.addIssue({ code: "custom", path: ["amount"], message: returnMessages.damageAmount });
    if (!row.note) ctx.addIssue({ code: "custom", path: ["note"], message: returnMessages.damageNote });
  });

export const returnSchema = z.object({
  odometer: z
    .string({ error: messages.required })
    .trim()
    .regex(/^\d{1,7}$/, returnMessages.odometer)
    .transform(Number)
    .pipe(z.number().int().min(0).max(ODOMETER_MAX, returnMessages.odometer)),
  fuel: z.enum(fuelEighths.map(String) as [string, ...string[]], { error: returnMessages.fuel }).transform(Number),
  /** The return's wall-clock time at the drop-off place ("YYYY-MM-DDTHH:mm"), read there by the server. */
  returnedAt: z
    .string({ error: messages.required })
    // "YYYY-MM-DDTHH:mm" naming a real day and time (not 2026-02-30), one message either way.
    .refine(
      (value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) && normalizeLocal(value) !== null,
      returnMessages.returnedAt,
    ),
  damages: z
    .array(damageRow)
    .max(DAMAGES_MAX)
    .default([])
    .transform((rows) =>
      rows.flatMap((row) =>
        row?.amount && row.note ? [{ amountCents: parseDollars(row.amount) ?? 0, note: row.note }] : [],
      ),
    ),
  // The walk-around as the car comes back: its photos and the damage found now (docs/domain.md#inspection).
  ...inspectionFields,
});

export type ReturnForm = z.output<typeof returnSchema>;

/**
 * What the bill reads besides the form: the stored rental, the booking's price and the car's and
 * supplier's settings (docs/domain.md#final-bill). Dates as ISO strings, so the page can hand
 * them to the browser for the live bill.
 */
export type ReturnFacts = Omit<
  FinalBillInput,
  "pickedUpAt" | "plannedDropOffAt" | "returnedAt" | "odometerInKm" | "fuelInEighths" | "damages"
> & { pickedUpAt: string; plannedDropOffAt: string };

/** The bill's input: the facts and what staff typed, the return instant already read on the place's clock. */
export function billInput(
  facts: ReturnFacts,
  entered: { returnedAt: Date; odometerInKm: number; fuelInEighths: number; damages: FinalBillInput["damages"] },
): FinalBillInput {
  return {
    ...facts,
    pickedUpAt: new Date(facts.pickedUpAt),
    plannedDropOffAt: new Date(facts.plannedDropOffAt),
    ...entered,
  };
}

/** The field a bill's refusal is said next to (docs/domain.md#final-bill), and its message. */
export function billErrorField(reason: FinalBillErrorReason | "returnInFuture"): {
  field: "odometer" | "fuel" | "returnedAt" | null;
  message: string;
} {
  switch (reason) {
    case "odometer":
      return { field: "odometer", message: returnMessages.odometer };
    case "odometerBackwards":
      return { field: "odometer", message: returnMessages.odometerBackwards };
    case "odometerImplausible":
      return { field: "odometer", message: returnMessages.odometerImplausible };
    case "fuelLevel":
      return { field: "fuel", message: returnMessages.fuel };
    case "returnBeforePickUp":
      return { field: "returnedAt", message: returnMessages.returnBeforePickUp };
    case "returnInFuture":
      return { field: "returnedAt", message: returnMessages.returnInFuture };
    case "damageAmount":
      return { field: null, message: returnMessages.damageAmount };
    case "setting":
      return { field: null, message: returnMessages.setting };
  }
}
