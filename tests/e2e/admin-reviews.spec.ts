import { sql } from "drizzle-orm";
import { ADMIN, carOf, DEMO_PASSWORD, marker, newDriver, STAFF } from "./admin-fixtures";
import { returnedRental } from "./review-fixtures";
import { seedDatabase } from "./seed-database";
import { expect, jsModes, test } from "./support";
import { signedInAs } from "./sign-in";

/*
 * The back office's reviews (docs/domain.md#reviews) on a phone: the supplier's staff reply once,
 * publicly, to a published review on /admin/reviews; an admin hides one with a reason after
 * confirming, and it stays listed, marked hidden. The rules behind it (once, the scope, the audit,
 * the author's notification, the score) are integration-tested (tests/integration/review-moderation.test.ts).
 */
const db = seedDatabase("published reviews of the demo supplier's rentals");

test.use({ viewport: { width: 390, height: 844 } });

/** A rental of car `carId` by `driverId`, returned an hour ago, with the driver's review published just after. */
async function publishedReview(carId: number, driverId: number, reference: string, comment: string): Promise<number> {
  const bookingId = await returnedRental(db(), carId, driverId, reference);
  await db()
    .execute(sql`insert into reviews (booking_id, supplier_id, author_id, overall, car_condition, cleanliness, staff,
      value, counter_speed, comment, published_at)
    select id, supplier_id, driver_id, 4, 5, 4, 3, 4, 2, ${comment}, now() from bookings where id = ${bookingId}`);
  return bookingId;
}

for (const mode of jsModes) {
  test.describe(`back office reviews ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("the supplier's staff reply once; an admin hides a review with a reason after confirming", async ({
      browser,
    }) => {
      test.slow();
      const driver = await newDriver(db(), "Rocío Reseñas");
      const answered = marker("RB-").slice(0, 16);
      const hidden = marker("RH-").slice(0, 16);
      // A car each: their rentals overlap.
      await publishedReview(
        await carOf(db(), "llanos", marker("Review Aveo ")),
        driver.id,
        answered,
        `Friendly counter ${answered}`,
      );
      await publishedReview(
        await carOf(db(), "llanos", marker("Review Aveo ")),
        driver.id,
        hidden,
        `Call me on 0414 ${hidden}`,
      );
      const reply = `Thank you, see you soon ${answered}`;

      // The supplier's staff: their reviews, the averages, the reply form.
      const staffPage = await (await browser.newContext({ javaScriptEnabled: mode.javaScriptEnabled })).newPage();
      await signedInAs(staffPage, STAFF, DEMO_PASSWORD);
      await staffPage.goto("/admin/reviews?l=en");
      await expect(staffPage.getByRole("heading", { name: "Reviews", level: 1 })).toBeVisible();
      await expect(
        staffPage.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Reviews" }),
      ).toBeVisible();
      const averages = staffPage.getByRole("table");
      await expect(averages.getByRole("columnheader", { name: "Speed at the counter" })).toBeVisible();
      await expect(averages.getByRole("row")).toHaveCount(7);
      const review = staffPage.getByRole("article", { name: `Booking ${answered}` });
      await expect(review).toContainText(`Friendly counter ${answered}`);
      await expect(review).toContainText(/Speed at the counter★★★★★ 2 out of 5/);
      // Staff do not moderate.
      await expect(review.getByRole("link", { name: "Hide this review" })).toHaveCount(0);
      await review.getByLabel("Your public reply").fill(reply);
      await review.getByRole("button", { name: "Publish the reply" }).click();
      await expect(staffPage.getByText("Your reply is published.")).toBeVisible();
      await expect(review).toContainText("The supplier's reply");
      await expect(review.getByText(reply)).toBeVisible();
      // Once: the form is gone.
      await expect(review.getByLabel("Your public reply")).toHaveCount(0);

      // An admin hides the other review, choosing the reason on the confirmation.
      const adminPage = await (await browser.newContext({ javaScriptEnabled: mode.javaScriptEnabled })).newPage();
      await signedInAs(adminPage, ADMIN, DEMO_PASSWORD);
      await adminPage.goto("/admin/reviews?l=en");
      const target = adminPage.getByRole("article", { name: `Booking ${hidden}` });
      await expect(target).toContainText("Llanos Rent a Car");
      await target.getByRole("link", { name: "Hide this review" }).click();
      await expect(target.getByRole("alert")).toContainText(`Hide the review of booking ${hidden}?`);
      await target.getByLabel("Reason").selectOption({ label: "Abuse" });
      await target.getByRole("button", { name: "Hide the review" }).click();
      await expect(adminPage.getByText("The review is hidden and its author has been told.")).toBeVisible();
      await expect(target).toContainText("Hidden by Rueda. Reason: Abuse.");
      // Kept, listed, no longer offered for hiding.
      await expect(target).toContainText(`Call me on 0414 ${hidden}`);
      await expect(target.getByRole("link", { name: "Hide this review" })).toHaveCount(0);
      // The answered one shows its reply to the admin too.
      await expect(adminPage.getByRole("article", { name: `Booking ${answered}` }).getByText(reply)).toBeVisible();
    });
  });
}
