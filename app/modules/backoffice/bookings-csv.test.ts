import { describe, expect, it } from "vitest";
import { centsToDecimal, csvColumns, csvHeader, csvRow } from "./bookings-csv";

const t = (key: string) => `«${key}»`;

describe("bookings CSV rows (docs/domain.md#bookings-export)", () => {
  it("writes money as decimal dollars, exact to the cent", () => {
    expect(centsToDecimal(123_450)).toBe("1234.50");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(centsToDecimal(0)).toBe("0.00");
    expect(centsToDecimal(100_000_001)).toBe("1000000.01");
  });

  it("names every column through the translations", () => {
    expect(csvHeader(t)).toEqual(csvColumns.map((c) => `«adminDashboard:csv.${c}»`));
  });

  it("puts each time on its place's wall clock, with the zone beside it", () => {
    const row = csvRow(
      {
        reference: "RD-ABC123",
        status: "paid",
        car: "Toyota Yaris",
        supplier: "Llanos Rent a Car",
        driver: "Daniela Conductora",
        driverEmail: "driver@rueda.example",
        pickupPlace: "Maiquetía",
        pickupTimeZone: "America/Caracas",
        startsAt: new Date("2026-11-30T18:00:00Z"),
        dropoffPlace: "Madrid",
        dropoffTimeZone: "Europe/Madrid",
        endsAt: new Date("2026-12-03T09:30:00Z"),
        days: 3,
        priceCents: 14_703,
        paymentMethod: "cardPayment",
      },
      t,
    );
    expect(Object.fromEntries(csvColumns.map((c, i) => [c, row[i]]))).toEqual({
      reference: "RD-ABC123",
      status: "«common:bookingStatus.paid»",
      car: "Toyota Yaris",
      supplier: "Llanos Rent a Car",
      driver: "Daniela Conductora",
      driverEmail: "driver@rueda.example",
      pickupPlace: "Maiquetía",
      pickup: "2026-11-30 14:00",
      pickupTimeZone: "America/Caracas",
      dropoffPlace: "Madrid",
      dropoff: "2026-12-03 10:30",
      dropoffTimeZone: "Europe/Madrid",
      days: "3",
      totalUsd: "147.03",
      paymentMethod: "«bookings:paymentMethods.cardPayment»",
    });
  });
});
