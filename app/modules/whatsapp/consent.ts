import { z } from "zod";
import { messages } from "~/modules/forms/messages";
import { whatsappNumber } from "~/modules/forms/phone";

/**
 * The WhatsApp consent form, at checkout and in the settings (docs/domain.md#whatsapp): ticking the
 * box asks for a number WhatsApp can reach (a Venezuelan mobile however typed, or a foreign one
 * with its "+"), kept in E.164; unticked, nothing is sent there. Pure, so the browser checks the
 * same.
 */
export const whatsappConsentFields = {
  whatsappOptIn: z.boolean().optional(),
  whatsappNumber: z.string().trim().max(32, messages.tooLong).optional(),
};

/** Checks the pair: a ticked box needs a valid number (an unticked one ignores what was typed). */
export function checkWhatsappConsent(
  value: { whatsappOptIn?: boolean; whatsappNumber?: string },
  ctx: z.RefinementCtx,
) {
  if (!value.whatsappOptIn) return;
  if (!value.whatsappNumber) ctx.addIssue({ code: "custom", path: ["whatsappNumber"], message: messages.required });
  else if (!whatsappNumber(value.whatsappNumber))
    ctx.addIssue({ code: "custom", path: ["whatsappNumber"], message: messages.invalidWhatsapp });
}

export const whatsappConsentSchema = z.object(whatsappConsentFields).superRefine(checkWhatsappConsent);

/** The number to opt in with, once the form passed: E.164, or null when the box was not ticked. */
export const consentNumber = (value: { whatsappOptIn?: boolean; whatsappNumber?: string }) =>
  value.whatsappOptIn && value.whatsappNumber ? whatsappNumber(value.whatsappNumber) : null;
