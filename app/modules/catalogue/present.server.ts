import { localToInstant } from "~/modules/time/zoned-time";
import type { OpeningHours } from "~/modules/availability/opening-hours";
import type { Language } from "~/modules/i18n/languages";
import { getLocations, locationName, type CatalogueLocation } from "./reference.server";

/** Locations in the reader's language, in alphabetical order, shaped for lists and the map. */
export type PresentedLocation = {
  id: number;
  name: string;
  kind: "airport" | "city";
  address: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  hours: OpeningHours;
};

const collators = new Map<Language, Intl.Collator>();
const sortedByLanguage = new WeakMap<CatalogueLocation[], Map<Language, PresentedLocation[]>>();

export async function presentLocations(language: Language): Promise<PresentedLocation[]> {
  const all = await getLocations();
  let byLanguage = sortedByLanguage.get(all);
  if (!byLanguage) sortedByLanguage.set(all, (byLanguage = new Map()));
  let list = byLanguage.get(language);
  if (!list) {
    let collator = collators.get(language);
    if (!collator) collators.set(language, (collator = new Intl.Collator(language)));
    list = all
      .map((l) => ({
        id: l.id,
        name: locationName(l, language),
        kind: l.kind,
        address: l.address,
        latitude: l.latitude,
        longitude: l.longitude,
        timeZone: l.timeZone,
        hours: l.hours,
      }))
      .sort((a, b) => collator.compare(a.name, b.name));
    byLanguage.set(language, list);
  }
  return list;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

const dateStyles = {
  medium: { dateStyle: "medium", timeStyle: "short" },
  // The phone's folded summary of a search: the day alone.
  short: { month: "short", day: "numeric" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * "10 Mar 2026, 10:00" (or "10 Mar" short) for a wall-clock value, formatted on the
 * server only so the browser never re-formats it differently during hydration.
 */
export function formatLocalDateTime(
  local: string,
  language: Language,
  style: keyof typeof dateStyles = "medium",
): string {
  const key = `${language}:${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { ...dateStyles[style], timeZone: "UTC", hourCycle: "h23" });
    dateFormats.set(key, format);
  }
  // Read on the UTC clock and shown on the UTC clock: the wall-clock time as written.
  return format.format(localToInstant(local, "UTC")!);
}
