import { carOf, DEMO_PASSWORD, marker, newDriver, STAFF } from "./admin-fixtures";
import { returnedRental } from "./review-fixtures";
import { seedDatabase } from "./seed-database";
import { expect, jsModes, test } from "./support";
import { signedInAs } from "./sign-in";

/*
 * Reviews from verified renters (docs/domain.md#reviews) on a phone: a rental whose car came back an
 * hour ago; its driver reviews the supplier (overall, five aspects, a comment) on the booking page,
 * the supplier's staff rate the driver there, privately. Neither reads the other's words before
 * both are in; then both show at once. The rules behind it (the window, once per side, the scope,
 * publishing at the window's end, the scores) are integration-tested (tests/integration/reviews.test.ts).
 */
const db = seedDatabase("a rental of the demo supplier whose car came back an hour ago");

test.use({ viewport: { width: 390, height: 844 } });

for (const mode of jsModes) {
  test.describe(`reviews ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("the driver reviews the supplier and the staff rate the driver; neither reads the other's before both are in", async ({
      browser,
    }) => {
      test.slow();
      const carId = await carOf(db(), "llanos", marker("Review Spark "));
      const reference = marker("RV-").slice(0, 16);
      const driver = await newDriver(db(), "Reina Reseñas");
      const bookingId = await returnedRental(db(), carId, driver.id, reference);
      const comment = `Clean car, quick counter ${reference}`;

      const driverPage = await (await browser.newContext({ javaScriptEnabled: mode.javaScriptEnabled })).newPage();
      await signedInAs(driverPage, driver.email, DEMO_PASSWORD);
      await driverPage.goto(`/booking?b=${bookingId}&l=en`);
      const review = driverPage.getByRole("region", { name: "Your review of Llanos Rent a Car" });
      const stars = (aspect: string, count: number) =>
        review
          .getByRole("group", { name: aspect })
          .getByLabel(`${count} star${count === 1 ? "" : "s"}`, { exact: true });
      await stars("Overall", 4).check();
      await stars("Car condition", 5).check();
      await stars("Cleanliness", 4).check();
      await stars("Staff", 5).check();
      await stars("Value for money", 3).check();
      // Speed at the counter left out: refused beside its group, nothing written.
      await review.getByLabel("Comment (optional)").fill(comment);
      await review.getByRole("button", { name: "Send my review" }).click();
      await expect(review.getByText("Please fill in the field: Speed at the counter").first()).toBeVisible();
      await stars("Speed at the counter", 4).check();
      await review.getByRole("button", { name: "Send my review" }).click();
      await expect(driverPage.getByText("Thank you: your review is in.")).toBeVisible();
      await expect(review).toContainText(
        /Your review is in\. It will be published once Llanos Rent a Car has rated the rental, or on \d{4}-\d\d-\d\d \d\d:\d\d\./,
      );
      await expect(review).toContainText(/Speed at the counter★★★★★ 4 out of 5/);
      await expect(review.getByRole("button", { name: "Send my review" })).toHaveCount(0);

      // The staff learn the driver has written, not what.
      const staffPage = await (await browser.newContext({ javaScriptEnabled: mode.javaScriptEnabled })).newPage();
      await signedInAs(staffPage, STAFF, DEMO_PASSWORD);
      await staffPage.goto(`/booking?b=${bookingId}&l=en`);
      const rating = staffPage.getByRole("region", { name: "Driver rating" });
      await expect(rating).toContainText(
        "The driver has reviewed this rental: their review shows here once you have rated them",
      );
      await expect(staffPage.getByText(comment)).toHaveCount(0);
      for (const [aspect, count] of [
        ["On time", 5],
        ["Returned the car as agreed", 4],
        ["Communication", 5],
      ] as const)
        await rating.getByRole("group", { name: aspect }).getByLabel(`${count} stars`, { exact: true }).check();
      await rating.getByLabel("Note (optional)").fill("Called ahead.");
      await rating.getByRole("button", { name: "Save the rating" }).click();
      await expect(staffPage.getByText("The driver's rating is saved.")).toBeVisible();
      // Both in: both published at once.
      await expect(rating.getByText(comment)).toBeVisible();
      await expect(rating).toContainText(/Overall★★★★★ 4 out of 5/);
      await expect(rating).toContainText(/Returned the car as agreed★★★★★ 4 out of 5/);
      // What suppliers said of the driver, for staff (and the counter) only.
      await expect(staffPage.getByRole("region", { name: "Suppliers' ratings" })).toContainText(
        "1 rating by suppliers, private (the driver never sees it):",
      );

      await driverPage.goto(`/booking?b=${bookingId}&l=en`);
      await expect(review).toContainText("Your review is published.");
      // The rating of the driver is the suppliers' private record.
      await expect(driverPage.getByText("Called ahead.")).toHaveCount(0);
      await expect(driverPage.getByRole("region", { name: "Driver rating" })).toHaveCount(0);
      await expect(driverPage.getByRole("region", { name: "Suppliers' ratings" })).toHaveCount(0);
    });
  });
}
