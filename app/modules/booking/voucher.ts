import type { Language } from "~/modules/i18n/languages";

/*
 * The voucher a driver takes to the counter (docs/domain.md#voucher): the reference, the
 * pick-up point, the place's counter instructions, the supplier's phone and WhatsApp, and what
 * to bring. Pure, shared by the booking page and the confirmation email.
 */

/** What every driver brings to the counter, in this order; each is a `bookings:voucher.bring.<key>` text. */
export const whatToBring = ["licence", "identity", "depositCard", "voucher"] as const;

/** A WhatsApp chat with an international number stored as digits ("584141234567"). */
export const whatsappLink = (digits: string) => `https://wa.me/${digits}`;

/** A `tel:` link for a phone stored without separators ("+584141234567", "02125551234"). */
export const phoneLink = (phone: string) => `tel:${phone}`;

/** The place on OpenStreetMap, as the places list links it: works without script or our tiles. */
export const mapLink = ({ latitude, longitude }: { latitude: number; longitude: number }) =>
  `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`;

/** A place's counter instructions, one column per language. */
export type CounterTexts = { counterEs: string; counterEn: string; counterFr: string; counterEl: string };

const counterKeys = { es: "counterEs", en: "counterEn", fr: "counterFr", el: "counterEl" } as const satisfies Record<
  Language,
  keyof CounterTexts
>;

/**
 * The counter instructions in the reader's language; when the admin left that language empty,
 * the first one given (Spanish, English, French, Greek), since a hint in another language beats
 * none; null when there are none at all.
 */
export function counterInstructions(place: CounterTexts, language: Language): string | null {
  const own = place[counterKeys[language]].trim();
  if (own) return own;
  const any = [place.counterEs, place.counterEn, place.counterFr, place.counterEl].map((s) => s.trim()).find(Boolean);
  return any ?? null;
}
