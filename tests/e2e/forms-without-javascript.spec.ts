import type { APIRequestContext, Page } from "@playwright/test";
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { activationToken } from "./activated-account";
import { carOf, marker } from "./admin-fixtures";
import { seedDatabase } from "./seed-database";
import { signedInAs } from "./sign-in";
import { caracas, expect, test, uniqueEmail, waitForEmails } from "./support";

/*
 * Every form of the product still works without JavaScript (docs/operations.md#tests): a browser
 * with JavaScript off submits each action route's form, intent by intent, as a plain POST through
 * the real page (fields by their label, the button by its name), and the row checks the answer
 * (the page or redirect and its message) and the change (what the person then sees, or the row).
 * Specs whose bodies never look at the mode run with JavaScript only; the ones whose behaviour
 * branches on it (browser-side validation, maps, enhanced fetchers) keep both modes.
 */
const PASSWORD = "Rueda2026!";
const STAFF = "staff@llanos.example";
const DRIVER = "driver@rueda.example";
const ADMIN = "admin@rueda.example";
const db = seedDatabase("bookings, car blocks and expired activation links of the forms' rows");

test.use({ javaScriptEnabled: false });

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db().execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

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

type Row = {
  /** The action route and the form's intent (its submit button's `intent` value, or the form's only action). */
  route: string;
  intent: string;
  run: (args: { page: Page; request: APIRequestContext; db: () => Executor }) => Promise<void>;
};

const table: Row[] = [
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
  {
    route: "/admin/cars/:carId",
    intent: "unblock",
    run: async ({ page }) => {
      const carId = await carOf(db(), "llanos", marker("Unblock Spark "));
      await db().execute(sql`insert into car_blocks (car_id, starts_at, ends_at, reason)
        values (${carId}, now() + interval '40 days', now() + interval '42 days', 'maintenance')`);
      await signedInAs(page, STAFF, PASSWORD);
      await page.goto(`/admin/cars/${carId}?l=en`);
      const blocks = page.getByRole("region", { name: "Out of service" });
      await blocks.getByRole("link", { name: /^Remove the out-of-service days / }).click();
      await expect(page.getByText(/^Put the car back in service for /)).toBeVisible();
      await page.getByRole("button", { name: "Yes, put it back in service" }).click();
      await expect(page.getByText("Changes made successfully")).toBeVisible();
      await expect(blocks.getByText("The car is not out of service on any coming day.")).toBeVisible();
      expect(await rows(sql`select id from car_blocks where car_id = ${carId}`)).toEqual([]);
    },
  },
  {
    route: "/admin/places/:placeId",
    intent: "save",
    run: async ({ page }) => {
      // A place of its own, with no car: no public page changes.
      const name = marker("Sin script ");
      const [place] = await rows<{
        id: number;
      }>(sql`insert into locations (slug, kind, name_es, name_en, name_fr, name_el, address, latitude, longitude)
        values (${name.toLowerCase().replace(/\s+/g, "-")}, 'city', ${name}, ${name}, ${name}, ${name}, 'Av. Francisco de Miranda', 10.5, -66.85)
        returning id`);
      await signedInAs(page, ADMIN, PASSWORD);
      await page.goto(`/admin/places/${place.id}?l=en`);
      const hours = page.getByRole("group", { name: "Opening hours" });
      await hours.getByLabel("Hours", { exact: true }).selectOption({ label: "Open on the hours below" });
      const monday = hours.getByRole("group", { name: "Monday" });
      await monday.getByLabel("Opens").fill("09:00");
      await monday.getByLabel("Closes").fill("08:30");
      for (const day of ["Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"])
        await hours.getByRole("group", { name: day }).getByLabel("Closed all day").check();
      await page.getByRole("button", { name: "Save", exact: true }).click();
      // Refused by the server, said next to the field.
      await expect(monday.getByText("The closing time must be later than the opening time")).toBeVisible();
      await monday.getByLabel("Closes").fill("17:00");
      await hours.getByLabel("Out-of-hours fee (US$, optional)").fill("25");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText("Changes made successfully")).toBeVisible();
      await expect(monday.getByLabel("Closes")).toHaveValue("17:00");
      const [saved] = await rows<{ monday: unknown; fee: number }>(
        sql`select opening_hours->'mon' as monday, out_of_hours_fee_cents as fee from locations where id = ${place.id}`,
      );
      expect(saved).toEqual({ monday: { open: "09:00", close: "17:00" }, fee: 2500 });
    },
  },
  {
    route: "/admin/suppliers/:supplierId/seasons",
    intent: "add, then prices",
    run: async ({ page }) => {
      const name = marker("Estacion ");
      const carId = await carOf(db(), "llanos", name);
      const slug = marker("season-nojs-").toLowerCase();
      // A supplier of its own, inactive (no public page lists it), with the car at $40 a day.
      const [{ supplierId }] = await rows<{ supplierId: number }>(sql`with s as (
          insert into suppliers (name, slug, email, active) values (${slug}, ${slug}, 'season@example.com', false) returning id
        ) update cars set supplier_id = (select id from s), daily_price_cents = 4000
          where id = ${carId} returning supplier_id as "supplierId"`);
      await signedInAs(page, ADMIN, PASSWORD);
      await page.goto(`/admin/suppliers/${supplierId}/seasons?l=en`);
      await page.getByLabel("Name", { exact: true }).fill("Carnaval");
      await page.getByLabel("First day").fill(caracas(49, "10:00").slice(0, 10));
      await page.getByLabel("Last day").fill(caracas(55, "10:00").slice(0, 10));
      await page.getByLabel("Change (%)").fill("10");
      await page.getByRole("button", { name: "Add the season" }).click();
      await expect(page.getByText("Changes made successfully")).toBeVisible();
      await page.getByRole("link", { name: "Car prices in the season Carnaval" }).click();
      const prices = page.getByRole("region", { name: "Fixed daily prices in Carnaval" });
      await prices.getByLabel(name).fill("0");
      await prices.getByRole("button", { name: "Save the prices" }).click();
      await expect(page.getByText("Enter a daily price from $0.01 to $100,000, or leave it empty.")).toBeVisible();
      await prices.getByLabel(name).fill("77");
      await prices.getByRole("button", { name: "Save the prices" }).click();
      await expect(page.getByText("Changes made successfully")).toBeVisible();
      await expect(page.getByRole("cell", { name: "+10 % · 1 car at a fixed price" })).toBeVisible();
    },
  },
];

for (const row of table) {
  test(`${row.route} ${row.intent} without JavaScript`, async ({ page, request }) => {
    await row.run({ page, request, db });
  });
}
