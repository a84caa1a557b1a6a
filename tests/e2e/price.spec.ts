import fs from "node:fs";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import * as schema from "../../db/schema";
import { pdfText } from "../pdf-text";
import { carFreeBetween } from "./admin-fixtures";
import { seedDatabase, signedInDriver } from "./seed-database";
import { caracas, expect, javaScriptOnly, jsModes, money, searchMaiquetia, test, waitForEmails } from "./support";

/*
 * One honest total (docs/domain.md#price-lines), at 390×844: a result's total for each way of
 * paying is the car page's and checkout's for the same choice, and the booking page, the confirmation email and the
 * PDF receipt print the same lines and the deposit with how it is taken.
 */
const database = seedDatabase("a paid receipt");

const fmt = (cents: number) =>
  `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: cents % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;

for (const mode of jsModes) {
  test.describe(`one honest total ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled, viewport: { width: 390, height: 844 } });

    test("result, checkout, booking page, email and receipt agree on the price lines and the deposit", async ({
      page,
      request,
    }) => {
      test.slow();
      const db = database();
      const driverId = await signedInDriver(page, db, {
        fullName: "Honesta Total",
        password: "honest-pass1",
        emailPrefix: mode.javaScriptEnabled ? "price-js" : "price-nojs",
      });
      const [{ email }] = await db
        .select({ email: schema.users.email })
        .from(schema.users)
        .where(eq(schema.users.id, driverId));
      await db
        .update(schema.users)
        .set({ phone: "+584145550101", birthDate: "1990-01-01" })
        .where(eq(schema.users.id, driverId));
      // Far ahead and different per mode.
      const start = mode.javaScriptEnabled ? 300 : 310;
      const from = caracas(start, "10:00");
      const to = caracas(start + 2, "10:00");
      // A supplier that lets drivers pay later, and a car of it with a fee and a deposit taken in
      // cash, free on those days.
      const [car] = await db
        .select({ id: schema.cars.id, supplierId: schema.cars.supplierId, locationId: schema.carLocations.locationId })
        .from(schema.cars)
        .innerJoin(schema.suppliers, eq(schema.suppliers.id, schema.cars.supplierId))
        .innerJoin(schema.carLocations, eq(schema.carLocations.carId, schema.cars.id))
        .where(
          and(
            eq(schema.suppliers.payLater, true),
            eq(schema.suppliers.active, true),
            gt(schema.cars.depositCents, 0),
            eq(schema.cars.availability, "available"),
            eq(schema.cars.status, "active"),
            carFreeBetween(schema.cars.id, from, to),
          ),
        )
        // The same car every run: without an order the row PostgreSQL returns first may change.
        .orderBy(schema.cars.id, schema.carLocations.locationId)
        .limit(1);
      const [original] = await db
        .select({
          payLaterFeePercent: schema.cars.payLaterFeePercent,
          depositMethod: schema.cars.depositMethod,
          dailyPriceCents: schema.cars.dailyPriceCents,
        })
        .from(schema.cars)
        .where(eq(schema.cars.id, car.id));
      await db
        .update(schema.cars)
        .set({ payLaterFeePercent: 8, depositMethod: "cash", dailyPriceCents: 2750 })
        .where(eq(schema.cars.id, car.id));
      const [{ depositCents }] = await db
        .select({ depositCents: schema.cars.depositCents })
        .from(schema.cars)
        .where(eq(schema.cars.id, car.id));
      await page.goto(
        `/search?pickup=${car.locationId}&dropoff=${car.locationId}&from=${from}&to=${to}&supplier=${car.supplierId}&l=en`,
      );
      const card = page.locator("article.car-card").filter({ has: page.locator(`a[href*="car=${car.id}&"]`) });
      await expect(card).toHaveCount(1);
      const payNow = money(await card.locator('[data-way="payNow"]').textContent());
      const payLater = money(await card.locator('[data-way="payLater"]').textContent());
      expect(payNow).toBe(2750 * 2);
      expect(payLater).toBe(5940); // $55 + 8 %, rounded up to the cent
      // The result is compact: the headline total (the cheapest way), paying at pick-up's, free
      // cancellation; what the price includes and the deposit are on the car page.
      await expect(card.locator(".car-card__total")).toHaveAttribute("data-way", "payNow");
      await expect(card).toContainText("Pay at pick-up: $59.40");
      await expect(card).toContainText("Free cancellation if you pay at pick-up");
      await expect(card).toContainText("$27.50 per day");
      await expect(card).not.toContainText("Deposit");

      // The car page, opened from the result's name, shows the same price and books it (docs/domain.md#car-page).
      await card.getByRole("heading").getByRole("link").click();
      await expect(page).toHaveURL(new RegExp(`/cars/${car.id}\\?`));
      const carPrice = page.locator(".car-page__price");
      expect(money(await carPrice.locator('[data-way="payNow"]').textContent())).toBe(payNow);
      expect(money(await carPrice.locator('[data-way="payLater"]').textContent())).toBe(payLater);
      await expect(carPrice).toContainText("includes the 8% pay-later fee");
      await expect(carPrice).toContainText(`Deposit ${fmt(depositCents)} (cash)`);
      await expect(carPrice).toContainText(/Free cancellation until .*\d.* if you pay at pick-up/);
      await expect(carPrice).toContainText("Included: taxes");
      await carPrice.getByRole("link", { name: "Book" }).click();
      await expect(page).toHaveURL(/\/checkout\?/);
      // Pay later is chosen first: checkout's total is the result's pay-later total; each way says its own.
      await expect(page.getByTestId("checkout-total")).toHaveText(fmt(payLater));
      await expect(page.locator("#payment-payLater-help")).toContainText(`Total: ${fmt(payLater)}.`);
      const online = page.locator('input[name="payment"]:not([value="payLater"])').first();
      const onlineId = await online.getAttribute("id");
      await expect(page.locator(`#${onlineId}-help`)).toContainText(`Total: ${fmt(payNow)}.`);
      if (mode.javaScriptEnabled) {
        await online.check();
        await expect(page.getByTestId("checkout-total")).toHaveText(fmt(payNow));
        await page.getByLabel("Pay later").check();
        await expect(page.getByTestId("checkout-total")).toHaveText(fmt(payLater));
      }
      const lines = page.locator(".price-lines");
      await expect(lines.getByRole("row", { name: "Pay-later fee (8%) $4.40" })).toBeVisible();
      await expect(lines).toContainText(`Security deposit: ${fmt(depositCents)}, paid in cash at the counter`);
      await page.getByRole("button", { name: "Book now" }).click();

      // The booking page: the same lines and the deposit.
      await expect(page).toHaveURL(/\/booking\?b=\d+/);
      const bookingId = Number(new URL(page.url()).searchParams.get("b"));
      await expect(page.getByTestId("booking-total")).toHaveText(fmt(payLater));
      await expect(page.getByRole("row", { name: "2 days × $27.50 $55" })).toBeVisible();
      await expect(page.getByRole("row", { name: "Pay-later fee (8%) $4.40" })).toBeVisible();
      await expect(page.getByText(`Security deposit: ${fmt(depositCents)}, paid in cash at the counter`)).toBeVisible();
      const [{ reference }] = await db
        .select({ reference: schema.bookings.reference })
        .from(schema.bookings)
        .where(eq(schema.bookings.id, bookingId));

      // The confirmation email.
      const [confirmation] = await waitForEmails(request, email, { match: (e) => e.subject.includes(reference) });
      for (const line of [
        "2 days × $27.50: $55",
        "Subtotal: $55",
        "Pay-later fee (8%): $4.40",
        `Total: ${fmt(payLater)}`,
        `Security deposit: ${fmt(depositCents)}, paid in cash at the counter and given back at the return.`,
        "Taxes included",
      ]) {
        expect(confirmation.text).toContain(line);
      }

      // Paid at the counter: the receipt repeats the lines and the deposit.
      await db.update(schema.bookings).set({ status: "paid" }).where(eq(schema.bookings.id, bookingId));
      await db.insert(schema.payments).values({
        bookingId,
        method: "cardPayment",
        status: "succeeded",
        amountCents: payLater,
        providerReference: `demo:e2e-price-${reference}`,
        details: {},
        verifiedAt: new Date(),
      });
      await page.goto(`/booking?b=${bookingId}&l=en`);
      const link = page.getByRole("link", { name: "Download receipt (PDF)" });
      const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
      const text = await pdfText(fs.readFileSync((await download.path())!));
      for (const line of [
        "2 days × $27.50 $55",
        "Pay-later fee (8%) $4.40",
        `Total ${fmt(payLater)}`,
        `Security deposit ${fmt(depositCents)}, paid in cash at the counter`,
      ]) {
        expect(text).toContain(line);
      }
      // Frees the car and gives it back its terms for the other specs.
      await db.update(schema.bookings).set({ status: "cancelled" }).where(eq(schema.bookings.id, bookingId));
      await db.update(schema.cars).set(original).where(eq(schema.cars.id, car.id));
    });
  });
}

