/**
 * Zod issues carry i18n keys (in the "common" namespace) instead of sentences, so the
 * same schema serves the server and the browser and the reader's language decides.
 */
export const messages = {
  required: "validation.required",
  invalidEmail: "validation.invalidEmail",
  invalidPhone: "validation.invalidPhone",
  invalidWhatsapp: "validation.invalidWhatsapp",
  tooLong: "validation.tooLong",
  controlCharacters: "validation.controlCharacters",
  tooShort: "validation.tooShort",
  rateLimited: "validation.rateLimited",
  /** docs/domain.md#date-range: a day that plans the fleet, too far ahead. */
  dateTooFar: "validation.dateTooFar",
} as const;

/** docs/domain.md#messages: "Please fill in the field: X" or "Please fill in the fields: X, Y". */
export function requiredFieldsKey(count: number) {
  return count === 1 ? "validation.requiredOne" : "validation.requiredMany";
}
