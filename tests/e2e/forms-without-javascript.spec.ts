import { sql } from "drizzle-orm";
import { activationToken } from "./activated-account";
import { DEMO_PASSWORD as PASSWORD, DRIVER, marker, rows as rowsIn } from "./admin-fixtures";
import { type FormRow, rowTitle } from "./forms-table";
import { seedDatabase } from "./seed-database";
import { signedInAs } from "./sign-in";
import { expect, test, uniqueEmail, waitForEmails } from "./support";

/*
 * The public and the drivers' forms without JavaScript, a row per action route and intent
 * (tests/e2e/forms-table.ts, docs/operations.md#tests); the back office's are in
 * forms-without-javascript-back-office.spec.ts.
 */
const STAFF = "staff@llanos.example";
const db = seedDatabase("bookings and expired activation links of the forms' rows");
const rows = <T>(query: ReturnType<typeof sql>) => rowsIn<T>(db(), query);

/** A pending pay-later booking of the demo driver like RD-DEMO1 (the demo staff's supplier), after every other booking of its car. */
async function freshBooking(set: { cancelRequest?: boolean; status?: string } = {}) {
  const reference = marker("RD-F").slice(0, 16);
  const [row] = await rows<{ id: number; reference: string }>(sql`
    with demo as (select * from bookings where reference = 'RD-DEMO1'),
      after as (select max(b.ends_at) + interval '1 day' as at from bookings b join demo on b.car_id = demo.car_id)
    insert into bookings (reference, car_id, supplier_id, driver_id, pickup_location_id, dropoff_location_id, starts_at, ends_at,
      status, days, price_cents, breakdown, payment_method, cancel_request)
    select ${reference}, car_id, supplier_id, (select id from users where email = ${DRIVER}), pickup_location_id, dropoff_location_id,
      after.at, after.at + (ends_at - starts_at), ${set.status ?? "pending"}, days, price_cents, breakdown, 'payLater',
      ${set.cancelRequest ?? false}
    from demo, after
    returning id, reference`);
  return row;
}

const statusOf = async (id: number) =>
  (
    await rows<{ status: string; cancelRequest: boolean }>(
      sql`select status, cancel_request as "cancelRequest" from bookings where id = ${id}`,
    )
  )[0];

const table: FormRow[] = [
  {
    route: "/contact",
    intent: "send",
    run: async ({ page, request }) => {
      const email = uniqueEmail("contact-nojs");
      const subject = `No script ${Date.now()}`;
      await page.goto("/contact?l=en");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Subject").fill(subject);
      await page.getByLabel("Message").fill("Sent by a browser without JavaScript.");
      await page.getByRole("button", { name: "Send" }).click();
      await expect(page.getByRole("heading", { name: "Message sent" })).toBeVisible();
      const [sent] = await waitForEmails(request, "admin@rueda.example", { match: (e) => e.text.includes(subject) });
      expect(sent.text).toContain(email);
    },
  },
  {
    route: "/activate",
    intent: "resend",
    run: async ({ page, request }) => {
      const email = uniqueEmail("resend-nojs");
      const signUp = await request.post("/sign-up?l=en", {
        form: {
          fullName: "Expired Link",
          email,
          phone: "+58 414 555 0000",
          birthDate: "1990-04-12",
          password: PASSWORD,
          confirmPassword: PASSWORD,
          tos: "on",
        },
      });
      expect(signUp.status()).toBe(200);
      const token = await activationToken(request, email);
      await db().execute(
        sql`update tokens set expires_at = now() - interval '1 minute' where user_id = (select id from users where email = ${email})`,
      );
      await page.goto(`/activate?token=${token}&l=en`);
      await expect(page.getByText("Your account activation link expired.")).toBeVisible();
      await page.getByRole("button", { name: "Resend activation email" }).click();
      await expect(page).toHaveURL(/\/activate\?sent=1/);
      await expect(page.getByText("Activation email sent")).toBeVisible();
      // A second activation email, with a new link that activates.
      const fresh = await activationToken(request, email, 2);
      expect(fresh).not.toBe(token);
      await page.goto(`/activate?token=${fresh}&l=en`);
      await expect(page.getByRole("button", { name: "Activate my account" })).toBeVisible();
    },
  },
  {
    route: "/booking",
    intent: "accept-cancel",
    run: async ({ page }) => {
      const booking = await freshBooking({ status: "paid", cancelRequest: true });
      await signedInAs(page, STAFF, PASSWORD);
      await page.goto(`/booking?b=${booking.id}&l=en`);
      await expect(page.getByRole("heading", { name: "Cancellation requested" })).toBeVisible();
      await page.getByRole("button", { name: "Accept cancellation" }).click();
      await expect(page).toHaveURL(new RegExp(`/booking\\?b=${booking.id}`));
      await expect(page.getByText("The booking was updated.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Accept cancellation" })).toHaveCount(0);
      expect(await statusOf(booking.id)).toEqual({ status: "cancelled", cancelRequest: false });
    },
  },
  {
    route: "/booking",
    intent: "decline-cancel",
    run: async ({ page }) => {
      const booking = await freshBooking({ status: "paid", cancelRequest: true });
      await signedInAs(page, STAFF, PASSWORD);
      await page.goto(`/booking?b=${booking.id}&l=en`);
      await page.getByRole("button", { name: "Decline cancellation" }).click();
      await expect(page.getByText("The booking was updated.")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Cancellation requested" })).toHaveCount(0);
      expect(await statusOf(booking.id)).toEqual({ status: "paid", cancelRequest: false });
    },
  },
  {
    route: "/settings",
    intent: "whatsapp",
    run: async ({ page }) => {
      await signedInAs(page, DRIVER, PASSWORD);
      await page.goto("/settings?l=en");
      const optIn = page.getByLabel("Send my confirmations and payment updates on WhatsApp");
      const save = page.getByRole("button", { name: "Save WhatsApp preference" });
      await optIn.check();
      await save.click();
      await expect(page.getByText("Please fill in the field: WhatsApp number")).toBeVisible();
      await page.getByLabel("WhatsApp number").fill("0412 555 0303");
      await save.click();
      await expect(page.getByText("Settings updated successfully")).toBeVisible();
      await expect(optIn).toBeChecked();
      await expect(page.getByLabel("WhatsApp number")).toHaveValue("+584125550303");
      // Out again: the demo driver's other rows expect their emails.
      await optIn.uncheck();
      await save.click();
      await expect(optIn).not.toBeChecked();
    },
  },
  {
    route: "/bookings",
    intent: "delete-selected",
    run: async ({ page }) => {
      const booking = await freshBooking();
      await signedInAs(page, STAFF, PASSWORD);
      await page.goto("/bookings?l=en");
      await page.getByRole("checkbox", { name: `Select booking ${booking.reference}` }).check();
      await page.getByRole("button", { name: "Delete selected" }).click();
      await expect(page.getByText(new RegExp(`^${booking.reference}: now `))).toBeVisible();
      expect((await statusOf(booking.id)).status).toBe("deleted");
    },
  },
];

test.use({ javaScriptEnabled: false });
for (const row of table) test(rowTitle(row), ({ page, request }) => row.run({ page, request }));
