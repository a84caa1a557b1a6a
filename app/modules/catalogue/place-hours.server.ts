import type { TFunction } from "i18next";
import { hoursRefusalMessage, hoursSummary, rentalHandovers } from "~/modules/availability/opening-hours";
import { formatInstant } from "~/modules/i18n/date-time.server";
import { formatCents } from "~/modules/i18n/format";
import type { Language } from "~/modules/i18n/languages";
import { calendarDateIn } from "~/modules/time/calendar";
import type { PresentedLocation } from "./present.server";

/*
 * A place's opening hours as the search and the checkout say them (docs/domain.md#opening-hours),
 * worded on the server: the pages carry a few lines of text and no code of the rule.
 */

/** Coming closed dates named under a place: the next few, the rest is the refusal's to say. */
const CLOSED_DATES_SHOWN = 3;

export type PlaceHoursNote = {
  /** "every day 06:00–22:00", "Mon–Sat 08:00–18:00 · Sun 09:00–13:00". */
  week: string;
  /** "Out of hours: $25.00", or that there is no handover outside the hours. */
  outOfHours: string;
  /** "Closed on 24 Dec 2027, 25 Dec 2027" for the coming closed dates; null when none. */
  closedDates: string | null;
};

type Words = { language: Language; t: TFunction; now?: Date };

/** What a place's hours are, in the reader's words; null for a place open at any hour. */
export function placeHoursNote(
  place: PresentedLocation,
  { language, t, now = new Date() }: Words,
): PlaceHoursNote | null {
  const { week, closedDates, outOfHoursFeeCents } = place.hours;
  if (!week) return null;
  const today = calendarDateIn(place.timeZone, now);
  const coming = closedDates.filter((date) => date >= today).slice(0, CLOSED_DATES_SHOWN);
  // Noon UTC names the same calendar day on the UTC clock, whatever the date.
  const dateLabel = (date: string) => formatInstant(new Date(`${date}T12:00:00Z`), language, "UTC", false);
  return {
    week: hoursSummary(week, language, {
      closed: t("catalogue:hours.closed"),
      everyDay: t("catalogue:hours.everyDay"),
    }),
    outOfHours:
      outOfHoursFeeCents === null
        ? t("catalogue:hours.noOutOfHours")
        : t("catalogue:hours.outOfHoursFee", { fee: formatCents(outOfHoursFeeCents) }),
    closedDates:
      coming.length > 0 ? t("catalogue:hours.closedDates", { dates: coming.map(dateLabel).join(", ") }) : null,
  };
}

/**
 * A place's hours in one line of text: its week as the page words it (`week`, "Opening hours:
 * every day 06:00–22:00"), then what a handover outside them costs and the coming closed dates.
 */
export function hoursLine(week: string, note: PlaceHoursNote): string {
  return `${week}. ${note.outOfHours}${note.closedDates ? ` ${note.closedDates}` : ""}`;
}

/**
 * What a rental's two handovers meet at their places: the refusal of one outside the hours
 * (naming them, as the checkout will), else the out-of-hours fee each adds; empty when both are
 * within the hours.
 */
export function handoverNotices(
  pickup: PresentedLocation,
  dropoff: PresentedLocation,
  period: { pickUp: Date; dropOff: Date },
  { language, t }: Words,
): { refused: string | null; fees: string[] } {
  const handovers = rentalHandovers(pickup, dropoff, period.pickUp, period.dropOff);
  if (!handovers.ok) {
    const { refusal } = handovers;
    const place = refusal.handover === "pickUp" ? pickup : dropoff;
    const { key, values } = hoursRefusalMessage(refusal, place.name, language);
    return { refused: t(key, values), fees: [] };
  }
  const fees: string[] = [];
  if (handovers.fees.pickUp > 0)
    fees.push(t("catalogue:hours.pickUpFee", { place: pickup.name, fee: formatCents(handovers.fees.pickUp) }));
  if (handovers.fees.dropOff > 0)
    fees.push(t("catalogue:hours.dropOffFee", { place: dropoff.name, fee: formatCents(handovers.fees.dropOff) }));
  return { refused: null, fees };
}
