import { sql } from "drizzle-orm";
import { carOf, clientAs, DEMO_PASSWORD, DRIVER, marker, pickingUpSoon, rows } from "./admin-fixtures";
import { seedDatabase } from "./seed-database";
import { expect, hydrated, jsModes, test } from "./support";
import { signedInAs } from "./sign-in";
import { returnedRental } from "./review-fixtures";

/*
 * The deposit ledger (docs/domain.md#deposit-ledger) on a phone, as the demo supplier's staff: a
 * $100 cash deposit taken at the pick-up, the car back with nothing to pay, the close recording the
 * $100 refund with its reference; the booking (the staff's and the driver's) shows it refunded.
 * The dashboard lists a deposit still held more than the supplier's 7 days after its return (the
 * return written 8 days back, as other specs move time), not one back 3 days ago.
 */
const STAFF = "staff@llanos.example";
const db = seedDatabase("bookings picked up and returned with a cash deposit");

test.use({ viewport: { width: 390, height: 844 } });

/**
 * A paid 3-day booking of a car of its own, returned `returnedDaysAgo` days (and an hour) ago, with
 * a $100 cash deposit received and nothing refunded: the reviews' returned rental, moved back.
 */
async function returnedWithCash(reference: string, returnedDaysAgo: number): Promise<number> {
  const carId = await carOf(db(), "llanos", marker("Deposit Spark "));
  const [driver] = await rows<{ id: number }>(db(), sql`select id from users where email = ${DRIVER}`);
  const id = await returnedRental(db(), carId, driver.id, reference);
  const back = sql`make_interval(days => ${returnedDaysAgo})`;
  await db().execute(
    sql`update bookings set starts_at = starts_at - ${back}, ends_at = ends_at - ${back} where id = ${id}`,
  );
  await db().execute(sql`update rentals set picked_up_at = picked_up_at - ${back}, signed_at = signed_at - ${back},
      returned_at = returned_at - ${back}, deposit_cents = 10000, deposit_taken = 'cash' where booking_id = ${id}`);
  await db().execute(sql`insert into deposit_ledger (booking_id, kind, amount_cents, method, reference, recorded_at)
    select booking_id, 'received', 10000, 'cash', 'REC-OLD', picked_up_at from rentals where booking_id = ${id}`);
  return id;
}

