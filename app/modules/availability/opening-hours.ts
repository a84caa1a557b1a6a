import { instantToLocal } from "~/modules/time/zoned-time";

/*
 * A place's opening hours (docs/domain.md#opening-hours): per weekday a time it opens and a time
 * it closes on the place's own clock, or closed all day; dates it is closed (holidays); and an
 * optional fee for a handover outside them. Pure and shared with the browser, which shows the
 * hours under the place field and in the checkout summary.
 */

export const weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof weekdays)[number];

/** "06:00"–"22:00" on the place's clock; null: closed all day. */
export type DayHours = { open: string; close: string } | null;
/** Null when the place set no hours: it hands cars over at any time. */
export type WeekHours = Record<Weekday, DayHours>;

export type OpeningHours = {
  week: WeekHours | null;
  /** Dates (YYYY-MM-DD, the place's calendar) it is closed all day. */
  closedDates: readonly string[];
  /** What a handover outside the hours costs; null: none is offered, it is refused. */
  outOfHoursFeeCents: number | null;
};

export type HandoverVerdict =
  | { kind: "open" }
  | { kind: "outOfHours"; feeCents: number }
  /**
   * Refused; `hours` are the day's (null when closed that weekday), `holiday` when the date
   * itself (`date`, the place's calendar) is closed.
   */
  | { kind: "closed"; date: string; weekday: Weekday; hours: DayHours; holiday: boolean };

