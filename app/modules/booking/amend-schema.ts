import { z } from "zod";
import { dayField } from "~/modules/forms/dates";
import { optionalText, requiredText } from "~/modules/forms/fields";
import { messages } from "~/modules/forms/messages";
import { optionKeys } from "~/modules/pricing/pricing";

/** The amend form (docs/domain.md#cancellation), shared by the browser and the action; times are wall-clock times at the pick-up place. */
export const amendTime = z
  .string({ error: messages.required })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: "bookings:amend.invalidTime" });
/** Wall-clock times of one place compare as text; the drop-off must follow the pick-up. */
export const dropOffFollows = (pickUp: string, dropOff: string) => dropOff > pickUp;
export const dropOffMessage = "bookings:amend.dropOffBeforePickUp";

export const amendSchema = z
  .object({
    /** "amend-preview" prices the change without saving it (docs/domain.md#amendment-preview). */
    intent: z.enum(["amend", "amend-preview"]),
    /** The total the driver was shown: a save at any other price is previewed again instead. */
    expectedTotal: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
    pickUp: amendTime,
    dropOff: amendTime,
    pickupLocationId: z.coerce.number({ error: messages.required }).int().positive(),
    dropoffLocationId: z.coerce.number({ error: messages.required }).int().positive(),
    options: z.array(z.enum(optionKeys)).default([]),
    additionalDriverName: optionalText(120),
    additionalDriverEmail: z.email({ error: messages.invalidEmail }).max(254).optional(),
    additionalDriverPhone: optionalText(32),
    additionalDriverBirthDate: dayField("bookings:amend.invalidTime").optional(),
  })
  .refine((v) => dropOffFollows(v.pickUp, v.dropOff), { path: ["dropOff"], error: dropOffMessage });

/** The longest amendment request kept (it travels in the staff's notification). */
export const AMENDMENT_REQUEST_MAX = 500;

/** An online-paid booking's amendment request (docs/domain.md#cancellation): what the driver would like changed. */
export const amendRequestSchema = z.object({
  intent: z.literal("amend-request"),
  request: requiredText(AMENDMENT_REQUEST_MAX, { multiline: true }),
});
