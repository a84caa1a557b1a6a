import { z } from "zod";
import { emailField, requiredText } from "~/modules/forms/fields";

export const SUBJECT_MAX = 200;
export const MESSAGE_MAX = 5000;

/** A signed-in person's message: the account's address is the reply address. */
export const baseSchema = z.object({
  subject: requiredText(SUBJECT_MAX),
  message: requiredText(MESSAGE_MAX, { multiline: true }),
});
/** A visitor's message: they give the address to answer. */
export const visitorSchema = baseSchema.extend({ email: emailField() });
