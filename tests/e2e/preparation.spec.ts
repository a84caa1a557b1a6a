import { sql } from "drizzle-orm";
import { carOf, DRIVER, marker } from "./admin-fixtures";
import { seedDatabase } from "./seed-database";
import { caracas, expect, jsModes, MAIQUETIA, test } from "./support";

/*
 * Preparation time as drivers meet it (docs/domain.md#preparation): a car returned at 10:00 to a
 * supplier that needs 2 hours between rentals cannot be picked up at 11:00 — not on the checkout
 * page, and not by any of 20 API checkouts racing for it — and can at 12:00, by exactly one of 20.
 * The supplier and its car are this spec's own, deactivated at the end (other specs count brands).
 */
const database = seedDatabase("a supplier with a preparation time and a booking of its car");
const DAY_AHEAD = 50;

let fx: { slug: string; carId: number; placeId: number };

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database().execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

// Inside a describe, so its hooks run within the file's database connection (seedDatabase), not after it closes.
test.describe("preparation time", () => {
  test.beforeAll(async () => {
    const slug = marker("prep-").toLowerCase();
    const carId = await carOf(database(), "llanos", marker("Preparado "));
    await database().execute(sql`with s as (
        insert into suppliers (name, slug, email, preparation_hours, pay_later)
        values (${slug}, ${slug}, 'prep@example.com', 2, true) returning id
      ) update cars set supplier_id = (select id from s) where id = ${carId}`);
    await database().execute(sql`insert into car_locations (car_id, location_id)
      select ${carId}, l.id from locations l where l.name_en = ${MAIQUETIA} on conflict do nothing`);
    const [{ placeId }] = await rows<{ placeId: number }>(
      sql`select id as "placeId" from locations where name_en = ${MAIQUETIA}`,
    );
    // The demo driver's booking returns the car at 10:00; the database adds the 2 hours (bookings_blocked_until).
    const start = `${caracas(DAY_AHEAD - 2, "10:00")}:00-04:00`;
    const end = `${caracas(DAY_AHEAD, "10:00")}:00-04:00`;
    await database().execute(sql`insert into bookings (reference, car_id, supplier_id, driver_id, pickup_location_id,
        dropoff_location_id, starts_at, ends_at, status, days, price_cents, breakdown, payment_method)
      select ${marker("P")}, c.id, c.supplier_id, (select id from users where email = ${DRIVER}), ${placeId}, ${placeId},
        ${start}::timestamptz, ${end}::timestamptz, 'pending', 2, c.daily_price_cents * 2,
        jsonb_build_object('days', 2, 'dailyPriceCents', c.daily_price_cents, 'options', '{}'::jsonb,
          'subtotalCents', c.daily_price_cents * 2, 'payLaterFeePercent', 0, 'totalCents', c.daily_price_cents * 2),
        'payLater'
      from cars c where c.id = ${carId}`);
    fx = { slug, carId, placeId };
  });

  test.afterAll(async () => {
    if (!fx) return;
    await database().execute(sql`update bookings set status = 'cancelled' where car_id = ${fx.carId}`);
    await database().execute(sql`update suppliers set active = false where slug = ${fx.slug}`);
  });

  const link = (time: string) =>
    `/checkout?car=${fx.carId}&pickup=${fx.placeId}&dropoff=${fx.placeId}&from=${caracas(DAY_AHEAD, time)}&to=${caracas(DAY_AHEAD + 2, "10:00")}&l=en`;

  for (const mode of jsModes) {
    test.describe(`preparation time ${mode.name}`, () => {
      test.use({ javaScriptEnabled: mode.javaScriptEnabled });

      test("the checkout refuses a pick-up at 11:00 after a 10:00 return with 2 hours' preparation, and offers 12:00", async ({
        page,
      }) => {
        await page.goto(link("11:00"));
        await expect(page.getByRole("heading", { name: "This booking link can no longer be used" })).toBeVisible();
        await expect(page.getByText("The vehicle is no longer available")).toBeVisible();
        await page.goto(link("12:00"));
        await expect(page.getByRole("button", { name: "Book now" })).toBeVisible();
      });
    });
  }

  test.describe("preparation time under a race", () => {
    test("20 API checkouts for 11:00 all lose to the preparation; of 20 for 12:00 exactly one books", async ({
      request,
    }) => {
      test.slow();
      let client = 0;
      /** A visitor's checkout from an address of its own, so no rate limit meets the race. */
      const checkout = (time: string) => {
        client += 1;
        return request.post("/api/bookings?l=en", {
          headers: { "X-Forwarded-For": `10.77.${Math.floor(client / 250)}.${(client % 250) + 1}` },
          data: {
            carId: fx.carId,
            pickupLocationId: fx.placeId,
            dropoffLocationId: fx.placeId,
            from: caracas(DAY_AHEAD, time),
            to: caracas(DAY_AHEAD + 2, "10:00"),
            options: [],
            paymentMethod: "payLater",
            driver: {
              fullName: "Carrera Preparada",
              email: `${marker("race-").toLowerCase()}-${client}@example.com`,
              phone: "+584141112233",
              birthDate: "1990-01-01",
              acceptTerms: true,
            },
          },
        });
      };
      const statuses = async (time: string) =>
        Promise.all(
          (await Promise.all(Array.from({ length: 20 }, () => checkout(time)))).map(async (response) => ({
            status: response.status(),
            code: response.ok() ? null : ((await response.json()) as { error: { code: string } }).error.code,
          })),
        );

      const early = await statuses("11:00");
      expect(early.filter((r) => r.status === 201)).toHaveLength(0);
      expect(early.every((r) => r.status === 409 && r.code === "unavailable")).toBe(true);

      const ready = await statuses("12:00");
      expect(ready.filter((r) => r.status === 201)).toHaveLength(1);
      expect(ready.filter((r) => r.status === 409 && r.code === "unavailable")).toHaveLength(19);
    });
  });
});
