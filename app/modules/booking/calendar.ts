import type { Language } from "~/modules/i18n/languages";
import { placeName, type PlaceNames } from "~/modules/i18n/place-name";
import { wallClockLabel } from "~/modules/time/zoned-time";
import { counterInstructions, type CounterTexts } from "./voucher";

/**
 * A booking as an iCalendar event (RFC 5545), written by hand: one VEVENT needs no library.
 * Times are UTC ("…Z"), which every calendar reads and converts to the viewer's zone; a TZID
 * would have to carry its own VTIMEZONE definition. The places' zones and local times are in
 * the description, as the booking page shows them.
 */
export type CalendarEvent = {
  uid: string;
  start: Date;
  end: Date;
  stamp: Date;
  summary: string;
  location: string;
  description: string;
};

const utc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** TEXT escaping (RFC 5545 §3.3.11). */
const text = (value: string) =>
  value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");

const encoder = new TextEncoder();

/** Lines longer than 75 octets are folded: CRLF and a space (§3.1), never inside a UTF-8 character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

export function icsCalendar(event: CalendarEvent): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Rueda//Bookings//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(event.end)}`,
    `SUMMARY:${text(event.summary)}`,
    `LOCATION:${text(event.location)}`,
    `DESCRIPTION:${text(event.description)}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(fold).join("\r\n") + "\r\n";
}

/** A place as a booking's calendar event names it: its names, address, clock and counter instructions. */
type CalendarPlace = PlaceNames & CounterTexts & { address: string; timeZone: string };

/**
 * A booking as its calendar event, the one the booking page's download and the confirmation
 * email's attachment both give (docs/domain.md#confirmation): the pick-up place as the
 * location, both places with their local times and the pick-up's counter instructions (when it
 * has some) in the description, in `language` with the reader's words from `t`.
 */
export function bookingCalendar(
  detail: {
    booking: { reference: string; startsAt: Date; endsAt: Date };
    car: { name: string };
    pickup: CalendarPlace;
    dropoff: CalendarPlace;
  },
  language: Language,
  t: (key: string) => string,
  stamp = new Date(),
): string {
  const { booking, pickup, dropoff } = detail;
  const place = (p: CalendarPlace, at: Date) =>
    `${placeName(p, language)}, ${p.address} — ${wallClockLabel(at, p.timeZone)} (${p.timeZone})`;
  const counter = counterInstructions(pickup, language);
  return icsCalendar({
    uid: `booking-${booking.reference}@rueda`,
    start: booking.startsAt,
    end: booking.endsAt,
    stamp,
    summary: `Rueda: ${detail.car.name}, ${booking.reference}`,
    location: `${placeName(pickup, language)}, ${pickup.address}`,
    description: [
      `${t("bookings:detail.pickup")}: ${place(pickup, booking.startsAt)}`,
      `${t("bookings:detail.dropoff")}: ${place(dropoff, booking.endsAt)}`,
      ...(counter ? [`${t("bookings:voucher.counter")}: ${counter}`] : []),
    ].join("\n"),
  });
}
