import { z } from "zod";
import { optionalText, requiredText } from "~/modules/forms/fields";
import { messages } from "~/modules/forms/messages";

/*
 * The rules of a place as an admin enters it (docs/domain.md#places). Shared by the browser and
 * the server: messages are i18n keys.
 */

export const PLACE_NAME_MAX = 120;
export const PLACE_ADDRESS_MAX = 250;
export const TIME_ZONE_MAX = 64;
/** Counter instructions per language (docs/domain.md#voucher): a few sentences. */
export const COUNTER_MAX = 500;
export const placeKinds = ["airport", "city"] as const;

export const placeMessages = {
  latitude: "adminPlaces:validation.latitude",
  longitude: "adminPlaces:validation.longitude",
  timeZone: "adminPlaces:validation.timeZone",
} as const;

/** Offered first in the time-zone field (any other IANA name may be typed): the country's and its neighbours'. */
export const suggestedTimeZones = [
  "America/Caracas",
  "America/Bogota",
  "America/Panama",
  "America/Santo_Domingo",
  "America/Puerto_Rico",
  "America/Port_of_Spain",
  "America/Curacao",
  "America/Manaus",
  "America/Boa_Vista",
  "America/Guyana",
  "America/New_York",
  "Europe/Madrid",
  "Europe/Lisbon",
  "Atlantic/Canary",
  "Europe/Paris",
  "Europe/Athens",
  "UTC",
] as const;

/** IANA names are `Area/Location[/More]` or `UTC`-like words; offsets such as "+04:00" are not zones of a place. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/**
 * The canonical spelling of an IANA time zone the platform knows ("america/caracas" →
 * "America/Caracas"), or null. Intl is the judge because it is what converts the place's
 * wall-clock times (app/modules/time/zoned-time.ts).
 */
export function canonicalTimeZone(value: string): string | null {
  const name = value.trim();
  if (!ZONE_NAME.test(name)) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** A coordinate in degrees within ±`limit`; an empty field is "Please fill in", anything else wrong the range message. */
const coordinate = (limit: number, message: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? messages.required : message) })
    .min(-limit, message)
    .max(limit, message);

/** Where to meet at the counter, several lines allowed; nothing typed is "". */
const counterText = () => optionalText(COUNTER_MAX, { multiline: true }).transform((value) => value ?? "");

export const placeSchema = z.object({
  nameEs: requiredText(PLACE_NAME_MAX),
  nameEn: requiredText(PLACE_NAME_MAX),
  nameFr: requiredText(PLACE_NAME_MAX),
  nameEl: requiredText(PLACE_NAME_MAX),
  address: requiredText(PLACE_ADDRESS_MAX),
  kind: z.enum(placeKinds, { error: messages.required }),
  timeZone: requiredText(TIME_ZONE_MAX)
    .refine((value) => canonicalTimeZone(value) !== null, placeMessages.timeZone)
    .transform((value) => canonicalTimeZone(value)!),
  // Optional, each language on its own (docs/domain.md#voucher); an empty one is stored as "".
  counterEs: counterText(),
  counterEn: counterText(),
  counterFr: counterText(),
  counterEl: counterText(),
  latitude: coordinate(90, placeMessages.latitude),
  longitude: coordinate(180, placeMessages.longitude),
});

export type PlaceValues = z.output<typeof placeSchema>;

/** A point on the map, in degrees. */
export type Position = { latitude: number; longitude: number };

/** Coordinates are kept to 6 decimals (about 10 cm): what the map picks and the list shows. */
export const roundCoordinate = (degrees: number) => Math.round(degrees * 1e6) / 1e6;
