import { DEMO_PASSWORD as PASSWORD, DRIVER } from "./admin-fixtures";
import { bookingData } from "./booking-data";
import { expect, test } from "./support";
import { signedInAs as signIn } from "./sign-in";

/* The booking page's server rules, and forged requests that stay outside the booking scope. */
const { sql, freshBooking, statusOf } = bookingData();

/** The demo driver may hold only so many unpaid bookings (docs/domain.md#limits): a test done with one cancels it, as the driver would. */
const releaseForOtherSpecs = async (id: number) => {
  await sql`update bookings set status = 'cancelled' where id = ${id}`;
};

/*
 * Server rules reached through the booking page: what they check is the server's answer, the same
 * with JavaScript on or off, and the forms they post are submitted without JavaScript by the tests
 * of booking-status.spec.ts and booking-amendments.spec.ts (docs/operations.md#tests).
 */
test.describe("bookings: the server's rules", () => {
  test("a card session opened before an amendment cannot pay the booking at its old price (H1)", async ({ page }) => {
    test.setTimeout(60_000);
    const booking = await freshBooking();
    await signIn(page, DRIVER, PASSWORD);
    await page.goto(`/payment/card?b=${booking.id}&l=en`);
    await page.getByRole("button", { name: /^Pay \$[\d,.]+ by card$/ }).click();
    await expect(page).toHaveURL(/\/checkout-session\/\w+\?b=\d+/);
    const oldSession = page.url();

    // Back to the booking: 60 days instead of 3, so it now costs about twenty times as much.
    await page.goto(`/booking?b=${booking.id}&l=en`);
    const pickUp = await page.getByLabel("Pick-up date and time").inputValue();
    await page
      .getByLabel("Drop-off date and time")
      .fill(new Date(Date.parse(`${pickUp}:00Z`) + 60 * 86_400_000).toISOString().slice(0, 16));
    await page.getByRole("button", { name: "Check the new price" }).click();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("The booking was changed and re-priced.")).toBeVisible();
    const [{ price_cents: price }] = await sql<
      { price_cents: number }[]
    >`select price_cents from bookings where id = ${booking.id}`;

    // The old session was ended by the amendment: no card form, and a forged payment of it pays nothing.
    await page.goto(oldSession);
    await expect(page.getByRole("heading", { name: "Payment failed" })).toBeVisible();
    await expect(page.getByLabel("Card number")).toHaveCount(0);
    const forged = await page.request.post(oldSession, {
      form: { cardNumber: "4242424242424242", expiry: "12/40", securityCode: "123" },
      maxRedirects: 0,
    });
    expect(forged.status()).toBeLessThan(500);
    expect(await statusOf(booking.id)).toBe("pending");
    expect(await sql`select 1 from payments where booking_id = ${booking.id} and status = 'succeeded'`).toHaveLength(0);

    // Paying now asks for the new price.
    await page.goto(`/payment/card?b=${booking.id}&l=en`);
    const label = `Pay $${(price / 100).toLocaleString("en-US", { minimumFractionDigits: price % 100 ? 2 : 0 })} by card`;
    await expect(page.getByRole("button", { name: label })).toBeVisible();
    await releaseForOtherSpecs(booking.id);
  });

  test("an amendment to 2060 is refused and the car is not blocked (L1)", async ({ page }) => {
    const booking = await freshBooking();
    const before = (
      await sql<{ ends_at: Date; days: number }[]>`select ends_at, days from bookings where id = ${booking.id}`
    )[0];
    await signIn(page, DRIVER, PASSWORD);
    await page.goto(`/booking?b=${booking.id}&l=en`);
    await page.getByLabel("Drop-off date and time").fill("2060-01-01T10:00");
    await page.getByRole("button", { name: "Check the new price" }).click();
    await expect(page.getByText("A rental can last at most 365 days")).toBeVisible();
    const after = (
      await sql<{ ends_at: Date; days: number }[]>`select ends_at, days from bookings where id = ${booking.id}`
    )[0];
    expect(after).toEqual(before);
    await releaseForOtherSpecs(booking.id);
  });

  test("a driver posting the staff status form cannot cancel (M1)", async ({ page }) => {
    const booking = await freshBooking();
    await sql`update bookings set payment_method = 'mobilePayment' where id = ${booking.id}`;
    await signIn(page, DRIVER, PASSWORD);
    await page.goto(`/booking?b=${booking.id}&l=en`);
    await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);
    const answer = await page.request.post(`/booking?b=${booking.id}`, {
      form: { intent: "status", status: "cancelled" },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(302);
    expect(await statusOf(booking.id)).toBe("pending");
    await page.goto(`/booking?b=${booking.id}&l=en`);
    await expect(page.getByText("This change is not allowed.")).toBeVisible();
    await releaseForOtherSpecs(booking.id);
  });

  test("forged requests for someone else's booking find nothing and change nothing", async ({ page }) => {
    const foreign = await freshBooking("admin@rueda.example");
    await signIn(page, DRIVER, PASSWORD);
    expect((await page.request.get(`/booking?b=${foreign.id}`)).status()).toBe(404);
    expect((await page.request.get(`/booking/calendar?b=${foreign.id}`)).status()).toBe(404);
    const forms: Array<Record<string, string>> = [
      { intent: "cancel" },
      { intent: "status", status: "cancelled" },
      { intent: "accept-cancel" },
    ];
    for (const form of forms) {
      const response = await page.request.post(`/booking?b=${foreign.id}`, { form, maxRedirects: 0 });
      expect(response.status(), `${form.intent} → ${response.headers()["location"]}`).toBe(404);
    }
    const amend = await page.request.post(`/booking?b=${foreign.id}`, {
      form: {
        intent: "amend",
        pickUp: "2030-01-01T10:00",
        dropOff: "2030-01-03T10:00",
        pickupLocationId: "1",
        dropoffLocationId: "1",
      },
      maxRedirects: 0,
    });
    expect(amend.status()).toBe(404);
    const bulk = await page.request.post("/bookings", {
      form: { intent: "delete-selected", ids: String(foreign.id) },
      maxRedirects: 0,
    });
    expect(bulk.status()).toBe(403);
    expect(await statusOf(foreign.id)).toBe("pending");
  });
});
