import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import * as schema from "../../db/schema";
import { pdfText } from "../pdf-text";
import { ADMIN, carOf, clientAs, DEMO_PASSWORD, marker } from "./admin-fixtures";
import { seedDatabase, signedInDriver } from "./seed-database";
import { expect, javaScriptOnly, MAIQUETIA, money, test } from "./support";
import { signedInAs } from "./sign-in";

/*
 * A season as an admin sets it and a driver pays it (docs/domain.md#seasons): a December season
 * +40 % for Llanos, set through its back-office page, makes a December search show the higher total
 * and a November one the car's own; the checkout, the booking page, the PDF receipt and
 * GET /api/bookings/{id} carry the same total. The season is deleted at the end, so no other spec
 * meets it; its December is at least 45 days ahead, after the dates the other specs search.
 */
const database = seedDatabase("a car of its own and a paid receipt");
const DAY = 86_400_000;

const fmt = (cents: number) =>
  `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: cents % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;

/** The first December that starts at least 45 days after today in Caracas (UTC−4 all year). */
function seasonYear(): number {
  const today = Date.parse(new Date(Date.now() - 4 * 3_600_000).toISOString().slice(0, 10));
  let year = new Date(today).getUTCFullYear();
  while (Date.parse(`${year}-12-01`) - today < 45 * DAY) year += 1;
  return year;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database().execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

// JavaScript only: the season form is a row of forms-without-javascript.spec.ts; what it checks is the server's prices (docs/operations.md#tests).
for (const mode of javaScriptOnly) {
  test.describe(`a December season ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("an admin's +40 % for Llanos prices December searches, checkout, booking, receipt and API alike", async ({
      page,
      browser,
      baseURL,
    }) => {
      // Two accounts, a back-office form, two searches, a booking, a PDF and the API.
      test.slow();
      const db = database();
      const year = seasonYear();
      const season = `Diciembre ${marker("")}`;
      // A Llanos car of its own at $10 a day, no pay-later fee, served at Maiquetía.
      const carName = marker("Temporada ");
      const carId = await carOf(db, "llanos", carName);
      await db.execute(sql`update cars set daily_price_cents = 1000, pay_later_fee_percent = 0 where id = ${carId}`);
      await db.execute(sql`insert into car_locations (car_id, location_id)
        select ${carId}, l.id from locations l where l.name_en = ${MAIQUETIA} on conflict do nothing`);
      const [{ supplierId, placeId }] = await rows<{ supplierId: number; placeId: number }>(
        sql`select s.id as "supplierId", (select id from locations where name_en = ${MAIQUETIA}) as "placeId"
            from suppliers s where s.slug = 'llanos'`,
      );
      let bookingId: number | null = null;
      const admin = await browser.newContext({ javaScriptEnabled: mode.javaScriptEnabled });
      const adminPage = await admin.newPage();
      try {
        // The admin adds the season on the supplier's seasons page.
        await signedInAs(adminPage, ADMIN, DEMO_PASSWORD);
        await adminPage.goto(`/admin/suppliers/${supplierId}/seasons?l=en`);
        await adminPage.getByLabel("Name").fill(season);
        await adminPage.getByLabel("First day").fill(`${year}-12-01`);
        await adminPage.getByLabel("Last day").fill(`${year}-12-31`);
        await adminPage.getByLabel("Change (%)").fill("40");
        await adminPage.getByRole("button", { name: "Add the season" }).click();
        await expect(adminPage.getByText("Changes made successfully")).toBeVisible();
        await expect(adminPage.getByRole("cell", { name: season, exact: true })).toBeVisible();

        // The driver searches November, then December: the same car, its own total, then +40 %.
        await signedInDriver(page, db, {
          fullName: "Conductora Temporada",
          password: "season-pass1",
          emailPrefix: mode.javaScriptEnabled ? "season-js" : "season-nojs",
        });
        const search = (month: number) =>
          `/search?pickup=${placeId}&dropoff=${placeId}&from=${year}-${month}-10T10:00&to=${year}-${month}-13T10:00&supplier=${supplierId}&l=en`;
        const card = page.locator("article.car-card").filter({ has: page.locator(`a[href*="car=${carId}&"]`) });
        await page.goto(search(11));
        await expect(card).toHaveCount(1);
        expect(money(await card.locator("[data-way]").first().textContent())).toBe(3 * 1000);
        await page.goto(search(12));
        await expect(card).toHaveCount(1);
        const total = 3 * 1400;
        expect(money(await card.locator("[data-way]").first().textContent())).toBe(total);

        // Checkout: the season's line and the same total.
        await card.getByRole("link", { name: "Book" }).click();
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await page.getByLabel("Pay later").check();
        await expect(page.getByTestId("checkout-total")).toHaveText(fmt(total));
        await expect(page.locator(".price-lines")).toContainText(`3 days × $14 (${season})`);
        await page.getByRole("button", { name: "Book now" }).click();

        // The booking page.
        await expect(page).toHaveURL(/\/booking\?b=\d+/);
        await expect(page.getByTestId("booking-total")).toHaveText(fmt(total));
        bookingId = Number(new URL(page.url()).searchParams.get("b"));
        await expect(page.getByRole("row", { name: `3 days × $14 (${season}) ${fmt(total)}` })).toBeVisible();

        // The API, with the driver's bearer token.
        const [{ email }] = await db
          .select({ email: schema.users.email })
          .from(schema.users)
          .innerJoin(schema.bookings, eq(schema.bookings.driverId, schema.users.id))
          .where(eq(schema.bookings.id, bookingId));
        const api = await clientAs(baseURL!, null);
        const signedIn = await api.post("/api/sign-in/frontend?l=en", { data: { email, password: "season-pass1" } });
        expect(signedIn.status()).toBe(200);
        const { accessToken } = (await signedIn.json()) as { accessToken: string };
        const read = await api.get(`/api/bookings/${bookingId}`, {
          headers: { Authorization: `Bearer ${accessToken}` },
        });
        expect(read.status()).toBe(200);
        const booking = (await read.json()) as { priceCents: number; breakdown: { totalCents: number } };
        expect(booking.priceCents).toBe(total);
        expect(booking.breakdown.totalCents).toBe(total);
        await api.dispose();

        // Paid at the counter: the receipt prints the same total.
        await db.update(schema.bookings).set({ status: "paid" }).where(eq(schema.bookings.id, bookingId));
        await db.insert(schema.payments).values({
          bookingId,
          method: "cardPayment",
          status: "succeeded",
          amountCents: total,
          providerReference: `demo:e2e-season-${bookingId}`,
          details: {},
          verifiedAt: new Date(),
        });
        await page.goto(`/booking?b=${bookingId}&l=en`);
        const link = page.getByRole("link", { name: "Download receipt (PDF)" });
        const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
        const text = await pdfText(fs.readFileSync((await download.path())!));
        expect(text).toContain(`3 days × $14 (${season}) ${fmt(total)}`);
        expect(text).toContain(`Total ${fmt(total)}`);

        // The admin deletes the season through its page.
        await adminPage.goto(`/admin/suppliers/${supplierId}/seasons?l=en`);
        await adminPage.getByRole("link", { name: `Delete the season ${season}` }).click();
        await adminPage.getByRole("button", { name: "Yes, delete the season" }).click();
        await expect(adminPage.getByText("Changes made successfully")).toBeVisible();
        await expect(adminPage.getByRole("cell", { name: season, exact: true })).toHaveCount(0);
      } finally {
        // Whatever failed, no other spec meets the season, the booking or the car.
        await db.execute(sql`delete from seasons where name = ${season}`);
        if (bookingId !== null)
          await db.update(schema.bookings).set({ status: "cancelled" }).where(eq(schema.bookings.id, bookingId));
        await db.update(schema.cars).set({ status: "deleted" }).where(eq(schema.cars.id, carId));
        await admin.close();
      }
    });
  });
}
