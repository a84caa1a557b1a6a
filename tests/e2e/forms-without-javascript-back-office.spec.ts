import { sql } from "drizzle-orm";
import {
  ADMIN,
  carOf,
  carPhoto,
  DEMO_PASSWORD as PASSWORD,
  fillCar,
  marker,
  newDriver,
  rows as rowsIn,
  saved,
  STAFF,
} from "./admin-fixtures";
import { type FormRow, rowTitle } from "./forms-table";
import { seedDatabase } from "./seed-database";
import { signedInAs } from "./sign-in";
import { caracas, expect, test, uniqueEmail, waitForEmails } from "./support";

/*
 * The back office's forms without JavaScript, a row per action route and intent
 * (tests/e2e/forms-table.ts, docs/operations.md#tests): accounts, settings, the contact inbox,
 * suppliers and their staff, cars, places and seasons. Each row works on data of its own (a new
 * driver, supplier, car or place no public page lists), so it changes nothing another test reads.
 */
const db = seedDatabase("accounts, suppliers, cars, places and contact messages of the forms' rows");
const rows = <T>(query: ReturnType<typeof sql>) => rowsIn<T>(db(), query);

/** A new inactive supplier (no public page lists it) with no car. */
async function newSupplier(): Promise<{ id: number; name: string }> {
  const name = marker("Forms Supplier ");
  const [row] = await rows<{ id: number }>(sql`insert into suppliers (name, slug, email, active)
    values (${name}, ${name.toLowerCase().replace(/\s+/g, "-")}, 'forms@example.com', false) returning id`);
  return { id: row.id, name };
}

