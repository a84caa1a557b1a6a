import { sql } from "drizzle-orm";
import { ADMIN, carOf, DEMO_PASSWORD, DRIVER, marker, rows, STAFF } from "./admin-fixtures";
import { returnedRental } from "./review-fixtures";
import { seedDatabase } from "./seed-database";
import { expect, hydrated, jsModes, test } from "./support";
import { signedInAs } from "./sign-in";

/*
 * A damage claim (docs/domain.md#damage-claims), with JavaScript and without: a car back with a dent the
 * pick-up did not mark and a $100 cash deposit; the demo supplier's staff open a claim asking $80,
 * the driver disputes it with a comment, an admin settles it at $50: the booking shows $50
 * retained for the claim and $50 still held, to the driver as to staff.
 */
const db = seedDatabase("a returned rental with a new dent and a cash deposit");

for (const mode of jsModes) {
  test.describe(mode.name, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("a return with a new dent opens a claim; the driver disputes; an admin settles at $50", async ({ page }) => {
      // Three people, three forms: the slow tests' time on a loaded CI machine.
      test.slow();
      const carId = await carOf(db(), "llanos", marker("Claim Spark "));
      const [driver] = await rows<{ id: number }>(db(), sql`select id from users where email = ${DRIVER}`);
      const id = await returnedRental(db(), carId, driver.id, marker("RD-C").slice(0, 16));
      await db().execute(
        sql`update rentals set deposit_cents = 10000, deposit_taken = 'cash' where booking_id = ${id}`,
      );
      await db().execute(sql`insert into deposit_ledger (booking_id, kind, amount_cents, method, reference, recorded_at)
        select booking_id, 'received', 10000, 'cash', 'REC-C', picked_up_at from rentals where booking_id = ${id}`);
      // A scratch on the front at the pick-up; at the return the same scratch and a dent on the left side.
      await db().execute(sql`insert into rental_damage_marks (booking_id, phase, area, kind, note) values
        (${id}, 'out', 'front', 'scratch', null), (${id}, 'in', 'front', 'scratch', null), (${id}, 'in', 'leftSide', 'dent', 'Rear door')`);

      const claim = page.getByRole("region", { name: "Damage claim" });
      const open = async () => {
        await page.goto(`/booking?b=${id}&l=en`);
        if (mode.javaScriptEnabled) await hydrated(page);
      };

      await signedInAs(page, STAFF, DEMO_PASSWORD);
      await open();
      await expect(claim.getByRole("listitem").filter({ hasText: "Left side — Dent — Rear door" })).toBeVisible();
      await claim.getByLabel("Repair estimate ($)").fill("120");
      await claim.getByLabel("Amount asked from the deposit ($)").fill("80");
      await claim.getByLabel("What happened and how the estimate was made").fill("Dent on the rear left door");
      await claim.getByRole("button", { name: "Open claim" }).click();
      await expect(page.getByText("The claim is open and the driver has been told.")).toBeVisible();

      await signedInAs(page, DRIVER, DEMO_PASSWORD);
      await open();
      await expect(claim).toContainText("Asked from the deposit$80");
      await claim.getByLabel("Your comment (required to dispute)").fill("The dent was there before");
      await claim.getByRole("button", { name: "Dispute the claim" }).click();
      await expect(page.getByText("Your dispute was sent: an admin will decide.")).toBeVisible();

      await signedInAs(page, ADMIN, DEMO_PASSWORD);
      await open();
      await expect(claim).toContainText("The dent was there before");
      await claim.getByLabel("Amount kept from the deposit ($)").fill("50");
      await claim.getByLabel("Reason for the decision").fill("Half the repair: the photos do not settle it");
      await claim.getByRole("button", { name: "Settle the claim" }).click();
      await expect(page.getByText("The claim is settled.")).toBeVisible();

      await signedInAs(page, DRIVER, DEMO_PASSWORD);
      await open();
      const deposit = page.getByRole("region", { name: "Security deposit" });
      await expect(deposit.getByRole("row", { name: /Retained · for the damage claim/ })).toContainText("$50");
      await expect(deposit.getByRole("row", { name: "Still held" })).toContainText("$50");
      await expect(claim).toContainText("$50 kept from the deposit for this claim");
      await expect(page.getByRole("row", { name: /Damage claim settled/ })).toBeVisible();
    });
  });
}
