import { wallClockLabel } from "~/modules/time/zoned-time";

/*
 * The bookings list as CSV rows (docs/domain.md#bookings-export): one row per booking, every cell
 * text, in the reader's language; money as decimal dollars, times on the wall clock of the place
 * they happen at with that place's zone beside them. Quoting, the formula guard and the BOM are
 * csv.server.ts's.
 */

export type CsvBooking = {
  reference: string;
  status: string;
  car: string;
  supplier: string;
  driver: string;
  driverEmail: string;
  pickupPlace: string;
  pickupTimeZone: string;
  startsAt: Date;
  dropoffPlace: string;
  dropoffTimeZone: string;
  endsAt: Date;
  days: number;
  priceCents: number;
  paymentMethod: string;
};

/** The columns in order; each names its header `adminDashboard:csv.<column>`. */
export const csvColumns = [
  "reference",
  "status",
  "car",
  "supplier",
  "driver",
  "driverEmail",
  "pickupPlace",
  "pickup",
  "pickupTimeZone",
  "dropoffPlace",
  "dropoff",
  "dropoffTimeZone",
  "days",
  "totalUsd",
  "paymentMethod",
] as const;

type Translate = (key: string) => string;

export const csvHeader = (t: Translate): string[] => csvColumns.map((column) => t(`adminDashboard:csv.${column}`));

/** Integer cents as a plain decimal number of dollars a spreadsheet reads: 123450 → "1234.50". */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** "2026-11-30 14:00": an instant on the wall clock of `zone`. */

export function csvRow(booking: CsvBooking, t: Translate): string[] {
  const cells: Record<(typeof csvColumns)[number], string> = {
    reference: booking.reference,
    status: t(`common:bookingStatus.${booking.status}`),
    car: booking.car,
    supplier: booking.supplier,
    driver: booking.driver,
    driverEmail: booking.driverEmail,
    pickupPlace: booking.pickupPlace,
    pickup: wallClockLabel(booking.startsAt, booking.pickupTimeZone),
    pickupTimeZone: booking.pickupTimeZone,
    dropoffPlace: booking.dropoffPlace,
    dropoff: wallClockLabel(booking.endsAt, booking.dropoffTimeZone),
    dropoffTimeZone: booking.dropoffTimeZone,
    days: String(booking.days),
    totalUsd: centsToDecimal(booking.priceCents),
    paymentMethod: t(`bookings:paymentMethods.${booking.paymentMethod}`),
  };
  return csvColumns.map((column) => cells[column]);
}
