import { calendarDateIn } from "~/modules/time/calendar";
import { addLocalDays, instantToLocal } from "~/modules/time/zoned-time";

/*
 * "Today at the counter" (docs/domain.md#counter): the pick-ups and returns of today and
 * tomorrow at each place, on the place's own clock, and the overdue returns. Pure: the server
 * reads the entries (counter.server.ts), this sorts them into the page's lists.
 */

/** Bookings the driver is still to collect or bring back: not a bare hold, not cancelled or deleted. */
export const counterStatuses = ["pending", "deposit", "paid", "reserved"] as const;

/** At most this many overdue returns are listed, the most recent first. */
export const OVERDUE_MAX = 50;

export type CounterEntry = {
  bookingId: number;
  reference: string;
  status: string;
  driver: string;
  car: string;
  plate: string | null;
  /** The rental record's state (docs/domain.md#pick-up): null before the pick-up; `out` offers the return. */
  rental: "out" | "returned" | "closed" | null;
  /** The place's id, name and time zone. */
  placeId: number;
  placeName: string;
  timeZone: string;
  /** The pick-up or return instant. */
  at: Date;
};

export type CounterPlace = {
  id: number;
  name: string;
  timeZone: string;
  /** Today's and tomorrow's calendar dates on the place's clock. */
  today: string;
  tomorrow: string;
  pickups: { today: CounterItem[]; tomorrow: CounterItem[] };
  returns: { today: CounterItem[]; tomorrow: CounterItem[] };
  overdue: CounterItem[];
};

/** One line of the page: a booking and the time that matters, on the place's clock ("14:30", or "2026-11-20 14:30" when overdue). */
export type CounterItem = Omit<CounterEntry, "at" | "placeName" | "timeZone" | "placeId"> & { time: string };

const item = (entry: CounterEntry, withDate: boolean): CounterItem => {
  const local = instantToLocal(entry.at, entry.timeZone);
  return {
    bookingId: entry.bookingId,
    reference: entry.reference,
    status: entry.status,
    driver: entry.driver,
    car: entry.car,
    plate: entry.plate,
    rental: entry.rental,
    time: withDate ? local.replace("T", " ") : local.slice(11),
  };
};

/** Today's and tomorrow's calendar dates on a place's clock, at `now`. */
function todayAndTomorrow(now: Date, timeZone: string): { today: string; tomorrow: string } {
  const today = calendarDateIn(timeZone, now);
  return { today, tomorrow: addLocalDays(`${today}T00:00`, 1).slice(0, 10) };
}

/** Which day on the place's clock `at` falls on, seen at `now`: 0 today, 1 tomorrow, else null. */
export function counterDay(at: Date, now: Date, timeZone: string): 0 | 1 | null {
  const { today, tomorrow } = todayAndTomorrow(now, timeZone);
  const day = calendarDateIn(timeZone, at);
  return day === today ? 0 : day === tomorrow ? 1 : null;
}

/**
 * The page's places, by name: each with its pick-ups and returns of today and tomorrow (by time)
 * and its overdue returns (oldest first). `places` are listed even when they have nothing (staff
 * see their fleet's places with their empty states); other places only when they have an entry.
 */
export function counterPlaces(
  input: { pickups: CounterEntry[]; returns: CounterEntry[]; overdue: CounterEntry[] },
  places: Array<{ id: number; name: string; timeZone: string }>,
  now: Date,
): CounterPlace[] {
  const byId = new Map<number, CounterPlace>();
  const place = (p: { id: number; name: string; timeZone: string }) => {
    let found = byId.get(p.id);
    if (!found) {
      found = {
        ...p,
        ...todayAndTomorrow(now, p.timeZone),
        pickups: { today: [], tomorrow: [] },
        returns: { today: [], tomorrow: [] },
        overdue: [],
      };
      byId.set(p.id, found);
    }
    return found;
  };
  for (const p of places) place(p);
  const sorted = (entries: CounterEntry[]) =>
    [...entries].sort((a, b) => a.at.getTime() - b.at.getTime() || a.bookingId - b.bookingId);
  for (const [kind, entries] of [
    ["pickups", input.pickups],
    ["returns", input.returns],
  ] as const) {
    for (const entry of sorted(entries)) {
      const day = counterDay(entry.at, now, entry.timeZone);
      if (day === null) continue;
      const p = place({ id: entry.placeId, name: entry.placeName, timeZone: entry.timeZone });
      p[kind][day === 0 ? "today" : "tomorrow"].push(item(entry, false));
    }
  }
  for (const entry of sorted(input.overdue)) {
    place({ id: entry.placeId, name: entry.placeName, timeZone: entry.timeZone }).overdue.push(item(entry, true));
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}
