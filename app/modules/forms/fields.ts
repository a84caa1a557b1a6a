import { z } from "zod";
import { messages } from "./messages";

/** A required trimmed text field of at most `max` characters. */
export const requiredText = (max: number) =>
  z.string({ error: messages.required }).trim().min(1, messages.required).max(max, messages.tooLong);

export const optionalText = (max: number) => z.string().trim().max(max, messages.tooLong).optional();

export const emailField = () =>
  z
    .string({ error: messages.required })
    .trim()
    .toLowerCase()
    .max(254, messages.tooLong)
    .pipe(z.email({ error: messages.invalidEmail }));
