import { z } from "zod";
import { messages } from "~/modules/forms/messages";
import { calendarDateOfDateTime } from "~/modules/time/calendar";
import { authMessages } from "~/modules/user/messages";
import { birthDateField } from "~/modules/user/validation";
import { rowId } from "../schemas";

/* Fields that more than one of the account's calls read (account-*.ts). */

/** Some calls of the spec carry the account's id in the body; it must be the caller's own (else 403). */
export const ownId = {
  id: rowId.optional().meta({ description: "The caller's own id (optional; another id → 403)." }),
  _id: rowId.optional().meta({ description: "The same, under the name the spec's reference client sends." }),
};

/**
 * A birth date as `YYYY-MM-DD`, or as the ISO date-time a date picker's `Date` becomes in JSON,
 * read as the day picked (docs/domain.md#dates-sent-as-date-times); then the pages' rules.
 */
export const apiBirthDate = (today: string) =>
  z
    .string({ error: messages.required })
    .trim()
    .max(40, authMessages.invalidDate)
    .transform((value) => calendarDateOfDateTime(value) ?? value)
    .pipe(birthDateField(today))
    .meta({
      description:
        "`YYYY-MM-DD`, or an ISO date-time (`1990-04-30T22:00:00.000Z`, a date picker's local midnight in UTC), read as the day whose midnight is nearest. At least 21 years before today (Caracas).",
    });
