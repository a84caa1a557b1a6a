/**
 * `npm run db:seed`: demo data into an empty database, asked for explicitly (so also
 * with NODE_ENV=production); `--cars N --bookings M` adds the benchmark data set.
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { prepareDatabase } from "../app/modules/setup/prepare-database.server";
import { closeDb, getDb } from "../db/client";
import { DEMO_PASSWORD, demoLogins } from "../db/seed-data";

const { values } = parseArgs({
  options: { cars: { type: "string" }, bookings: { type: "string" } },
});

const started = Date.now();
const { seeded } = await prepareDatabase({ demoData: true });
const db = await getDb();

if (values.cars || values.bookings) {
  const cars = Number(values.cars ?? 10_000);
  const bookings = Number(values.bookings ?? 0);
  if (!Number.isInteger(cars) || cars < 1 || !Number.isInteger(bookings) || bookings < 0) {
    console.error("Usage: npm run db:seed -- --cars <count> --bookings <count>");
    process.exit(2);
  }
  await seedScaled(cars, bookings);
  console.log(
    `Scaled data set: ${cars} more cars, ${bookings} bookings in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
} else if (seeded) {
  console.log(`Demo data loaded. Logins (password ${DEMO_PASSWORD}): ${demoLogins.map((l) => l.email).join(", ")}`);
} else {
  console.log("The database already has data; nothing was changed.");
}
await closeDb();

/**
 * Benchmark data in a few set-based statements: cars spread over every supplier and
 * 1–3 locations, their specs varied independently (different divisors) so filters combine, and bookings spaced per car so none overlap (the constraint holds).
 * Each car's bookings sit at a different phase within their slots, so no period of the
 * year is booked out for the whole fleet at once (which would make searches unrealistic).
 */
async function seedScaled(carCount: number, bookingCount: number) {
  await db.execute(sql`
    insert into cars (supplier_id, name, image, category, bags, daily_price_cents, deposit_cents, seats, doors, aircon, fuel_type, gearbox,
      fuel_policy, mileage, pay_later_fee_percent, cancellation_cents, gps_cents, home_delivery_cents, baby_chair_cents,
      theft_protection_cents, collision_damage_waiver_cents, full_insurance_cents, additional_driver_cents, availability)
    select s.ids[1 + g % array_length(s.ids, 1)], 'Fleet car ' || g,
      '/images/cars/' || (array['sedan','hatchback','suv','pickup','van','coupe'])[1 + g % 6] || '-' ||
        (array['red','blue','white','black','silver','green','yellow','orange'])[1 + (g / 7) % 8] || '.svg',
      (array['mini','economy','compact','midsize','fullsize','premium','suv','van','pickup'])[1 + (g / 31) % 9]::car_category,
      (array[1, 2, 2, 3, 4, 5])[1 + (g / 37) % 6],
      2000 + (g * 7919) % 14000, (array[10000, 25000, 50000, 75000])[1 + (g / 7) % 4],
      (array[2, 4, 5, 5, 5, 7, 8])[1 + (g / 13) % 7], (array[2, 3, 4, 5, 5])[1 + (g / 17) % 5], (g / 11) % 10 <> 0,
      (array['diesel','gasoline','electric','hybrid','plugInHybrid','unknown'])[1 + (g / 5) % 6]::fuel_type,
      (array['manual','automatic'])[1 + (g / 3) % 2]::gearbox, (array['likeForlike','freeTank'])[1 + (g / 29) % 2]::fuel_policy,
      case when (g / 19) % 3 = 0 then 200 else -1 end, (array[0, 5, 10])[1 + (g / 23) % 3],
      (array[-1, 0, 2000])[1 + g % 3], (array[-1, 0, 500])[1 + (g / 2) % 3], (array[-1, 0, 1500])[1 + (g / 3) % 3],
      (array[-1, 0, 400])[1 + (g / 4) % 3], (array[-1, 0, 900])[1 + (g / 5) % 3], (array[-1, 0, 1100])[1 + (g / 6) % 3],
      (array[-1, 0, 2000])[1 + (g / 7) % 3], (array[-1, 0, 600])[1 + (g / 8) % 3],
      (case when g % 97 = 0 then 'unavailable' else 'available' end)::availability
    from generate_series(1, ${carCount}) g, (select array_agg(id order by id) ids from suppliers) s`);
  await db.execute(sql`
    insert into car_locations (location_id, car_id)
    select l.ids[1 + ((c.id * k * 31) % array_length(l.ids, 1))], c.id
    from cars c, (select array_agg(id order by id) ids from locations) l, generate_series(1, 3) k
    where c.name like 'Fleet car %' and k <= 1 + c.id % 3
    on conflict do nothing`);
  if (bookingCount === 0) return;
  await db.execute(sql`
    with fleet as (
      select id, supplier_id, daily_price_cents, row_number() over (order by id) - 1 as n, count(*) over () as total
      from cars where name like 'Fleet car %'),
    slots as (
      select f.*, k, ceil(${bookingCount}::numeric / f.total)::int as per_car
      from fleet f, generate_series(0, ceil(${bookingCount}::numeric / (select count(*) from fleet))::int - 1) k),
    numbered as (
      select s.*, row_number() over (order by s.k, s.id) as seq,
        date_trunc('day', now() - interval '365 days')
          + (s.k * (730 / s.per_car) + (s.n * 7919 + s.k * 104729) % greatest(1, 730 / s.per_car - 14)) * interval '1 day'
          + (s.n % 24) * interval '1 hour' as starts_at,
        1 + (s.n * 31 + s.k * 17) % 14 as days
      from slots s)
    insert into bookings (reference, car_id, supplier_id, driver_id, pickup_location_id, dropoff_location_id, starts_at, ends_at,
      status, days, price_cents, breakdown, payment_method)
    select 'SC' || b.seq, b.id, b.supplier_id, (select id from users where email = ${demoLogins[2].email}),
      (select location_id from car_locations where car_id = b.id limit 1), (select location_id from car_locations where car_id = b.id limit 1),
      b.starts_at, b.starts_at + b.days * interval '1 day',
      (array['pending','paid','reserved','deposit','cancelled','paid','pending'])[1 + b.seq % 7]::booking_status,
      b.days, b.daily_price_cents * b.days,
      jsonb_build_object('days', b.days, 'dailyPriceCents', b.daily_price_cents, 'options', '{}'::jsonb,
        'subtotalCents', b.daily_price_cents * b.days, 'payLaterFeePercent', 0, 'totalCents', b.daily_price_cents * b.days),
      'payLater'
    from numbered b where b.seq <= ${bookingCount}`);
  // Vacuum, not just analyze: it sets the visibility map, without which the planner
  // prices index-only scans (the availability probes) as heap scans and picks worse plans.
  await db.execute(sql`vacuum analyze`);
}
