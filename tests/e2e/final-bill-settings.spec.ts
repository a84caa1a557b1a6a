import { sql } from "drizzle-orm";
import { ADMIN, carOf, DEMO_PASSWORD, marker } from "./admin-fixtures";
import { seedDatabase } from "./seed-database";
import { expect, hydrated, javaScriptOnly, test } from "./support";
import { signedInAs } from "./sign-in";

/*
 * The final bill's settings as staff set them (docs/domain.md#final-bill): a supplier's refueling
 * price per eighth of a tank and late-return grace period on its rental rules form, a car's price
 * per extra kilometer on the car form. A wrong amount is refused beside its field and saves
 * nothing. The bill's own rules are unit-tested (app/modules/pricing/final-bill.test.ts).
 */
const db = seedDatabase("a supplier and a car of their own");

async function value<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = (await db().execute(query)) as unknown as T[];
  return row;
}

// JavaScript only: the rental rules and car forms it fills are submitted without JavaScript in young-driver.spec.ts and admin-cars.spec.ts; what it checks is the server's bill (docs/operations.md#tests).
for (const mode of javaScriptOnly) {
  test.describe(`final bill settings ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("a supplier's refueling price and grace period, and a car's price per extra kilometer", async ({ page }) => {
      test.slow();
      const slug = marker("bill-").toLowerCase();
      // Inactive, so the demo's brand lists (catalogue-pages.spec.ts) stay as they are.
      const supplier = await value<{ id: number }>(
        sql`insert into suppliers (name, slug, email, active) values (${slug}, ${slug}, 'bill@example.com', false) returning id`,
      );
      await signedInAs(page, ADMIN, DEMO_PASSWORD);

      await page.goto(`/admin/suppliers/${supplier.id}?l=en`);
      // What this test checks is the server's bill, through the forms with JavaScript: it waits for
      // the page to be interactive, so a click in the middle of hydrating a large form on a loaded
      // machine is not what is tested (on CI such a click showed neither the error nor the save).
      await hydrated(page);
      const rules = page.getByRole("region", { name: "Rental rules" });
      const refuel = rules.getByLabel("Refueling price per eighth of a tank ($)");
      await refuel.fill("12.345");
      await rules.getByLabel("Late-return grace period (minutes)").fill("59");
      await rules.getByRole("button", { name: "Update the rental rules" }).click();
      await expect(rules.getByText("Enter an amount in dollars from $0 to $1,000, like 5.50.").first()).toBeVisible();
      expect(
        await value(sql`select refuel_eighth_cents as "refuel", late_grace_minutes as "grace"
          from suppliers where id = ${supplier.id}`),
      ).toEqual({ refuel: 0, grace: 0 });

      await refuel.fill("6.50");
      await rules.getByRole("button", { name: "Update the rental rules" }).click();
      await expect(page.getByText("Changes made successfully")).toBeVisible();
      await expect(refuel).toHaveValue("6.50");
      await expect(rules.getByLabel("Late-return grace period (minutes)")).toHaveValue("59");
      expect(
        await value(sql`select refuel_eighth_cents as "refuel", late_grace_minutes as "grace"
          from suppliers where id = ${supplier.id}`),
      ).toEqual({ refuel: 650, grace: 59 });

      const carId = await carOf(db(), "llanos", marker("Km "));
      await db().execute(sql`update cars set mileage = 150 where id = ${carId}`);
      await page.goto(`/admin/cars/${carId}?l=en`);
      await hydrated(page);
      const extraKm = page.getByLabel("Price per extra kilometer ($)");
      await extraKm.fill("250");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(
        page.getByText("The price per extra kilometer must be an amount in dollars from $0 to $100, like 0.25").first(),
      ).toBeVisible();
      await extraKm.fill("0.30");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Changes made successfully")).toBeVisible();
      await expect(extraKm).toHaveValue("0.30");
      expect(await value(sql`select extra_km_cents as "cents" from cars where id = ${carId}`)).toEqual({ cents: 30 });
    });
  });
}
