import { z } from "zod";
import { requiredText } from "~/modules/forms/fields";
import { messages } from "~/modules/forms/messages";
import { parseCalendarDate } from "~/modules/time/calendar";

/*
 * A supplier's season as staff type it (docs/domain.md#seasons): a name, a first and a last day
 * (calendar days of the pick-up place, the last included) and a percent on the fleet's price.
 * Shared by the browser and the server: messages are i18n keys; the database checks the same bounds.
 */

export const SEASON_NAME_MAX = 60;
export const SEASON_PERCENT = { min: -90, max: 500 } as const;
/** A longer period is better said by changing the cars' prices. */
export const SEASON_MAX_DAYS = 366;

const day = z
  .string({ error: messages.required })
  .trim()
  .refine((value) => parseCalendarDate(value) !== null, "adminSuppliers:seasons.dateInvalid");

export const seasonSchema = z
  .object({
    name: requiredText(SEASON_NAME_MAX),
    firstDay: day,
    lastDay: day,
    percent: z
      .number({ error: messages.required })
      .int("adminSuppliers:seasons.percentRange")
      .min(SEASON_PERCENT.min, "adminSuppliers:seasons.percentRange")
      .max(SEASON_PERCENT.max, "adminSuppliers:seasons.percentRange"),
  })
  .superRefine((value, ctx) => {
    const days = (Date.parse(`${value.lastDay}T00:00Z`) - Date.parse(`${value.firstDay}T00:00Z`)) / 86_400_000 + 1;
    if (days < 1)
      ctx.addIssue({ code: "custom", path: ["lastDay"], message: "adminSuppliers:seasons.lastBeforeFirst" });
    else if (days > SEASON_MAX_DAYS)
      ctx.addIssue({ code: "custom", path: ["lastDay"], message: "adminSuppliers:seasons.tooLong" });
  });

export type SeasonValues = z.output<typeof seasonSchema>;
