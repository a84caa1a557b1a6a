import type { Browser, Page } from "@playwright/test";
import { sql } from "drizzle-orm";
import { newDriver } from "./admin-fixtures";
import { seedDatabase } from "./seed-database";
import { expect, javaScriptOnly, jsModes, linkFrom, signIn, test, uniqueEmail, waitForEmails } from "./support";
import { signedInAs } from "./sign-in";

/*
 * The admins' user management, payment settings and contact inbox (docs/domain.md#user-management,
 * #exchange-rate, #contact-inbox; docs/security.md#suspension), with JavaScript on and off: a
 * suspended driver's open browser is signed out at its next request and sign-in says so; an
 * account an admin creates activates through the emailed link; a new exchange rate is the one the
 * pago móvil page uses; a message sent through /contact reaches the inbox and is marked handled.
 */
const PASSWORD = "Rueda2026!";
const ADMIN = "admin@rueda.example";
const db = seedDatabase("drivers, a booking held for pago móvil and the payment settings");

type Row = Record<string, unknown>;
const rows = async <T extends Row>(query: ReturnType<typeof sql>) => (await db().execute(query)) as unknown as T[];

test.beforeAll(async () => {
  // The demo admin reads this spec's pages and toasts in English.
  await rows(sql`update users set language = 'en' where email = ${ADMIN}`);
});

/** A booking of the demo's RD-DEMO1 car held for pago móvil for `driverId`, after every other booking of that car. */
async function heldBooking(driverId: number): Promise<{ id: number; priceCents: number }> {
  const reference = `AU${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase().slice(0, 16);
  const [row] = await rows<{ id: number; priceCents: number }>(sql`
    with demo as (select * from bookings where reference = 'RD-DEMO1'),
      after as (select max(b.ends_at) + interval '1 day' as at from bookings b join demo on b.car_id = demo.car_id)
    insert into bookings (reference, car_id, supplier_id, driver_id, pickup_location_id, dropoff_location_id, starts_at, ends_at, status,
      hold_expires_at, days, price_cents, breakdown, payment_method)
    select ${reference}, car_id, supplier_id, ${driverId}, pickup_location_id, dropoff_location_id,
      after.at, after.at + (ends_at - starts_at), 'void', now() + interval '30 minutes', days, price_cents, breakdown, 'mobilePayment'
    from demo, after
    returning id, price_cents as "priceCents"`);
  return row;
}

/** USD cents at `rate` Bs per dollar as the page shows them: half-up to the céntimo, comma thousands. */
function bolivars(cents: number, rate: string): string {
  const [whole, fraction = ""] = rate.split(".");
  const scale = 10n ** BigInt(fraction.length);
  const product = BigInt(cents) * BigInt(whole + fraction);
  const centimos = product / scale + ((product % scale) * 2n >= scale ? 1n : 0n);
  const shown = (centimos / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${shown}${centimos % 100n ? `.${(centimos % 100n).toString().padStart(2, "0")}` : ""} Bs`;
}

const today = () => new Date(Date.now() - 4 * 3_600_000).toISOString().slice(0, 10);

async function signInAs(page: Page, email: string, password = PASSWORD) {
  await signedInAs(page, email, password);
}

/** A second browser with its own cookies: the other person in the test. */
async function otherBrowser(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled });
  return context.newPage();
}

const backOffice = (page: Page) => page.getByRole("navigation", { name: "Back office" });

