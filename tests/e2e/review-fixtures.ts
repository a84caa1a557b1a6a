import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { noBill } from "../factories";
import { carOf, rows } from "./admin-fixtures";

/* Rentals whose car came back, and their reviews, for the reviews' specs (docs/domain.md#reviews). */

/** A paid 3-day booking of car `carId` by `driverId`, picked up three days ago and returned an hour ago. */
export async function returnedRental(
  db: Executor,
  carId: number,
  driverId: number,
  reference: string,
): Promise<number> {
  const [booking] = await rows<{ id: number }>(
    db,
    sql`insert into bookings (reference, car_id, supplier_id, driver_id, pickup_location_id, dropoff_location_id, starts_at, ends_at,
          status, days, price_cents, breakdown, payment_method)
        select ${reference}, c.id, c.supplier_id, ${driverId}, cl.location_id, cl.location_id,
          date_trunc('minute', now()) - interval '3 days 1 hour', date_trunc('minute', now()) - interval '1 hour', 'paid', 3, 8400,
          jsonb_build_object('days', 3, 'dailyPriceCents', 2800, 'options', '{}'::jsonb, 'subtotalCents', 8400,
            'payLaterFeePercent', 0, 'totalCents', 8400),
          'cardPayment'
        from cars c join car_locations cl on cl.car_id = c.id where c.id = ${carId}
        order by cl.location_id limit 1
        returning id`,
  );
  await db.execute(sql`insert into payments (booking_id, method, status, amount_cents, provider_reference)
    values (${booking.id}, 'cardPayment', 'succeeded', 8400, ${`demo:${reference}`})`);
  await db.execute(sql`insert into rentals (booking_id, picked_up_at, odometer_out_km, fuel_out_eighths, deposit_cents,
      signer_name, signed_at, language, state, returned_at, odometer_in_km, fuel_in_eighths, final_bill)
    select id, starts_at, 12000, 8, 0, 'Daniela Conductora', starts_at, 'en', 'returned', ends_at, 12300, 8,
      ${JSON.stringify(noBill)}::jsonb from bookings where id = ${booking.id}`);
  return booking.id;
}

/**
 * `stars` published reviews (overall, every aspect the same) of supplier `slug`, each of a rental
 * of a car of its own returned an hour ago, and the supplier's score recomputed from its visible reviews as
 * `refreshSupplierScore` does (app/modules/review/supplier-scores.server.ts).
 */
export async function publishedReviews(db: Executor, slug: string, stars: number[], driverId: number) {
  for (const [index, overall] of stars.entries()) {
    // A car of its own: one car's rentals cannot overlap.
    const carId = await carOf(db, slug, `Reviewed car ${index + 1}`);
    const bookingId = await returnedRental(db, carId, driverId, `RV${Date.now().toString(36)}${index}`.toUpperCase());
    await db.execute(sql`insert into reviews (booking_id, supplier_id, author_id, overall, car_condition, cleanliness,
        staff, value, counter_speed, published_at)
      select id, supplier_id, driver_id, ${overall}, ${overall}, ${overall}, ${overall}, ${overall}, ${overall}, now()
      from bookings where id = ${bookingId}`);
  }
  await db.execute(sql`update suppliers s set
      review_count = (select count(*) from reviews r where r.supplier_id = s.id and r.published_at is not null and r.hidden_at is null),
      review_sum = (select coalesce(sum(r.overall), 0) from reviews r where r.supplier_id = s.id and r.published_at is not null and r.hidden_at is null)
    where s.slug = ${slug}`);
}