const table: FormRow[] = [
  {
    route: "/admin/users/:userId",
    intent: "suspend, then reinstate",
    run: async ({ page }) => {
      const driver = await newDriver(db(), marker("Forms Driver "));
      await signedInAs(page, ADMIN, PASSWORD);
      await page.goto(`/admin/users/${driver.id}?l=en`);
      await page.getByRole("button", { name: "Suspend account" }).click();
      await expect(page.getByText("Account suspended and signed out everywhere")).toBeVisible();
      expect(await rows(sql`select blacklisted from users where id = ${driver.id}`)).toEqual([{ blacklisted: true }]);
      await page.getByRole("button", { name: "Reinstate account" }).click();
      await expect(page.getByText("Account reinstated")).toBeVisible();
      expect(await rows(sql`select blacklisted from users where id = ${driver.id}`)).toEqual([{ blacklisted: false }]);
    },
  },
  {
    route: "/admin/users/:userId",
    intent: "changeType",
    run: async ({ page }) => {
      const driver = await newDriver(db(), marker("Forms Driver "));
      await signedInAs(page, ADMIN, PASSWORD);
      await page.goto(`/admin/users/${driver.id}?l=en`);
      await page.getByLabel("Type").selectOption({ label: "Supplier staff" });
      await page.getByRole("button", { name: "Change type" }).click();
      await page.getByLabel("Supplier").selectOption({ label: "Llanos Rent a Car" });
      await page.getByRole("button", { name: "Change type" }).click();
      await saved(page);
      expect(await rows(sql`select type from users where id = ${driver.id}`)).toEqual([{ type: "supplier" }]);
    },
  },
  {
    route: "/admin/users/:userId",
    intent: "delete",
    run: async ({ page }) => {
      const driver = await newDriver(db(), marker("Forms Driver "));
      await signedInAs(page, ADMIN, PASSWORD);
      await page.goto(`/admin/users/${driver.id}?l=en`);
      await page.locator("summary", { hasText: "Delete account" }).click();
      await page.getByRole("button", { name: "Yes, delete" }).click();
      await expect(page.getByText("Account deleted")).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/users$/);
      expect(await rows(sql`select status from users where id = ${driver.id}`)).toEqual([{ status: "deleted" }]);
    },
  },
  {
    route: "/admin/settings",
    intent: "save",
    run: async ({ page }) => {
      const [before] = await rows<{ rate: string; rateDate: string }>(
        // The rate that applies today in Caracas (docs/domain.md#exchange-rate).
        sql`select usd_to_bs_rate::text as rate, rate_date::text as "rateDate" from exchange_rates
          where rate_date <= (now() at time zone 'America/Caracas')::date order by rate_date desc, id desc limit 1`,
      );
      await signedInAs(page, ADMIN, PASSWORD);
      await page.goto("/admin/settings?l=en");
      await page.getByLabel("Bolívares per US dollar").fill("-1");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Enter a positive rate with at most 4 decimals").first()).toBeVisible();
      // The same rate again (the payment specs read the demo's): saved, and listed in the history.
      await page.getByLabel("Bolívares per US dollar").fill(before.rate);
      await page.getByLabel("Date of the rate").fill(before.rateDate);
      await page.getByRole("button", { name: "Save" }).click();
      await saved(page);
      await expect(page.getByRole("table").getByRole("row").nth(1)).toContainText(before.rateDate);
    },
  },
  {
    route: "/admin/contact",
    intent: "handle, then unhandle",
    run: async ({ page }) => {
      const subject = marker("Forms inbox ");
      await rows(sql`insert into contact_messages (email, subject, message, language)
        values (${uniqueEmail("forms-contact")}, ${subject}, 'Sent to the inbox.', 'en')`);
      await signedInAs(page, ADMIN, PASSWORD);
      await page.goto("/admin/contact?l=en");
      const message = page.getByRole("article", { name: subject });
      await message.getByRole("button", { name: "Mark handled" }).click();
      await expect(page.getByText("Message marked as handled")).toBeVisible();
      await page.getByRole("link", { name: "Handled", exact: true }).click();
      await expect(message).toContainText("Handled by");
      await message.getByRole("button", { name: "Mark not handled" }).click();
      await expect(page.getByText("Message marked as not handled")).toBeVisible();
      expect(await rows(sql`select handled_at from contact_messages where subject = ${subject}`)).toEqual([
        { handled_at: null },
      ]);
    },
  },
  {
    route: "/admin/suppliers/new",
    intent: "save",
    run: async ({ page }) => {
      const name = marker("Forms New Supplier ");
      await signedInAs(page, ADMIN, PASSWORD);
      await page.goto("/admin/suppliers/new?l=en");
      await page.getByLabel("Name").fill(name);
      await page.getByLabel("Contact email").fill("not-an-email");
      await page.getByLabel("Contact phone").fill("+58 274 555 0101");
      await page.getByLabel("Active").uncheck();
      await page.getByRole("button", { name: "Create supplier" }).click();
      await expect(page.getByText("Invalid email address")).toBeVisible();
      await page.getByLabel("Contact email").fill("reservas@forms.example");
      await page
        .getByLabel("Logo")
        .setInputFiles({ name: "logo.jpg", mimeType: "image/jpeg", buffer: await carPhoto() });
      await page.getByRole("button", { name: "Create supplier" }).click();
      await saved(page);
      await expect(page.getByRole("heading", { name: `Supplier: ${name}` })).toBeVisible();
      await expect(page.getByRole("img", { name: `${name} logo` })).toBeVisible();
    },
  },
  {
    route: "/admin/suppliers/:supplierId",
    intent: "save, invite, remove-staff",
    run: async ({ page, request }) => {
      const supplier = await newSupplier();
      const staffEmail = uniqueEmail("forms-staff");
      await signedInAs(page, ADMIN, PASSWORD);
      await page.goto(`/admin/suppliers/${supplier.id}?l=en`);
      await page.getByLabel("Contact phone").fill("+58 212 555 0199");
      await page.getByRole("button", { name: "Save", exact: true }).first().click();
      await saved(page);
      await expect(page.getByLabel("Contact phone")).toHaveValue("+582125550199");

      await page.getByLabel("Full name").fill("Forms Staff");
      await page.getByRole("textbox", { name: "Email", exact: true }).fill(staffEmail);
      await page.getByRole("button", { name: "Send invitation" }).click();
      await expect(page.getByText(`Invitation sent to ${staffEmail}`)).toBeVisible();
      await waitForEmails(request, staffEmail, { match: (e) => e.text.includes("/activate") });
      await page.getByRole("link", { name: "Remove Forms Staff" }).click();
      await page.getByRole("button", { name: "Yes, remove" }).click();
      await expect(page.getByText("Staff account removed")).toBeVisible();
      await expect(page.getByText("No staff accounts yet.")).toBeVisible();
    },
  },
  {
    route: "/admin/cars/new",
    intent: "add",
    run: async ({ page }) => {
      const name = marker("Forms Car ");
      await signedInAs(page, STAFF, PASSWORD);
      await page.goto("/admin/cars/new?l=en");
      await fillCar(page, name, "45");
      await page
        .getByLabel("Picture")
        .setInputFiles({ name: "car.jpg", mimeType: "image/jpeg", buffer: await carPhoto() });
      await page.getByRole("button", { name: "Add car" }).click();
      await saved(page);
      await expect(page.getByRole("heading", { name: `Edit ${name}`, level: 1 })).toBeVisible();
      expect(await rows(sql`select daily_price_cents as "cents" from cars where name = ${name}`)).toEqual([
        { cents: 4500 },
      ]);
    },
  },
  {
    route: "/admin/cars/:carId",
    intent: "save",
    run: async ({ page }) => {
      const carId = await carOf(db(), "llanos", marker("Forms Price "));
      await signedInAs(page, STAFF, PASSWORD);
      await page.goto(`/admin/cars/${carId}?l=en`);
      await page.getByLabel("Daily price ($)").fill("61.5");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await saved(page);
      expect(await rows(sql`select daily_price_cents as "cents" from cars where id = ${carId}`)).toEqual([
        { cents: 6150 },
      ]);
    },
  },
  {
    route: "/admin/cars/:carId/delete",
    intent: "delete",
    run: async ({ page }) => {
      const name = marker("Forms Spare ");
      const carId = await carOf(db(), "llanos", name);
      await signedInAs(page, STAFF, PASSWORD);
      await page.goto(`/admin/cars/${carId}?l=en`);
      await page.getByRole("link", { name: "Delete this car" }).click();
      await page.getByRole("button", { name: "Yes, delete" }).click();
      await saved(page);
      await expect(page).toHaveURL(/\/admin\/cars$/);
      expect(await rows(sql`select status from cars where id = ${carId}`)).toEqual([{ status: "deleted" }]);
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

test.use({ javaScriptEnabled: false });
for (const row of table) test(rowTitle(row), ({ page, request }) => row.run({ page, request }));
