import { z } from "zod";
import { planDayField } from "~/modules/forms/dates";
import { optionalText } from "~/modules/forms/fields";
import { messages } from "~/modules/forms/messages";
import { APP_TIME_ZONE } from "~/modules/time/calendar";
import { addLocalDays, localToInstant } from "~/modules/time/zoned-time";

/*
 * Taking a car out of service (docs/domain.md#out-of-service) as staff type it: a first and a
 * last day (calendar days of APP_TIME_ZONE, the last included), a reason and a note. Shared by
 * the browser and the server: messages are i18n keys.
 */

export const blockReasons = ["maintenance", "accident", "other"] as const;
export type BlockReason = (typeof blockReasons)[number];

export const BLOCK_NOTE_MAX = 500;
/** A longer stop is better said by making the car unavailable. */
export const BLOCK_MAX_DAYS = 366;

/** docs/domain.md#date-range: a block plans the fleet, so its days are at most a few years ahead. */
const day = planDayField("adminCars:blocks.dateInvalid");

export const carBlockSchema = z
  .object({
    from: day,
    to: day,
    reason: z.enum(blockReasons, { error: messages.required }),
    note: optionalText(BLOCK_NOTE_MAX),
  })
  .superRefine((value, ctx) => {
    if (value.to < value.from) ctx.addIssue({ code: "custom", path: ["to"], message: "adminCars:blocks.toBeforeFrom" });
    else if (blockDays(value.from, value.to) > BLOCK_MAX_DAYS)
      ctx.addIssue({ code: "custom", path: ["to"], message: "adminCars:blocks.tooLong" });
  });

export type CarBlockValues = z.output<typeof carBlockSchema>;

function blockDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00Z`) - Date.parse(`${from}T00:00Z`)) / 86_400_000) + 1;
}

/** The block's instants: from the first day's midnight to the midnight after the last day, on the app's clock. */
export function blockRange(from: string, to: string): { startsAt: Date; endsAt: Date } {
  return {
    startsAt: localToInstant(`${from}T00:00`, APP_TIME_ZONE)!,
    endsAt: localToInstant(addLocalDays(`${to}T00:00`, 1), APP_TIME_ZONE)!,
  };
}
