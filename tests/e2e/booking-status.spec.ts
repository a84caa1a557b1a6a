import { DEMO_PASSWORD as PASSWORD, DRIVER, STAFF } from "./admin-fixtures";
import { bookingData } from "./booking-data";
import { expect, jsModes, test, waitForEmails } from "./support";
import { signedInAs as signIn } from "./sign-in";

/*
 * A booking's status from both sides: the demo driver's bookings, cancelling a pay-later one
 * (docs/domain.md#cancellation), and a staff status change that reaches the driver
 * (notification, history, email).
 */
const { sql, freshBooking, statusOf } = bookingData();

for (const mode of jsModes) {
  test.describe(`bookings ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("the driver sees their bookings, views one and cancels a pay-later booking", async ({ page }) => {
      const booking = await freshBooking();
      await signIn(page, DRIVER, PASSWORD);
      await page.goto("/bookings?l=en");
      await expect(page.getByRole("heading", { name: "Bookings", level: 1 })).toBeVisible();
      for (const column of ["Reference", "Pick-up", "Drop-off", "Status", "Car", "Supplier", "Cost"]) {
        await expect(page.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
      }
      // Their own name, the daily rate and the day count are the back office's columns.
      for (const column of ["Driver", "Price", "Days"])
        await expect(page.getByRole("columnheader", { name: column, exact: true })).toHaveCount(0);
      await expect(page.getByRole("link", { name: "View booking RD-DEMO2" })).toBeVisible();
      await expect(page.getByRole("checkbox")).toHaveCount(0);

      // Found by its reference: the demo driver's bookings that other specs make push the newest past the first page.
      await page.goto(`/bookings?l=en&q=${booking.reference}`);
      await page.getByRole("link", { name: `View booking ${booking.reference}` }).click();
      await expect(page.getByRole("heading", { name: `Booking ${booking.reference}` })).toBeVisible();
      await expect(page.getByText("Pay later", { exact: true })).toBeVisible();
      await expect(page.getByText(/time zone America\//).first()).toBeVisible();
      const calendar = await page.request.get(`/booking/calendar?b=${booking.id}`);
      expect(calendar.headers()["content-type"]).toContain("text/calendar");
      expect(await calendar.text()).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);
      await expect(page.getByText("You pay later, so cancelling is free and takes effect at once.")).toBeVisible();
      await page.getByRole("button", { name: "Cancel booking" }).click();
      // docs/domain.md#cancellation: nothing happens before the driver confirms.
      await expect(page.getByRole("heading", { name: `Cancel booking ${booking.reference}?` })).toBeVisible();
      expect(await statusOf(booking.id)).toBe("pending");
      await page.getByRole("button", { name: "Yes, cancel the booking" }).click();
      await expect(page.getByText("Your booking was cancelled.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);
      await expect(page.getByRole("row", { name: /Daniela Conductora Pending payment Cancelled/ })).toBeVisible();
      expect(await statusOf(booking.id)).toBe("cancelled");
    });

    test("staff see their supplier's bookings and change a status; the driver is told", async ({ page, request }) => {
      const booking = await freshBooking();
      await signIn(page, STAFF, PASSWORD);
      await page.goto("/bookings?l=en");
      await expect(page.getByRole("checkbox", { name: `Select booking ${booking.reference}` })).toBeVisible();
      await page.getByRole("link", { name: `View booking ${booking.reference}` }).click();
      const select = page.getByLabel("New status");
      // Nothing is paid yet, so "Paid" is not offered (docs/domain.md#booking-status).
      await expect(select.locator("option")).toHaveText(["Deposit paid", "Reserved", "Cancelled", "Deleted"]);
      await select.selectOption("reserved");
      await page.getByRole("button", { name: "Save status" }).click();
      await expect(page.getByText("The booking was updated.")).toBeVisible();
      await expect(page.getByRole("row", { name: /Luis Llanos Pending payment Reserved/ })).toBeVisible();
      expect(await statusOf(booking.id)).toBe("reserved");

      const notes = await sql`select 1 from notifications n join users u on u.id = n.user_id
        where u.email = ${DRIVER} and n.booking_id = ${booking.id} and n.message_key = 'notifications:messages.statusChanged'`;
      expect(notes).toHaveLength(1);
      await waitForEmails(request, DRIVER, { match: (e) => e.subject.includes(booking.reference) });

      // Bulk: one allowed, one refused, each reported.
      const other = await freshBooking();
      await page.goto("/bookings?l=en");
      await page.getByRole("checkbox", { name: `Select booking ${booking.reference}` }).check();
      await page.getByRole("checkbox", { name: `Select booking ${other.reference}` }).check();
      await page.getByLabel("New status").selectOption("deposit");
      await page.getByRole("button", { name: "Change status of selected" }).click();
      await expect(page.getByText(`${other.reference}: now Deposit paid.`)).toBeVisible();
      await expect(page.getByText(`${booking.reference}: this change is not allowed.`)).toBeVisible();

      // Single delete asks first.
      await page.getByRole("link", { name: `Delete booking ${other.reference}` }).click();
      await expect(page.getByRole("heading", { name: `Delete booking ${other.reference}?` })).toBeVisible();
      await page.getByRole("button", { name: "Yes, delete it" }).click();
      await expect(page.getByText("The booking was deleted.")).toBeVisible();
      expect(await statusOf(other.id)).toBe("deleted");
    });
  });
}
