/*
 * The WhatsApp templates the product sends (docs/operations.md#whatsapp): each is registered with
 * Meta under this name, in es, en, fr and el, with its body's numbered parameters in this order.
 * A business may start a conversation only with a registered template, so the words live at Meta;
 * here are the names and what fills each parameter.
 */
export const whatsappTemplates = {
  /** {{1}} reference, {{2}} car, {{3}} pick-up place, {{4}} pick-up time (the place's), {{5}} the booking and its voucher. */
  booking_confirmed: ["reference", "car", "pickup", "from", "link"],
  /** {{1}} reference, {{2}} amount, {{3}} the booking. */
  payment_received: ["reference", "amount", "link"],
  /** {{1}} reference, {{2}} the reason staff gave, {{3}} where to pay again. */
  payment_rejected: ["reference", "reason", "link"],
} as const;

export type WhatsappTemplate = keyof typeof whatsappTemplates;
type ParameterOf<T extends WhatsappTemplate> = (typeof whatsappTemplates)[T][number];

/** The body's parameters in the registered order, from named values (so a caller cannot swap two). */
export function templateParameters<T extends WhatsappTemplate>(
  template: T,
  values: Record<ParameterOf<T>, string>,
): string[] {
  // The Cloud API refuses an empty parameter (131008); a reason left blank still says something.
  return whatsappTemplates[template].map((name) => (values as Record<string, string>)[name] || "—");
}
