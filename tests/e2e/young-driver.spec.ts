import { sql } from "drizzle-orm";
import { ADMIN, carOf, DEMO_PASSWORD, marker } from "./admin-fixtures";
import { seedDatabase } from "./seed-database";
import { caracas, expect, fillVisitor, jsModes, MAIQUETIA, test, uniqueEmail } from "./support";
import { signedInAs } from "./sign-in";

/*
 * The young driver fee as people meet it (docs/domain.md#young-driver-fee): an admin sets it in the
 * supplier's rental rules; the checkout says it before the birth date is known, prices it in as the
 * birth date is typed (with JavaScript), and the booking carries it as its own line. The supplier
 * and its car are this spec's own, deactivated at the end (other specs count brands).
 */
const database = seedDatabase("a supplier and a car of its own");

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database().execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

/**
 * A copy of a Llanos car at $10 a day without pay-later fee, moved to a new supplier `slug` (young
 * driver age 25, `youngDriverFeeCents` a day or none) and offered at Maiquetía.
 */
async function carOfOwnSupplier(slug: string, carName: string, youngDriverFeeCents: number | null) {
  const carId = await carOf(database(), "llanos", carName);
  const [{ supplierId, placeId }] = await rows<{ supplierId: number; placeId: number }>(sql`with s as (
      insert into suppliers (name, slug, email, pay_later, young_driver_age, young_driver_fee_cents)
      values (${slug}, ${slug}, 'young@example.com', true, 25, ${youngDriverFeeCents}) returning id
    ), c as (
      update cars set supplier_id = (select id from s), daily_price_cents = 1000, pay_later_fee_percent = 0
      where id = ${carId} returning id
    )
    select (select id from s) as "supplierId", (select id from locations where name_en = ${MAIQUETIA}) as "placeId"
    from c`);
  await database().execute(sql`insert into car_locations (car_id, location_id) values (${carId}, ${placeId})
    on conflict do nothing`);
  return { carId, supplierId, placeId };
}

for (const [index, mode] of jsModes.entries()) {
  test.describe(`young driver fee ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("set in the rental rules, told at checkout and charged per day to a driver under 25", async ({
      page,
      browser,
    }) => {
      test.slow();
      const slug = marker("young-").toLowerCase();
      const { carId, supplierId, placeId } = await carOfOwnSupplier(slug, marker("Joven "), null);
      const admin = await browser.newContext({ javaScriptEnabled: mode.javaScriptEnabled });
      try {
        // The admin sets $10 a day under 25 in the supplier's rental rules.
        const adminPage = await admin.newPage();
        await signedInAs(adminPage, ADMIN, DEMO_PASSWORD);
        await adminPage.goto(`/admin/suppliers/${supplierId}?l=en`);
        const rules = adminPage.getByRole("region", { name: "Rental rules" });
        await rules.getByLabel("Young driver fee per day (US$)").fill("10");
        await rules.getByLabel("Young driver age (years)").fill("25");
        await rules.getByRole("button", { name: "Update the rental rules" }).click();
        await expect(adminPage.getByText("Changes made successfully")).toBeVisible();
        await expect(rules.getByLabel("Young driver fee per day (US$)")).toHaveValue("10.00");

        // A visitor turning 25 the day after the pick-up.
        const start = 60 + index * 10;
        const pickUpDate = caracas(start, "10:00").slice(0, 10);
        const birth = new Date(`${pickUpDate}T00:00:00Z`);
        birth.setUTCFullYear(birth.getUTCFullYear() - 25);
        birth.setUTCDate(birth.getUTCDate() + 1);
        await page.goto(
          `/checkout?car=${carId}&pickup=${placeId}&dropoff=${placeId}&from=${caracas(start, "10:00")}&to=${caracas(start + 3, "10:00")}&l=en`,
        );
        await expect(
          page.getByText("Drivers under 25 on the pick-up day pay a young driver fee of $10 a day."),
        ).toBeVisible();
        await expect(page.getByTestId("checkout-total")).toHaveText("$30");
        await fillVisitor(page, { email: uniqueEmail("young"), birthDate: birth.toISOString().slice(0, 10) });
        if (mode.javaScriptEnabled) {
          await expect(page.getByTestId("checkout-total")).toHaveText("$60");
          await expect(page.locator(".price-lines").getByRole("row", { name: "Young driver fee $30" })).toBeVisible();
        }
        await page.getByLabel("I accept the Terms of Use").check();
        await page.getByRole("button", { name: "Book now" }).click();
        await expect(page.getByRole("heading", { level: 1, name: /^Booking RD-/ })).toBeVisible();
        await expect(page.getByTestId("booking-total")).toHaveText("$60");
        await expect(page.getByRole("row", { name: "Young driver fee $30" })).toBeVisible();
      } finally {
        await admin.close();
        await database().execute(sql`update bookings set status = 'cancelled' where car_id = ${carId}`);
        await database().execute(sql`update suppliers set active = false where slug = ${slug}`);
      }
    });
  });
}

/*
 * The car's form is submitted without JavaScript in admin-cars.spec.ts; what this checks is the server's price, the same in both modes (docs/operations.md#tests).
 */
test.describe("young driver fee: a car's own", () => {
  test("a car's own fee, typed in the car's form, replaces the supplier's at checkout", async ({ page }) => {
    const slug = marker("young-car-").toLowerCase();
    const { carId, placeId } = await carOfOwnSupplier(slug, marker("Joven propio "), 1000);
    try {
      await signedInAs(page, ADMIN, DEMO_PASSWORD);
      await page.goto(`/admin/cars/${carId}?l=en`);
      const fee = page.getByLabel("Young driver fee per day for this car ($, optional)");
      await expect(fee).toHaveValue("");
      await fee.fill("15");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Changes made successfully")).toBeVisible();
      await page.goto(`/admin/cars/${carId}?l=en`);
      await expect(fee).toHaveValue("15.00");

      const start = 80;
      await page.goto(
        `/checkout?car=${carId}&pickup=${placeId}&dropoff=${placeId}&from=${caracas(start, "10:00")}&to=${caracas(start + 3, "10:00")}&l=en`,
      );
      await expect(
        page.getByText("Drivers under 25 on the pick-up day pay a young driver fee of $15 a day."),
      ).toBeVisible();
    } finally {
      await database().execute(sql`update suppliers set active = false where slug = ${slug}`);
    }
  });
});
