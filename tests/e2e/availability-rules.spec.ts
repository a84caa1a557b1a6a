import { sql } from "drizzle-orm";
import { carOf, DEMO_PASSWORD, marker } from "./admin-fixtures";
import { seedDatabase } from "./seed-database";
import { caracas, expect, jsModes, MAIQUETIA, searchMaiquetia, test } from "./support";
import { signedInAs } from "./sign-in";

/*
 * The suppliers' availability rules as people meet them (docs/domain.md#out-of-service,
 * #rental-limits): staff take a car out of service for a week on its page, and the search leaves it
 * out that week and offers it the week after; a checkout sooner than the supplier's minimum notice
 * is refused with the hours named. The exact boundaries are tested in
 * tests/integration/availability-rules.test.ts.
 */
const STAFF = "staff@llanos.example";
const db = seedDatabase("a car of its own and a supplier with a minimum notice");

/** A copy of a Llanos car, the cheapest of Maiquetía, so the first page of its search shows it. */
async function cheapCarAtMaiquetia(name: string): Promise<number> {
  const id = await carOf(db(), "llanos", name);
  await db().execute(sql`update cars set daily_price_cents = 101 where id = ${id}`);
  await db().execute(sql`insert into car_locations (car_id, location_id)
    select ${id}, l.id from locations l where l.name_en = ${MAIQUETIA} on conflict do nothing`);
  return id;
}

for (const mode of jsModes) {
  test.describe(`availability rules ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("an out-of-service week hides the car from that week's search, not the next", async ({ page }) => {
      // Signing in, a form and two searches: near the default 30 s on a busy CI machine.
      test.slow();
      const name = marker("Fuera ");
      const carId = await cheapCarAtMaiquetia(name);
      try {
        await signedInAs(page, STAFF, DEMO_PASSWORD);
        await page.goto(`/admin/cars/${carId}?l=en`);
        const blocks = page.getByRole("region", { name: "Out of service" });
        await blocks.getByLabel("First day").fill(caracas(40, "10:00").slice(0, 10));
        await blocks.getByLabel("Last day").fill(caracas(46, "10:00").slice(0, 10));
        await blocks.getByLabel("Reason").selectOption({ label: "Maintenance" });
        await blocks.getByLabel("Note (optional)").fill("Cambio de frenos");
        await blocks.getByRole("button", { name: "Take out of service" }).click();
        await expect(page.getByText("Changes made successfully")).toBeVisible();
        await expect(blocks.getByRole("cell", { name: "Maintenance — Cambio de frenos" })).toBeVisible();

        const card = page.locator("article.car-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
        await searchMaiquetia(page, 41);
        await expect(page.locator("article.car-card").first()).toBeVisible();
        await expect(card).toHaveCount(0);
        await searchMaiquetia(page, 47);
        await expect(card).toHaveCount(1);

        // The cheapest car of Maiquetía would lead every later search there and the home page's
        // "Our cars" (choosing.spec.ts measures the first two results on a phone, and this car's
        // name varies in length with its marker): staff delete it, which also refreshes the home page.
        await page.goto(`/admin/cars/${carId}/delete?l=en`);
        await page.getByRole("button", { name: "Yes, delete" }).click();
        await expect(page.getByText("Changes made successfully")).toBeVisible();
      } finally {
        // Also when a step above failed (the home page may then list it for its cache's minute).
        await db().execute(sql`update cars set status = 'deleted' where id = ${carId}`);
      }
    });
  });
}

/*
 * The minimum notice is the server's answer, the same with JavaScript on or off; the search and checkout forms are submitted without JavaScript in their specs (docs/operations.md#tests).
 */
test.describe("availability rules: the server's answer", () => {
  test("a pick-up sooner than the supplier's minimum notice is refused, naming the hours", async ({ page }) => {
    const carId = await cheapCarAtMaiquetia(marker("Aviso "));
    const slug = marker("notice-").toLowerCase();
    await db().execute(sql`with s as (
        insert into suppliers (name, slug, email, minimum_notice_hours) values (${slug}, ${slug}, 'notice@example.com', 48) returning id
      ) update cars set supplier_id = (select id from s) where id = ${carId}`);
    const [place] = (await db().execute(
      sql`select id from locations where name_en = ${MAIQUETIA}`,
    )) as unknown as Array<{ id: number }>;
    const link = (days: number) =>
      `/checkout?car=${carId}&pickup=${place.id}&dropoff=${place.id}&from=${caracas(days, "10:00")}&to=${caracas(days + 3, "10:00")}&l=en`;
    try {
      await page.goto(link(1));
      await expect(page.getByText("This supplier needs at least 48 hours' notice before pick-up.")).toBeVisible();
      await page.goto(link(5));
      await expect(page.getByRole("heading", { name: /Book|Checkout/, level: 1 })).toBeVisible();
    } finally {
      // The demo's brands are six on the pages that list them (catalogue-pages.spec.ts): this one leaves them.
      await db().execute(sql`update suppliers set active = false where slug = ${slug}`);
    }
  });
});
