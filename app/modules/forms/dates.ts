import { z } from "zod";
import { appToday } from "~/modules/time/calendar";
import { dayInRange, planDayProblem } from "~/modules/time/date-range";
import { messages } from "./messages";

/*
 * The date fields of every form (docs/domain.md#date-range): the range's rule with each field's
 * own message. Shared by the browser and the server, so messages are i18n keys.
 */

/** A calendar day (`YYYY-MM-DD`): a real day from 1900 to 2100, else `message` (the field's "not a date"). */
export const dayField = (message: string) =>
  z
    .string({ error: messages.required })
    .trim()
    .refine((value) => dayInRange(value), message);

/**
 * A day that plans the fleet (a block's, a season's): from 2000 (else `message`) to `planYearsAhead`
 * years after today ("Choose a day at most 3 years from today"). Today is read when the form is
 * checked, on the app's calendar, unless given.
 */
export const planDayField = (message: string, today?: string) =>
  z
    .string({ error: messages.required })
    .trim()
    .superRefine((value, ctx) => {
      const problem = planDayProblem(value, today ?? appToday());
      if (problem) ctx.addIssue({ code: "custom", message: problem === "tooFar" ? messages.dateTooFar : message });
    });