for (const mode of jsModes) {
  test.describe(mode.name, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("a $100 cash deposit taken at the pick-up is refunded at the close, with its reference", async ({ page }) => {
      // Three forms and two pages: the slow tests' time on a loaded CI machine.
      test.slow();
      const carId = await carOf(db(), "llanos", marker("Deposit Spark "));
      const reference = marker("RD-D").slice(0, 16);
      const bookingId = await pickingUpSoon(db(), carId, reference);
      // A car goes out with its plate on the agreement.
      await db().execute(sql`update cars set plate = ${`DL${marker("").slice(-5)}`} where id = ${carId}`);
      // A valid licence on the account: the counter does not ask for one.
      await db().execute(
        sql`update users set licence_number = 'V-12345678', licence_country = 'Venezuela', licence_expires_on = '2030-05-01' where email = ${DRIVER}`,
      );

      await signedInAs(page, STAFF, DEMO_PASSWORD);
      await page.goto(`/admin/counter/pickup?b=${bookingId}&l=en`);
      await page.getByLabel("Odometer (km)").fill("48213");
      await page.getByLabel("Fuel level").selectOption({ label: "8/8 (full)" });
      await page.getByLabel("Deposit taken ($)").fill("100");
      await page.getByLabel("How it was taken").selectOption({ label: "Cash" });
      await page.getByLabel("Deposit reference (optional)").fill("REC-100");
      await page.getByLabel("Driver’s full name").fill("Daniela Conductora");
      await page.getByLabel("I agree to the rental agreement").check();
      await page.getByRole("button", { name: "Record pick-up" }).click();
      await expect(page.getByText("Pick-up recorded. The rental agreement is ready.")).toBeVisible();
      const deposit = page.getByRole("region", { name: "Security deposit" });
      await expect(deposit.getByRole("row", { name: /Received · Cash \(dollars\) · reference REC-100/ })).toContainText(
        "$100",
      );
      await expect(deposit.getByRole("row", { name: "Still held" })).toContainText("$100");

      // The hand-over an hour ago (the return's time is typed to the minute, never before it).
      await db().execute(
        sql`update rentals set picked_up_at = picked_up_at - interval '1 hour', signed_at = signed_at - interval '1 hour' where booking_id = ${bookingId}`,
      );
      // Back as it went out: nothing to pay, the whole deposit to return.
      await page.goto(`/admin/counter/return?b=${bookingId}&l=en`);
      await page.getByLabel("Odometer (km)").fill("48213");
      await page.getByLabel("Fuel level at return").selectOption({ label: "8/8 (full)" });
      await page.getByRole("button", { name: "Record return" }).click();
      await expect(page.getByText("Return recorded. The driver gets the final receipt by email.")).toBeVisible();
      const bill = page.getByRole("table", { name: "Final bill", exact: true });
      await expect(bill.getByRole("row", { name: "Deposit to return" })).toContainText("$100");

      // The close asks for the refund: more than is held is refused, said next to the amount.
      const settle = page.getByRole("region", { name: "Settle and close" });
      await expect(settle).toContainText("Deposit still held: $100 (Cash (dollars))");
      await settle.getByLabel("Amount refunded ($)").fill("100.01");
      await settle.getByLabel("How it was given back").selectOption({ label: "Cash (dollars)" });
      await settle.getByLabel("Refund reference (optional)").fill("DEV-100");
      await settle.getByRole("button", { name: "Close rental" }).click();
      await expect(
        page
          .getByRole("region", { name: "Settle and close" })
          .getByText("The refund is more than the deposit still held.")
          .first(),
      ).toBeVisible();
      await expect(
        page.getByRole("region", { name: "Security deposit" }).getByRole("row", { name: /Refunded/ }),
      ).toHaveCount(0);

      await settle.getByLabel("Amount refunded ($)").fill("100");
      await settle.getByLabel("How it was given back").selectOption({ label: "Cash (dollars)" });
      await settle.getByLabel("Refund reference (optional)").fill("DEV-100");
      await settle.getByRole("button", { name: "Close rental" }).click();
      await expect(page.getByText("Rental closed.")).toBeVisible();
      await expect(page.getByText(/^Closed on .* time\) · deposit returned$/)).toBeVisible();
      await expect(deposit.getByRole("row", { name: /Refunded · Cash \(dollars\) · reference DEV-100/ })).toContainText(
        "$100",
      );
      await expect(deposit.getByRole("row", { name: "Still held" })).toContainText("$0");
      // Staff see who recorded it.
      await expect(deposit.getByRole("row", { name: /Refunded/ })).toContainText("Luis Llanos");
      // Read whole on the phone: each entry's amount is on the screen, not cut off by the card.
      const amount = deposit
        .getByRole("row", { name: /Refunded/ })
        .getByRole("cell")
        .last();
      await amount.scrollIntoViewIfNeeded();
      await expect(amount).toBeInViewport({ ratio: 1 });

      // The driver's booking page shows it refunded, named by the supplier.
      const driver = await clientAs(new URL(page.url()).origin, DRIVER);
      const driverPage = await (await driver.get(`/booking?b=${bookingId}&l=en`)).text();
      expect(driverPage).toContain("Refunded · Cash (dollars) · reference DEV-100");
      expect(driverPage).not.toContain("Luis Llanos");
      await driver.dispose();
    });

    test("the dashboard lists a deposit not refunded after the supplier's days", async ({ page }) => {
      const late = marker("RD-L").slice(0, 16);
      const recent = marker("RD-N").slice(0, 16);
      const lateId = await returnedWithCash(late, 8);
      await returnedWithCash(recent, 3);

      await signedInAs(page, STAFF, DEMO_PASSWORD);
      await page.goto("/admin?l=en");
      const overdue = page.getByRole("region", { name: "Deposits overdue to return" });
      const row = overdue.getByRole("row", { name: new RegExp(late) });
      await expect(row).toContainText("Llanos Rent a Car");
      await expect(row).toContainText("$100");
      await expect(overdue.getByRole("row", { name: new RegExp(recent) })).toHaveCount(0);
      await row.getByRole("link", { name: late }).click();
      await expect(page).toHaveURL(new RegExp(`/booking\\?b=${lateId}`));
      await expect(page.getByRole("region", { name: "Security deposit" })).toContainText("REC-OLD");

      // The supplier's own days, on its rental rules: 10 days → 8 days after the return is not late yet.
      const [llanos] = await rows<{ id: number }>(db(), sql`select id from suppliers where slug = 'llanos'`);
      const setDays = async (days: string) => {
        await page.goto(`/admin/suppliers/${llanos.id}?l=en`);
        if (mode.javaScriptEnabled) await hydrated(page);
        const rules = page.getByRole("region", { name: "Rental rules" });
        await rules.getByLabel("Days to return a deposit").fill(days);
        await rules.getByRole("button", { name: "Update the rental rules" }).click();
        await expect(page.getByText("Changes made successfully")).toBeVisible();
      };
      try {
        await setDays("10");
        await page.goto("/admin?l=en");
        await expect(page.getByRole("region", { name: "Deposits overdue to return" })).toBeVisible();
        await expect(overdue.getByRole("row", { name: new RegExp(late) })).toHaveCount(0);
      } finally {
        await db().execute(sql`update suppliers set deposit_return_days = 7 where id = ${llanos.id}`);
      }
    });
  });
}
