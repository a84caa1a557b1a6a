import { z } from "zod";
import { emailField, optionalText, phoneField, requiredText } from "~/modules/forms/fields";
import { messages } from "~/modules/forms/messages";
import { optionKeys, type OptionKey } from "~/modules/pricing/pricing";
import { dayInRange } from "~/modules/time/date-range";
import { authMessages } from "~/modules/user/messages";
import { checkWhatsappConsent, whatsappConsentFields } from "~/modules/whatsapp/consent";
import { FULL_NAME_MAX } from "~/modules/user/limits";
import { additionalDriverFields, checkoutMessages, type PaymentChoice } from "./checkout-form";

/*
 * The checkout form's zod schema, apart from checkout-form.ts so the checkout page's first load
 * carries no zod: the server validates with it, and the browser loads it (checkout-validation.ts)
 * only once the page is interactive (docs/architecture.md#budgets).
 */

/** A real calendar date in the past; the age rule itself is the booking's (it depends on the car and the pick-up date). */
const birthDate = (today: string) =>
  z
    .string({ error: messages.required })
    .trim()
    .max(10, authMessages.invalidDate)
    .refine((value) => dayInRange(value) && value <= today, authMessages.invalidDate);

/** A field this driver is not asked (a signed-in driver's name comes from the account): ignored if posted. */
const notAsked = z
  .unknown()
  .optional()
  .transform(() => undefined);

/**
 * The form. `driver` says which driver fields are asked: a visitor gives them all and
 * accepts the Terms; a signed-in driver only what the account lacks.
 */
export type CheckoutSchemaOptions = {
  choosable: readonly OptionKey[];
  /** The car includes an additional driver: naming one is then optional. */
  additionalIncluded: boolean;
  driver: { kind: "visitor" } | { kind: "user"; askPhone: boolean; askBirthDate: boolean };
  today: string;
  /** The ways to pay offered for this car now (the supplier's pay later, the configured online methods). */
  payments?: readonly PaymentChoice[];
};

export function checkoutSchema({
  choosable,
  additionalIncluded,
  driver,
  today,
  payments = ["payLater"],
}: CheckoutSchemaOptions) {
  const visitor = driver.kind === "visitor";
  return z
    .object({
      // Only what this car prices can be ticked; anything else was posted by hand.
      options: z
        .array(z.string())
        .max(optionKeys.length, checkoutMessages.optionUnavailable)
        .default([])
        .refine(
          (chosen) => chosen.every((key) => (choosable as readonly string[]).includes(key)),
          checkoutMessages.optionUnavailable,
        )
        .transform((chosen) => optionKeys.filter((key) => chosen.includes(key))),
      fullName: visitor ? requiredText(FULL_NAME_MAX) : notAsked,
      email: visitor ? emailField() : notAsked,
      phone: visitor || driver.askPhone ? phoneField() : notAsked,
      birthDate: visitor || driver.askBirthDate ? birthDate(today) : notAsked,
      tos: visitor
        ? z.boolean({ error: authMessages.acceptTerms }).refine((accepted) => accepted, authMessages.acceptTerms)
        : notAsked,
      additionalFullName: optionalText(FULL_NAME_MAX),
      additionalEmail: emailField().optional(),
      additionalPhone: phoneField().optional(),
      additionalBirthDate: birthDate(today).optional(),
      payment: z.enum(payments as [PaymentChoice, ...PaymentChoice[]], { error: checkoutMessages.payment }),
      // Messages on WhatsApp (docs/domain.md#whatsapp): ticked, with a number it can reach.
      ...whatsappConsentFields,
    })
    .superRefine((value, ctx) => {
      checkWhatsappConsent(value, ctx);
      // Needed with the option; when the car includes it, once any detail is given. Without the
      // option the fieldset (always shown without JavaScript) is ignored.
      if (value.options.includes("additionalDriver") || (additionalIncluded && additionalDriverGiven(value))) {
        for (const name of Object.values(additionalDriverFields)) {
          if (value[name] === undefined) ctx.addIssue({ code: "custom", path: [name], message: messages.required });
        }
      }
    });
}

export type CheckoutValues = z.infer<ReturnType<typeof checkoutSchema>>;

function additionalDriverGiven(
  value: Partial<Record<(typeof additionalDriverFields)[keyof typeof additionalDriverFields], unknown>>,
) {
  return Object.values(additionalDriverFields).some((name) => value[name] !== undefined);
}

/**
 * The options and the additional driver as the booking service takes them: a driver named
 * on a car that includes one counts as choosing the (free) option.
 */
export function bookingChoices(value: CheckoutValues, additionalIncluded: boolean) {
  const { additionalFullName, additionalEmail, additionalPhone, additionalBirthDate } = value;
  const wanted = value.options.includes("additionalDriver") || (additionalIncluded && additionalDriverGiven(value));
  const additionalDriver =
    wanted && additionalFullName && additionalEmail && additionalPhone && additionalBirthDate
      ? { fullName: additionalFullName, email: additionalEmail, phone: additionalPhone, birthDate: additionalBirthDate }
      : null;
  const options = optionKeys.filter(
    (key) => value.options.includes(key) || (key === "additionalDriver" && additionalDriver !== null),
  );
  return { options, additionalDriver };
}
