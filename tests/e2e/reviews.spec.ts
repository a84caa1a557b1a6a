import { sql } from "drizzle-orm";
import { carOf, DEMO_PASSWORD, marker, newDriver, rows, STAFF } from "./admin-fixtures";
import { noBill } from "../factories";
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

/** A paid 3-day booking of car `carId` by `driverId`, picked up three days ago and returned an hour ago. */
async function returnedRental(carId: number, driverId: number, reference: string): Promise<number> {
  const [booking] = await rows<{ id: number }>(
    db(),
    sql`insert into bookings (reference, car_id, supplier_id, driver_id, pickup_location_id, dropoff_location_id, starts_at, ends_at,
          status, days, price_cents, breakdown, payment_method)
        select ${reference}, c.id, c.supplier_id, ${driverId}, cl.location_id, cl.location_id,
          date_trunc('minute', now()) - interval '3 days 1 hour', date_trunc('minute', now()) - interval '1 hour', 'paid', 3, 8400,
          jsonb_build_object('days', 3, 'dailyPriceCents', 2800, 'options', '{}'::jsonb, 'subtotalCents', 8400,
            'payLaterFeePercent', 0, 'totalCents', 8400),
          'cardPayment'
        from cars c join car_locations cl on cl.car_id = c.id where c.id = ${carId}
        order by cl.location_id limit 1
        returning id`,
  );
  await db().execute(sql`insert into payments (booking_id, method, status, amount_cents, provider_reference)
    values (${booking.id}, 'cardPayment', 'succeeded', 8400, ${`demo:${reference}`})`);
  await db()
    .execute(sql`insert into rentals (booking_id, picked_up_at, odometer_out_km, fuel_out_eighths, deposit_cents,
      signer_name, signed_at, language, state, returned_at, odometer_in_km, fuel_in_eighths, final_bill)
    select id, starts_at, 12000, 8, 0, 'Daniela Conductora', starts_at, 'en', 'returned', ends_at, 12300, 8,
      ${JSON.stringify(noBill)}::jsonb from bookings where id = ${booking.id}`);
  return booking.id;
}

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
      const bookingId = await returnedRental(carId, driver.id, reference);
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
      await expect(review).toContainText(/Speed at the counter★★★★☆ 4 out of 5/);
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
      await expect(rating).toContainText(/Overall★★★★☆ 4 out of 5/);
      await expect(rating).toContainText(/Returned the car as agreed★★★★☆ 4 out of 5/);

      await driverPage.goto(`/booking?b=${bookingId}&l=en`);
      await expect(review).toContainText("Your review is published.");
      // The rating of the driver is the suppliers' private record.
      await expect(driverPage.getByText("Called ahead.")).toHaveCount(0);
      await expect(driverPage.getByRole("region", { name: "Driver rating" })).toHaveCount(0);
    });
  });
}