/* docs/domain.md#bolivar-estimates: the demo shows estimates; only a reader of Spanish sees them. The
 * server writes them into the page, the same with JavaScript on or off (docs/operations.md#tests). */
for (const mode of javaScriptOnly) {
  test.describe(`bolívar estimates ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled, viewport: { width: 390, height: 844 } });

    test("a total read in Spanish shows its bolívar equivalent at the current rate, in English none", async ({
      page,
    }) => {
      // The rate that applies today in Caracas (docs/domain.md#exchange-rate).
      const [{ rate }] = await database()
        .select({ rate: schema.exchangeRates.usdToBsRate })
        .from(schema.exchangeRates)
        .where(sql`${schema.exchangeRates.rateDate} <= (now() at time zone 'America/Caracas')::date`)
        .orderBy(desc(schema.exchangeRates.rateDate), desc(schema.exchangeRates.id))
        .limit(1);
      await searchMaiquetia(page, 30);
      const total = page.locator(".car-card [data-way]").first();
      const cents = money(await total.textContent());
      await expect(page.getByTestId("bolivar-estimate")).toHaveCount(0);

      const url = new URL(page.url());
      url.searchParams.set("l", "es");
      await page.goto(url.toString());
      await expect(page.getByRole("heading", { level: 2, name: /disponible/ })).toBeVisible();
      // Half up to the céntimo, in integers like the app (rate has 4 decimals).
      const scaled = BigInt(cents) * BigInt(rate.replace(".", ""));
      const centimos = scaled / 10000n + ((scaled % 10000n) * 2n >= 10000n ? 1n : 0n);
      const bs = `${(centimos / 100n).toLocaleString("en-US")}.${String(centimos % 100n).padStart(2, "0")}`.replace(
        /\.00$/,
        "",
      );
      const first = page.locator(".car-card").first();
      await expect(first.getByTestId("bolivar-estimate").first()).toHaveText(`≈ ${bs} Bs`);
      // What the amounts are is said once, where a phone shows it: not in a title.
      const note = page.getByTestId("bolivar-note");
      await expect(note).toHaveCount(1);
      await expect(note).toBeVisible();
      await expect(note).toContainText("Referencia en bolívares");
      await expect(note).toContainText("Usted paga en dólares");

      await first.getByRole("link", { name: "Reservar" }).click();
      await expect(page).toHaveURL(/\/checkout\?/);
      await expect(page.getByTestId("bolivar-estimate")).toBeVisible();
      await expect(page.getByTestId("bolivar-note")).toBeVisible();
      await expect(page.getByTestId("bolivar-note")).toContainText("Usted paga en dólares");
    });
  });
}
