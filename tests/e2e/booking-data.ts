import { DRIVER } from "./admin-fixtures";
import { specSql } from "./seed-database";

/*
 * The bookings list and the booking page over the demo data (db/seed-data.ts): what their specs
 * share (booking-status, booking-amendments and booking-rules).
 */

/**
 * For a booking spec, called at its top: the file's connection to the worker's database, and the
 * bookings its tests make and read.
 */
export function bookingData() {
  const sql = specSql();

  /** A fresh pending pay-later booking like RD-DEMO1 (the demo driver's, the demo staff's supplier), after every other booking of its car. */
  async function freshBooking(driverEmail = DRIVER): Promise<{ id: number; reference: string }> {
    const reference = `E2E${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`
      .toUpperCase()
      .slice(0, 16);
    const [row] = await sql<{ id: number; reference: string }[]>`
      with demo as (select * from bookings where reference = 'RD-DEMO1'),
        after as (select max(b.ends_at) + interval '1 day' as at from bookings b join demo on b.car_id = demo.car_id)
      insert into bookings (reference, car_id, supplier_id, driver_id, pickup_location_id, dropoff_location_id, starts_at, ends_at, status, days, price_cents, breakdown, payment_method)
      select ${reference}, car_id, supplier_id, (select id from users where email = ${driverEmail}), pickup_location_id, dropoff_location_id,
        after.at, after.at + (ends_at - starts_at), 'pending', days, price_cents, breakdown, 'payLater'
      from demo, after
      returning id, reference`;
    return row;
  }

  const statusOf = async (id: number) =>
    (await sql<{ status: string }[]>`select status from bookings where id = ${id}`)[0].status;
  return { sql, freshBooking, statusOf };
}
