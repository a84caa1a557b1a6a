import { DEMO_PASSWORD as PASSWORD, DRIVER, STAFF } from "./admin-fixtures";
import { bookingData } from "./booking-data";
import { expect, jsModes, test, waitForEmails } from "./support";
import { signedInAs as signIn } from "./sign-in";

/*
 * Changing a booking: a pay-later one amended and re-priced by the driver, an online-paid one
 * through requests that staff decide (docs/domain.md#cancellation).
 */
const { sql, freshBooking, statusOf } = bookingData();

for (const mode of jsModes) {
  test.describe(`bookings ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("the driver amends a pay-later booking: re-priced, and an overlap is refused", async ({ page }) => {
      const booking = await freshBooking();
      const next = await freshBooking();
      await signIn(page, DRIVER, PASSWORD);
      await page.goto("/bookings?l=en");
      await page.getByRole("link", { name: `Edit booking ${booking.reference}` }).click();
      await expect(page.getByRole("heading", { name: "Change the booking" })).toBeVisible();
      const before = (
        await sql<
          { price_cents: number; days: number }[]
        >`select price_cents, days from bookings where id = ${booking.id}`
      )[0];
      const dropOff = page.getByLabel("Drop-off date and time");
      const original = await dropOff.inputValue();
      const oneDayLater = new Date(Date.parse(`${original}:00Z`) + 86_400_000).toISOString().slice(0, 16);
      await dropOff.fill(oneDayLater);
      // The new price is shown before anything is saved (docs/domain.md#amendment-preview).
      await page.getByRole("button", { name: "Check the new price" }).click();
      await expect(page.getByRole("heading", { name: "New price" })).toBeVisible();
      expect((await sql<{ days: number }[]>`select days from bookings where id = ${booking.id}`)[0].days).toBe(
        before.days,
      );
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect(page.getByText("The booking was changed and re-priced.")).toBeVisible();
      const after = (
        await sql<
          { price_cents: number; days: number }[]
        >`select price_cents, days from bookings where id = ${booking.id}`
      )[0];
      expect(after.days).toBe(before.days + 1);
      expect(after.price_cents).toBeGreaterThan(before.price_cents);

      // Into the next booking of the same car: refused, nothing changes.
      const nextStart = (
        await sql<{ at: string }[]>`select to_char(starts_at at time zone l.time_zone, 'YYYY-MM-DD"T"HH24:MI') as at
        from bookings b join locations l on l.id = b.pickup_location_id where b.id = ${next.id}`
      )[0].at;
      await page
        .getByLabel("Drop-off date and time")
        .fill(new Date(Date.parse(`${nextStart}:00Z`) + 86_400_000).toISOString().slice(0, 16));
      await page.getByRole("button", { name: "Check the new price" }).click();
      await expect(page.getByText("The vehicle is no longer available")).toBeVisible();
      expect((await sql<{ days: number }[]>`select days from bookings where id = ${booking.id}`)[0].days).toBe(
        after.days,
      );
    });

    test("an online-paid booking: the driver asks for a change and a cancellation; staff decline, the driver is told", async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(90_000);
      const booking = await freshBooking();
      await sql`update bookings set status = 'paid', payment_method = 'cardPayment', cancellation = true where id = ${booking.id}`;
      await signIn(page, DRIVER, PASSWORD);
      await page.goto(`/booking?b=${booking.id}&l=en`);
      await expect(page.getByRole("heading", { name: "Change the booking" })).toHaveCount(0);
      await page.getByRole("button", { name: "Send the request" }).click();
      await expect(page.getByText("Please fill in the field: What would you like to change?").first()).toBeVisible();
      await page.getByLabel("What would you like to change?").fill("Pick-up two hours later, please");
      await page.getByRole("button", { name: "Send the request" }).click();
      await expect(
        page.getByText("Your amendment request was sent. You will be contacted to finalize it."),
      ).toBeVisible();
      const asked = await sql<
        { request: string }[]
      >`select n.params->>'request' as request from notifications n join users u on u.id = n.user_id
        where u.email = ${STAFF} and n.booking_id = ${booking.id} and n.message_key = 'notifications:messages.amendmentRequested'`;
      expect(asked).toEqual([{ request: "Pick-up two hours later, please" }]);
      expect(await statusOf(booking.id)).toBe("paid");

      await expect(
        page.getByText(
          "This booking was paid online: cancelling sends a request, and you will be contacted to finalize it.",
        ),
      ).toBeVisible();
      await page.getByRole("button", { name: "Request cancellation" }).click();
      await page.getByRole("button", { name: "Yes, request the cancellation" }).click();
      await expect(
        page.getByText("Your cancellation request was sent. You will be contacted to finalize it."),
      ).toBeVisible();

      const staffContext = await browser.newContext({ javaScriptEnabled: mode.javaScriptEnabled });
      const staffPage = await staffContext.newPage();
      await signIn(staffPage, STAFF, PASSWORD);
      await staffPage.goto("/notifications?l=en");
      await expect(
        staffPage.getByText(
          `The driver asked to change booking ${booking.reference}: “Pick-up two hours later, please”`,
        ),
      ).toBeVisible();
      await staffPage.goto(`/booking?b=${booking.id}&l=en`);
      await staffPage.getByRole("button", { name: "Decline cancellation" }).click();
      await expect(staffPage.getByText("The booking was updated.")).toBeVisible();
      await staffContext.close();

      expect(await statusOf(booking.id)).toBe("paid");
      // In the demo driver's language, which earlier visits may have switched.
      await waitForEmails(request, DRIVER, {
        match: (e) => e.subject.includes(booking.reference) && /cancel/i.test(e.subject),
        timeoutMs: 40_000,
      });
      await page.goto("/notifications?l=en");
      await expect(
        page.getByText(
          `Your request to cancel booking ${booking.reference} was declined; the booking stays as it was.`,
        ),
      ).toBeVisible();
    });
  });
}
