import { describe, expect, it } from "vitest";
import { bookingCalendar, icsCalendar } from "./calendar";

describe("icsCalendar (RFC 5545)", () => {
  const ics = icsCalendar({
    uid: "booking-RD-DEMO1@rueda",
    start: new Date("2026-12-03T18:00:00Z"),
    end: new Date("2026-12-06T18:00:00Z"),
    stamp: new Date("2026-11-23T09:00:00.123Z"),
    summary: "Rueda: Toyota Corolla, RD-DEMO1",
    location: "Aeropuerto de Maiquetía; Terminal 1",
    description: `Pick-up: 2026-12-03 14:00 (America/Caracas)\nDrop-off: 2026-12-06 14:00 (America/Caracas) ${"é".repeat(80)}`,
  });

  it("writes UTC times, CRLF lines and escaped text", () => {
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics).toContain("\r\nDTSTART:20261203T180000Z\r\n");
    expect(ics).toContain("\r\nDTEND:20261206T180000Z\r\n");
    expect(ics).toContain("\r\nDTSTAMP:20261123T090000Z\r\n");
    expect(ics).toContain("SUMMARY:Rueda: Toyota Corolla\\, RD-DEMO1");
    expect(ics).toContain("LOCATION:Aeropuerto de Maiquetía\\; Terminal 1");
    expect(ics).toContain("(America/Caracas)\\nDrop-off");
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });

  it("folds lines at 75 octets without splitting a character", () => {
    const lines = ics.split("\r\n");
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(lines.some((l) => l.startsWith(" "))).toBe(true);
    const unfolded = ics.replace(/\r\n /g, "");
    expect(unfolded).toContain("é".repeat(80));
  });

  it("escapes a lone CR too, so no line break of a name can start a property of its own", () => {
    const injected = icsCalendar({
      uid: "booking-RD-X@rueda",
      start: new Date("2026-12-03T18:00:00Z"),
      end: new Date("2026-12-06T18:00:00Z"),
      stamp: new Date("2026-11-23T09:00:00Z"),
      summary: "Car\rATTENDEE:mailto:evil@example.com",
      location: "Place\r\nURL:https://evil.example\nX",
      description: "a",
    });
    expect(injected).toContain("SUMMARY:Car\\nATTENDEE:mailto:evil@example.com");
    expect(injected).toContain("LOCATION:Place\\nURL:https://evil.example\\nX");
    // Every CR in the file is the CRLF that ends a line.
    expect(injected.replace(/\r\n/g, "")).not.toContain("\r");
  });
});

describe("bookingCalendar", () => {
  const names = (en: string) => ({ nameEs: `${en} (es)`, nameEn: en, nameFr: `${en} (fr)`, nameEl: `${en} (el)` });
  const noCounter = { counterEs: "", counterEn: "", counterFr: "", counterEl: "" };
  const place = {
    ...names("Maiquetía Airport (CCS)"),
    ...noCounter,
    address: "Av. Intercomunal",
    timeZone: "America/Caracas",
  };
  const detail = {
    booking: {
      reference: "RD-DEMO1",
      startsAt: new Date("2026-12-03T14:00:00Z"),
      endsAt: new Date("2026-12-06T14:00:00Z"),
    },
    car: { name: "Toyota Corolla" },
    pickup: place,
    dropoff: { ...place, ...names("Caracas – Altamira") },
  };
  const words: Record<string, string> = {
    "bookings:detail.pickup": "Pick-up",
    "bookings:detail.dropoff": "Drop-off",
    "bookings:voucher.counter": "At the counter",
  };
  const t = (key: string) => words[key] ?? key;
  const unfold = (ics: string) => ics.replace(/\r\n /g, "");

  it("is the booking's event: its times, the pick-up place, both places on their clocks, in the reader's language", () => {
    const ics = unfold(bookingCalendar(detail, "en", t, new Date("2026-11-26T10:00:00Z")));
    expect(ics).toContain("UID:booking-RD-DEMO1@rueda");
    expect(ics).toContain("DTSTART:20261203T140000Z");
    expect(ics).toContain("SUMMARY:Rueda: Toyota Corolla\\, RD-DEMO1");
    expect(ics).toContain("LOCATION:Maiquetía Airport (CCS)\\, Av. Intercomunal");
    expect(ics).toContain("Pick-up: Maiquetía Airport (CCS)\\, Av. Intercomunal — 2026-12-03 10:00 (America/Caracas)");
    expect(ics).toContain("\\nDrop-off: Caracas – Altamira\\,");
    expect(ics).not.toContain("At the counter");
    expect(unfold(bookingCalendar(detail, "fr", t))).toContain("LOCATION:Maiquetía Airport (CCS) (fr)");
  });

  it("carries the pick-up's counter instructions when the place has some", () => {
    const ics = unfold(bookingCalendar({ ...detail, pickup: { ...place, counterEn: "Arrivals hall" } }, "en", t));
    expect(ics).toContain("\\nAt the counter: Arrivals hall");
  });
});
