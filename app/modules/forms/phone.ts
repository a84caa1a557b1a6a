import { whatsappDigits } from "./fields";

/*
 * Phone numbers as Venezuelans type them, shared by pago móvil (docs/domain.md#pago-móvil) and
 * WhatsApp consent (docs/domain.md#whatsapp). Pure, so a form validates the same in the browser
 * and on the server.
 */

/** Mobile operators' prefixes: 0412 Digitel, 0414/0424 Movistar, 0416/0426 Movilnet, 0422 newer. */
const MOBILE_PREFIXES = ["0412", "0414", "0416", "0422", "0424", "0426"] as const;

/**
 * A Venezuelan mobile number as people type it ("+58 414-123 4567", "58414…", "0414 1234567")
 * as the 11 digits banks use ("04141234567"); null when it is not one.
 */
export function normalizeVenezuelanPhone(input: string): string | null {
  const compact = input.trim().replace(/[\s().-]/g, "");
  const national = /^\+?58(\d{10})$/.exec(compact)?.[1];
  const digits = national ? `0${national}` : compact;
  if (!/^\d{11}$/.test(digits)) return null;
  return (MOBILE_PREFIXES as readonly string[]).includes(digits.slice(0, 4)) ? digits : null;
}

/** "04141234567" → "0414-1234567". */
export function formatVenezuelanPhone(phone: string): string {
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 4)}-${phone.slice(4)}` : phone;
}

/**
 * A WhatsApp number in E.164, as the Cloud API takes it: a Venezuelan mobile however typed
 * ("0414-1234567" → "+584141234567"), or a foreign number written with its country code
 * ("+34 612 345 678" → "+34612345678"); null when it is neither.
 */
export function whatsappNumber(input: string): string | null {
  const venezuelan = normalizeVenezuelanPhone(input);
  if (venezuelan) return `+58${venezuelan.slice(1)}`;
  // A foreign number needs its "+": "612 345 678" could be anyone's. 58 is Venezuela's, judged above.
  const digits = input.trim().startsWith("+") ? whatsappDigits(input) : null;
  return digits && !digits.startsWith("58") ? `+${digits}` : null;
}
