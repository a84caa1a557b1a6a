import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, expect, it } from "vitest";

/*
 * The hand-written backfill of the migration that keeps a booking's price facts
 * (docs/domain.md#price-facts): bookings made before it, as that schema held them, get the
 * account's birth date and the young driver rule they were charged or else the one in force now.
 * Raw SQL, so later migrations' columns (with their defaults) do not break the inserts.
 */
const migrationsFolder = path.resolve("db/migrations");
const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
  entries: Array<{ tag: string }>;
};
const at = journal.entries.findIndex((entry) => entry.tag.endsWith("_booking_price_facts"));

const client = new PGlite("memory://", { extensions: { btree_gist } });
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "price-facts-"));
afterAll(async () => {
  await client.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const booking = (reference: string, driver: string, car: string, day: number, fees: string) => `
  insert into bookings (reference, car_id, supplier_id, driver_id, pickup_location_id, dropoff_location_id,
    starts_at, ends_at, status, days, price_cents, breakdown, payment_method)
  select '${reference}', c.id, c.supplier_id, u.id, l.id, l.id,
    timestamptz '2027-03-0${day} 14:00Z', timestamptz '2027-03-0${day} 14:00Z' + interval '3 days', 'pending', 3, 15000,
    '{"days":3,"dailyPriceCents":5000,"options":{}${fees},"subtotalCents":15000,"payLaterFeePercent":0,"totalCents":15000}',
    'payLater'
  from cars c, users u, locations l where c.name = '${car}' and u.email = '${driver}' and l.slug = 'maiquetia';`;

it("gives existing bookings the account's birth date and the fee per day they were charged, else today's rule", async () => {
  expect(at).toBeGreaterThan(0);
  fs.cpSync(migrationsFolder, scratch, { recursive: true });
  fs.writeFileSync(
    path.join(scratch, "meta/_journal.json"),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }),
  );
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: scratch });
  await client.exec(`
    insert into suppliers (name, slug, young_driver_age, young_driver_fee_cents)
      values ('Llanos', 'llanos', 23, 2000), ('Andes', 'andes', 25, null);
    insert into locations (slug, name_es, name_en, name_fr, name_el, address, latitude, longitude)
      values ('maiquetia', 'M', 'M', 'M', 'M', 'Av. Bolívar', 10.6, -66.99);
    insert into users (email, full_name, birth_date) values ('ana@example.com', 'Ana', '1980-06-01'),
      ('beto@example.com', 'Beto', null);
    insert into cars (supplier_id, name, daily_price_cents, seats, doors, fuel_type, gearbox, fuel_policy, young_driver_fee_cents)
      select s.id, v.name, 5000, 5, 4, 'gasoline', 'manual', 'likeForlike', v.fee
      from (values ('llanos', 'supplier fee', null::integer), ('llanos', 'own fee', 1500), ('llanos', 'waived', 0),
        ('andes', 'no fee', null)) as v(supplier, name, fee)
      join suppliers s on s.slug = v.supplier;
    ${booking("CHARGED", "ana@example.com", "supplier fee", 1, ',"fees":{"youngDriver":9000}')}
    ${booking("UNCHARGED", "ana@example.com", "supplier fee", 5, "")}
    ${booking("OWNFEE", "ana@example.com", "own fee", 1, ',"fees":{"oneWay":1000}')}
    ${booking("WAIVED", "beto@example.com", "waived", 1, "")}
    ${booking("NOFEE", "beto@example.com", "no fee", 1, "")}
  `);

  await migrate(db, { migrationsFolder });
  const { rows } = await client.query<{
    reference: string;
    birth: string | null;
    age: number | null;
    fee: number | null;
  }>(
    `select reference, driver_birth_date::text as birth, young_driver_age as age, young_driver_fee_cents as fee
     from bookings order by reference`,
  );
  expect(rows).toEqual([
    // Charged $30 a day when the supplier's fee was higher: that is its fee per day.
    { reference: "CHARGED", birth: "1980-06-01", age: 23, fee: 3000 },
    { reference: "NOFEE", birth: null, age: null, fee: null },
    // The car's own fee replaces the supplier's; another fee line is not the young driver's.
    { reference: "OWNFEE", birth: "1980-06-01", age: 23, fee: 1500 },
    { reference: "UNCHARGED", birth: "1980-06-01", age: 23, fee: 2000 },
    // The car's 0 waives the supplier's fee: no rule.
    { reference: "WAIVED", birth: null, age: null, fee: null },
  ]);
}, 90_000);
