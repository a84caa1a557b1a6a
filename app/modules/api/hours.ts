import { z } from "zod";
import { weekdays, type HoursRefusal } from "~/modules/availability/opening-hours";

/*
 * A place's opening hours as the API tells them (docs/domain.md#opening-hours): on the place list,
 * in the `outsideHours` refusal of a checkout or an amendment, and in a search whose times a
 * place refuses. Machine-readable beside the translated sentence.
 */

const clockTime = z
  .string()
  .regex(/^\d{2}:\d{2}$/)
  .meta({ examples: ["08:00"] });

export const dayHoursSchema = z.object({ open: clockTime, close: clockTime }).nullable().meta({
  id: "DayHours",
  description:
    "One day's hours on the place's clock (`HH:MM`, 24 h), both ends included: a place open 06:00–22:00 hands a car over at 06:00 and takes one back at 22:00. Null: closed all day.",
});

export const weekHoursSchema = z
  .object(
    Object.fromEntries(weekdays.map((day) => [day, dayHoursSchema])) as Record<
      (typeof weekdays)[number],
      typeof dayHoursSchema
    >,
  )
  .nullable()
  .meta({
    id: "WeekHours",
    description:
      "The hours of each weekday, Monday (`mon`) to Sunday (`sun`). Null: the place keeps no hours and hands cars over at any time.",
  });

export const hoursRefusalSchema = z
  .object({
    placeId: z.number().int().meta({ description: "The place that refuses the handover." }),
    handover: z.enum(["pickUp", "dropOff"]).meta({ description: "Which handover it refuses." }),
    date: z
      .string()
      .meta({ description: "The handover's date on the place's calendar (`YYYY-MM-DD`).", examples: ["2027-03-14"] }),
    weekday: z.enum(weekdays),
    hours: dayHoursSchema,
    holiday: z.boolean().meta({ description: "True when the date itself is one of the place's closed dates." }),
  })
  .meta({
    id: "HoursRefusal",
    description:
      "A handover outside a place's opening hours at a place that offers no out-of-hours service (docs/domain.md#opening-hours): the place and that day's hours (`hours` null when it is closed that day).",
  });

export type HoursRefusalBody = z.infer<typeof hoursRefusalSchema>;

/** The refusal's fields the API tells (the `reason` is the error's `code`). */
export const hoursRefusalBody = ({
  placeId,
  handover,
  date,
  weekday,
  hours,
  holiday,
}: HoursRefusal): HoursRefusalBody => ({
  placeId,
  handover,
  date,
  weekday,
  hours,
  holiday,
});
