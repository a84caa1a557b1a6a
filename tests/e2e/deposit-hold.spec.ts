import { eq, sql } from "drizzle-orm";
import * as schema from "../../db/schema";
import { carOf, DEMO_PASSWORD, DRIVER, marker, pickingUpSoon } from "./admin-fixtures";
import { seedDatabase } from "./seed-database";
import { expect, jsModes, test } from "./support";
import { signedInAs } from "./sign-in";

/*
 * The card deposit hold at the counter (docs/domain.md#card-deposit-hold) on a phone, as the demo
 * supplier's staff, on the suite's server (the demo gateway, labelled demo): from the pick-up page
 * the card page opens on the staff's device, the driver's card holds the $150 deposit, the pick-up
 * page and the booking page say until when, and the pick-up is recorded with it. (Through Stripe,
 * the release at the close and the events: tests/integration/deposit-hold.test.ts.)
 */
const STAFF = "staff@llanos.example";
const db = seedDatabase("a paid booking whose deposit is held on a card");

test.use({ viewport: { width: 390, height: 844 } });

for (const mode of jsModes) {
  test.describe(mode.name, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("staff hold the deposit on the driver's card at the pick-up; the booking shows until when", async ({
      page,
    }) => {
      test.slow();
      const carId = await carOf(db(), "llanos", marker("Hold Spark "));
      await db()
        .update(schema.cars)
        .set({ plate: `DH${marker("").slice(-4)}`.toUpperCase(), depositCents: 15_000, depositMethod: "cardHold" })
        .where(eq(schema.cars.id, carId));
      const reference = marker("RD-H").slice(0, 16);
      const bookingId = await pickingUpSoon(db(), carId, reference);
      await db().execute(
        sql`update users set licence_number = 'V-1', licence_country = 'Venezuela', licence_expires_on = '2030-01-01' where email = ${DRIVER}`,
      );

      await signedInAs(page, STAFF, DEMO_PASSWORD);
      await page.goto(`/admin/counter/pickup?b=${bookingId}&l=en`);
      await page.getByRole("button", { name: "Hold the deposit on a card" }).click();
      await expect(page.getByRole("heading", { name: "Deposit held on a card", level: 1 })).toBeVisible();
      await expect(page.getByTestId("demo-label")).toHaveText("Demo hold — no real card is charged");
      // A declined card holds nothing.
      await page.getByLabel("Card number").fill("4000 0000 0000 0002");
      await page.getByLabel("Expiry (MM/YY)").fill("12/30");
      await page.getByLabel("Security code").fill("123");
      await page.getByRole("button", { name: "Hold $150" }).click();
      await expect(page.getByText("The card was declined: nothing is held. Try another card.")).toBeVisible();
      await page.getByRole("button", { name: "Hold the deposit on a card" }).click();
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByLabel("Expiry (MM/YY)").fill("12/30");
      await page.getByLabel("Security code").fill("123");
      await page.getByRole("button", { name: "Hold $150" }).click();

      await expect(page).toHaveURL(new RegExp(`/admin/counter/pickup\\?b=${bookingId}`));
      await expect(page.getByText("The deposit is held on the card.")).toBeVisible();
      const held = page.getByTestId("deposit-hold");
      await expect(held).toContainText(/Deposit of \$150 held on card until \S/);
      await expect(page.getByRole("button", { name: "Hold the deposit on a card" })).toHaveCount(0);

      await page.getByLabel("Odometer (km)").fill("48213");
      await page.getByLabel("Fuel level").selectOption({ label: "6/8" });
      await page.getByLabel("How it was taken").selectOption({ label: "Card hold" });
      await page.getByLabel("Driver’s full name").fill("Daniela Conductora");
      await page.getByLabel("I agree to the rental agreement").check();
      await page.getByRole("button", { name: "Record pick-up" }).click();
      await expect(page).toHaveURL(new RegExp(`/booking\\?b=${bookingId}`));
      await expect(page.getByTestId("deposit-hold")).toContainText(/Deposit of \$150 held on card until \S/);
      await expect(page.getByText("Demo hold — no real card is charged")).toBeVisible();
      const [entry] = await db()
        .select()
        .from(schema.depositLedger)
        .where(eq(schema.depositLedger.bookingId, bookingId));
      expect(entry).toMatchObject({ kind: "received", amountCents: 15_000, method: "cardHold" });
      expect(entry.reference).toMatch(/^demo_/);
    });
  });
}