for (const mode of jsModes) {
  test.describe(`admin users, settings and inbox ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });
    // Two people take turns in each test: several sign-ins and page loads.
    test.describe.configure({ timeout: 120_000 });

    test("an admin creates a supplier account whose owner activates it with a password of their own", async ({
      page,
      browser,
      request,
    }) => {
      const email = uniqueEmail("new-staff");
      const fullName = `Staff ${mode.javaScriptEnabled ? "Js" : "Plain"} ${Date.now().toString(36)}`;
      await signInAs(page, ADMIN);
      await page.goto("/admin/users?l=en");
      await page.getByRole("link", { name: "Create an account" }).click();
      await expect(page.getByRole("heading", { name: "Create an account", level: 1 })).toBeVisible();

      if (mode.javaScriptEnabled) {
        await page.getByRole("button", { name: "Create account" }).click();
        await expect(page.getByText("Please fill in the fields: Full name, Email, Phone, Type")).toBeVisible();
      } else {
        // The browser asks for the required fields itself; the server says the same to a form sent without them.
        const response = await page.request.post("/admin/users/new?l=en", {
          form: { fullName, email, phone: "+58 414 111 2233", type: "" },
        });
        expect(response.status()).toBe(400);
        expect(await response.text()).toContain("Please fill in the field: Type");
      }
      await page.getByLabel("Full name").fill(fullName);
      await page.getByLabel("Email").fill("ana@");
      await page.getByLabel("Phone").fill("12");
      await page.getByLabel("Type").selectOption({ label: "Supplier staff" });
      await page.getByLabel("Supplier").selectOption({ label: "Llanos Rent a Car" });
      if (mode.javaScriptEnabled) {
        await page.getByRole("button", { name: "Create account" }).click();
        await expect(page.getByText("Invalid email address").first()).toBeVisible();
        await expect(page.getByText("Invalid phone number").first()).toBeVisible();
      } else {
        const response = await page.request.post("/admin/users/new?l=en", {
          form: { fullName, email: "ana@", phone: "12", type: "admin" },
        });
        expect(response.status()).toBe(400);
        const body = await response.text();
        expect(body).toContain("Invalid email address");
        expect(body).toContain("Invalid phone number");
      }
      expect(await rows(sql`select id from users where full_name = ${fullName}`)).toEqual([]);

      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Phone").fill("+58 414 111 2233");
      // The invitation goes in the language the admin chooses for its owner: their own by default.
      await expect(page.getByLabel("Invitation language")).toHaveValue("en");
      await page.getByRole("button", { name: "Create account" }).click();
      await expect(
        page.getByRole("status").filter({ hasText: `We emailed an activation link to ${email}` }),
      ).toBeVisible();
      await expect(page.getByRole("heading", { name: fullName, level: 1 })).toBeVisible();
      await expect(page.getByText("Supplier staff · Llanos Rent a Car")).toBeVisible();
      await expect(page.getByText("Not activated yet")).toBeVisible();

      const [activation] = await waitForEmails(request, email, { match: (e) => e.text.includes("/activate") });
      expect(activation.subject).toBe("Ana Administradora invited you to Llanos Rent a Car on Rueda");
      expect(activation.text).toContain("Role: Supplier staff");
      const owner = await otherBrowser(browser, mode.javaScriptEnabled);
      await owner.goto(`${linkFrom(activation, "/activate")}&l=en`);
      await owner.getByLabel("Password", { exact: true }).fill("my-own-password");
      await owner.getByLabel("Confirm password").fill("my-own-password");
      await owner.getByRole("button", { name: "Activate my account" }).click();
      await expect(owner.getByText("Your account is activated")).toBeVisible();
      await owner.context().clearCookies();
      // Through the sign-in form: the password the owner chose is what this test proves.
      await signIn(owner, email, "my-own-password");
      await expect(owner.getByRole("button", { name: "Sign out" })).toBeVisible();
      await owner.goto("/admin?l=en");
      await expect(backOffice(owner).getByRole("link", { name: "Cars" })).toBeVisible();
      await expect(backOffice(owner).getByRole("link", { name: "Users" })).toHaveCount(0);
      await owner.context().close();

      await page.reload();
      await expect(page.getByText("Active", { exact: true })).toBeVisible();
    });
  });
}

// JavaScript only: their forms are rows of forms-without-javascript-back-office.spec.ts; what these check is the server's (sessions ended, the rate a page uses, the inbox's lists) (docs/operations.md#tests).
for (const mode of javaScriptOnly) {
  test.describe(`admin users, settings and inbox ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });
    // Two people take turns in each test: several sign-ins and page loads.
    test.describe.configure({ timeout: 120_000 });

    test("a suspended driver is signed out at once and refused at sign-in; reinstated, they are back", async ({
      page,
      browser,
    }) => {
      const driver = await newDriver(db(), `Suspended ${mode.javaScriptEnabled ? "Js" : "Plain"} Driver`);
      const driverPage = await otherBrowser(browser, mode.javaScriptEnabled);
      await signInAs(driverPage, driver.email);

      await signInAs(page, ADMIN);
      await page.goto("/admin?l=en");
      await backOffice(page).getByRole("link", { name: "Users" }).click();
      await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
      await page.getByLabel("Search by name or email").fill(driver.email);
      await page.getByLabel("Type").selectOption({ label: "Driver" });
      await page.locator(".backoffice__main").getByRole("button", { name: "Search" }).click();
      await expect(page.getByText("1 account", { exact: true })).toBeVisible();
      await page.getByRole("link", { name: /^Suspended .* Driver$/ }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/users/${driver.id}$`));

      await page.getByRole("button", { name: "Suspend account" }).click();
      await expect(
        page.getByRole("status").filter({ hasText: "Account suspended and signed out everywhere" }),
      ).toBeVisible();
      await expect(page.getByRole("button", { name: "Reinstate account" })).toBeVisible();

      // The driver's open browser: its next request is a signed-out one.
      await driverPage.goto("/bookings?l=en");
      await expect(driverPage).toHaveURL(/\/sign-in\?/);
      await expect(driverPage.getByRole("button", { name: "Sign out" })).toHaveCount(0);
      await signIn(driverPage, driver.email, PASSWORD);
      await expect(driverPage.getByText("Your account is suspended")).toBeVisible();
      await expect(driverPage.getByRole("button", { name: "Sign out" })).toHaveCount(0);

      await page.getByRole("button", { name: "Reinstate account" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Account reinstated" })).toBeVisible();
      await signInAs(driverPage, driver.email);
      await driverPage.context().close();

      // An admin cannot lock themselves out.
      const [self] = await rows<{ id: number }>(sql`select id from users where email = ${ADMIN}`);
      await page.goto(`/admin/users/${self.id}?l=en`);
      await expect(page.getByText("This is your own account")).toBeVisible();
      await page.getByRole("button", { name: "Suspend account" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "You cannot suspend your own account." })).toBeVisible();
      await page.locator("summary", { hasText: "Delete account" }).click();
      await page.getByRole("button", { name: "Yes, delete" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "You cannot delete your own account." })).toBeVisible();
      await page.getByLabel("Type").selectOption({ label: "Driver" });
      await page.getByRole("button", { name: "Change type" }).click();
      await expect(
        page.getByRole("alert").filter({ hasText: "You cannot remove your own admin rights." }),
      ).toBeVisible();
      await page.goto("/admin/users?l=en");
      await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
    });

    test("a new exchange rate is the one the pago móvil page uses, and the history lists it", async ({
      page,
      browser,
    }) => {
      const [before] = await rows<{ rate: string; rateDate: string }>(
        // The rate that applies today in Caracas (docs/domain.md#exchange-rate).
        sql`select usd_to_bs_rate::text as rate, rate_date::text as "rateDate" from exchange_rates
          where rate_date <= (now() at time zone 'America/Caracas')::date order by rate_date desc, id desc limit 1`,
      );
      const driver = await newDriver(db(), "Rate Reader");
      const booking = await heldBooking(driver.id);
      const rate = mode.javaScriptEnabled ? "300.25" : "312.5";
      try {
        await signInAs(page, ADMIN);
        await page.goto("/admin?l=en");
        await backOffice(page).getByRole("link", { name: "Settings" }).click();
        await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();

        await page.getByLabel("Bolívares per US dollar").fill("-1");
        await page.getByRole("button", { name: "Save" }).click();
        await expect(page.getByText("Enter a positive rate with at most 4 decimals").first()).toBeVisible();

        await page.getByLabel("Bolívares per US dollar").fill(rate.replace(".", ","));
        await page.getByLabel("Date of the rate").fill(today());
        await page.getByLabel("Source of the rate").fill("BCV");
        await page.getByRole("button", { name: "Save" }).click();
        await expect(page.getByRole("status").filter({ hasText: "Changes made successfully" })).toBeVisible();
        await expect(page.getByLabel("Bolívares per US dollar")).toHaveValue(rate);
        // Entered for a day that has one: an override, listed with its source and who entered it.
        const latest = page.getByRole("table").getByRole("row").nth(1);
        await expect(latest).toContainText(`${rate} Bs per dollar`);
        await expect(latest).toContainText(today());
        await expect(latest.getByRole("cell", { name: "BCV", exact: true })).toBeVisible();
        const [admin] = await rows<{ fullName: string }>(
          sql`select full_name as "fullName" from users where email = ${ADMIN}`,
        );
        await expect(latest).toContainText(admin.fullName);

        const driverPage = await otherBrowser(browser, mode.javaScriptEnabled);
        await signInAs(driverPage, driver.email);
        await driverPage.goto(`/payment/mobile?b=${booking.id}&l=en`);
        await expect(driverPage.getByText(`at ${rate} Bs per dollar, rate as of ${today()}`)).toBeVisible();
        await expect(driverPage.getByTestId("merchant-amount")).toHaveText(bolivars(booking.priceCents, rate));
        await driverPage.context().close();
      } finally {
        // The other payment specs expect the demo rate: put it back the way an admin would.
        await page.goto("/admin/settings?l=en");
        await page.getByLabel("Bolívares per US dollar").fill(before.rate);
        await page.getByLabel("Date of the rate").fill(before.rateDate);
        await page.getByRole("button", { name: "Save" }).click();
        await expect(page.getByRole("status").filter({ hasText: "Changes made successfully" })).toBeVisible();
      }
    });

    test("a message sent through /contact reaches the inbox and is marked handled, then not", async ({ page }) => {
      const subject = `Inbox check ${mode.javaScriptEnabled ? "js" : "plain"} ${Date.now().toString(36)}`;
      const sender = uniqueEmail("contact");
      await page.goto("/contact?l=en");
      await page.getByLabel("Email").fill(sender);
      await page.getByLabel("Subject").fill(subject);
      await page.getByLabel("Message").fill("Can I pick up the car at 6 am?\nThanks.");
      await page.getByRole("button", { name: "Send" }).click();
      await expect(page.getByRole("heading", { name: "Message sent" })).toBeVisible();

      await signInAs(page, ADMIN);
      const [admin] = await rows<{ fullName: string }>(
        sql`select full_name as "fullName" from users where email = ${ADMIN}`,
      );
      await page.goto("/admin?l=en");
      await backOffice(page).getByRole("link", { name: "Contact inbox" }).click();
      const message = page.getByRole("article", { name: subject });
      await expect(message).toContainText(`From ${sender}`);
      await expect(message).toContainText("Can I pick up the car at 6 am?");
      await expect(message).toContainText("Not handled yet");

      await message.getByRole("button", { name: "Mark handled" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Message marked as handled" })).toBeVisible();
      await expect(message).toContainText(`Handled by ${admin.fullName}`);
      await page.getByRole("link", { name: /^Not handled \(\d+\)$/ }).click();
      await expect(page.getByRole("heading", { name: "Contact inbox", level: 1 })).toBeVisible();
      await expect(message).toHaveCount(0);
      await page.getByRole("link", { name: "Handled", exact: true }).click();
      await expect(message).toBeVisible();

      await message.getByRole("button", { name: "Mark not handled" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Message marked as not handled" })).toBeVisible();
      await expect(page).toHaveURL(/show=handled/);
      await expect(message).toHaveCount(0);
      await page.getByRole("link", { name: /^Not handled \(\d+\)$/ }).click();
      await expect(message).toContainText("Not handled yet");
    });
  });
}