/** The weekday of a calendar date (YYYY-MM-DD), Monday first. */
export function weekdayOf(date: string): Weekday {
  const [year, month, day] = date.split("-").map(Number);
  // getUTCDay: 0 is Sunday.
  return weekdays[(new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7];
}

/**
 * Whether a car may be handed over at `instant` at a place in `zone`. Both ends are inside the
 * hours: a place open 06:00–22:00 hands over at 06:00 and takes a car back at 22:00, not at
 * 22:01 (docs/domain.md#opening-hours). Outside them (or on a closed day or date) the place's
 * out-of-hours fee applies when it offers the service, else the handover is refused.
 */
export function handoverAt(hours: OpeningHours, instant: Date, zone: string): HandoverVerdict {
  if (!hours.week) return { kind: "open" };
  const local = instantToLocal(instant, zone);
  const date = local.slice(0, 10);
  const time = local.slice(11, 16);
  const weekday = weekdayOf(date);
  const day = hours.week[weekday];
  const holiday = hours.closedDates.includes(date);
  if (!holiday && day && day.open <= time && time <= day.close) return { kind: "open" };
  if (hours.outOfHoursFeeCents !== null) return { kind: "outOfHours", feeCents: hours.outOfHoursFeeCents };
  return { kind: "closed", date, weekday, hours: holiday ? null : day, holiday };
}

/**
 * A place's hours on one date of its calendar (YYYY-MM-DD), as the pick-up reminder names them
 * (docs/domain.md#reminder): that weekday's, null when closed all day (the weekday or the date),
 * undefined when the place keeps no hours.
 */
export function hoursOn(hours: OpeningHours, date: string): DayHours | undefined {
  if (!hours.week) return undefined;
  if (hours.closedDates.includes(date)) return null;
  return hours.week[weekdayOf(date)];
}

/** Consecutive weekdays with the same hours, for a short summary ("Mon–Sat 08:00–18:00"). */
export function hoursRuns(week: WeekHours): Array<{ from: Weekday; to: Weekday; hours: DayHours }> {
  const runs: Array<{ from: Weekday; to: Weekday; hours: DayHours }> = [];
  for (const weekday of weekdays) {
    const hours = week[weekday];
    const last = runs.at(-1);
    if (last && last.hours?.open === hours?.open && last.hours?.close === hours?.close) last.to = weekday;
    else runs.push({ from: weekday, to: weekday, hours });
  }
  return runs;
}

export type Handover = "pickUp" | "dropOff";
/** A handover the place refuses, with what its message names (docs/domain.md#opening-hours). */
export type HoursRefusal = {
  reason: "outsideHours";
  handover: Handover;
  placeId: number;
  date: string;
  weekday: Weekday;
  hours: DayHours;
  holiday: boolean;
};
/** The out-of-hours fees a rental's two handovers add, 0 for one within the hours. */
export type HandoverFees = { pickUp: number; dropOff: number };

type PlaceHours = { id: number; timeZone: string; hours: OpeningHours };

/**
 * Both handovers of a rental: the pick-up at its place and the drop-off at its place, each on
 * its own place's clock. The first refused handover, or the fee each adds.
 */
export function rentalHandovers(
  pickup: PlaceHours,
  dropoff: PlaceHours,
  pickUp: Date,
  dropOff: Date,
): { ok: true; fees: HandoverFees } | { ok: false; refusal: HoursRefusal } {
  const fees: HandoverFees = { pickUp: 0, dropOff: 0 };
  for (const [handover, place, instant] of [
    ["pickUp", pickup, pickUp],
    ["dropOff", dropoff, dropOff],
  ] as const) {
    const verdict = handoverAt(place.hours, instant, place.timeZone);
    if (verdict.kind === "closed") {
      const { date, weekday, hours, holiday } = verdict;
      return {
        ok: false,
        refusal: { reason: "outsideHours", handover, placeId: place.id, date, weekday, hours, holiday },
      };
    }
    if (verdict.kind === "outOfHours") fees[handover] = verdict.feeCents;
  }
  return { ok: true, fees };
}

/** A place row's hours as the rule reads them. */
export function openingHoursOf(row: {
  openingHours: WeekHours | null;
  closedDates: readonly string[];
  outOfHoursFeeCents: number | null;
}): OpeningHours {
  return { week: row.openingHours, closedDates: row.closedDates, outOfHoursFeeCents: row.outOfHoursFeeCents };
}

/** A Monday, from which the week's days are named by Intl in any language. */
const A_MONDAY = Date.UTC(2027, 2, 1);
const DAY_MS = 86_400_000;

const weekdayNames = new Map<string, string>();

/** "Sunday", "domingo", "Κυριακή" (`long`) or "Sun", "dom" (`short`): Intl's names, no translations to keep. */
export function weekdayName(weekday: Weekday, language: string, width: "long" | "short" = "long"): string {
  const key = `${language}/${width}/${weekday}`;
  let name = weekdayNames.get(key);
  if (name === undefined) {
    const date = new Date(A_MONDAY + weekdays.indexOf(weekday) * DAY_MS);
    name = new Intl.DateTimeFormat(language, { weekday: width, timeZone: "UTC" }).format(date);
    // A few languages × two widths × seven days; a formatter per call cost a search page 0.2 ms.
    if (weekdayNames.size < 1_000) weekdayNames.set(key, name);
  }
  return name;
}

/**
 * The message of a refused handover, naming the place and its hours that day
 * (docs/domain.md#opening-hours): an i18n key of the catalogue and its values.
 */
export function hoursRefusalMessage(
  refusal: Pick<HoursRefusal, "date" | "weekday" | "hours" | "holiday">,
  place: string,
  language: string,
): { key: string; values: Record<string, string> } {
  const weekday = weekdayName(refusal.weekday, language);
  if (refusal.holiday) {
    const date = new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(
      new Date(`${refusal.date}T00:00:00Z`),
    );
    return { key: "catalogue:hours.refusedHoliday", values: { place, date } };
  }
  if (!refusal.hours) return { key: "catalogue:hours.refusedClosedDay", values: { place, weekday } };
  return { key: "catalogue:hours.refused", values: { place, weekday, ...refusal.hours } };
}

/**
 * A week's hours in one line: "Mon–Sat 08:00–18:00 · Sun closed", or "every day 06:00–22:00" when
 * all seven days keep the same hours; `words` are the reader's.
 */
export function hoursSummary(week: WeekHours, language: string, words: { closed: string; everyDay: string }): string {
  const runs = hoursRuns(week);
  if (runs.length === 1 && runs[0].hours) return `${words.everyDay} ${runs[0].hours.open}–${runs[0].hours.close}`;
  return runs
    .map(({ from, to, hours }) => {
      const days =
        from === to
          ? weekdayName(from, language, "short")
          : `${weekdayName(from, language, "short")}–${weekdayName(to, language, "short")}`;
      return `${days} ${hours ? `${hours.open}–${hours.close}` : words.closed}`;
    })
    .join(" · ");
}
