import { z } from "zod";
import { requiredText } from "~/modules/forms/fields";

/** docs/domain.md#internal-notes: a note is at most this long (the column's size). */
export const NOTE_MAX = 1000;

/** The "Add note" form of a booking's page, shared by the browser and the server. */
export const noteSchema = z.object({
  intent: z.literal("add-note"),
  note: requiredText(NOTE_MAX, { multiline: true }),
});
