import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { caracas, expect, javaScriptOnly, jsModes, linkFrom, test, uniqueEmail, waitForEmails } from "./support";
import { signedInAs } from "./sign-in";

/*
 * The admin's places and suppliers (issue 13): made and changed through the pages, seen where
 * drivers look (the search) and by the people they concern (the invited staff's inbox).
 */

const ADMIN = { email: "admin@rueda.example", password: "Rueda2026!" };
const STAFF_PASSWORD = "staff-pass1";
/** Served by Andes Drive alone in the demo data (db/seed-data.ts): its cars are all this place shows. */
const MERIDA = "Mérida – City centre";
const ANDES = "Andes Drive";

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function signInAsAdmin(page: Page) {
  await signedInAs(page, ADMIN.email, ADMIN.password);
}

/** A browser of its own (another person), in the same JavaScript mode. */
async function otherBrowser(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  return { context, page: await context.newPage() };
}

async function fillPlace(page: Page, name: string) {
  await page.getByLabel("Name in Spanish").fill(`Aeropuerto de ${name}`);
  await page.getByLabel("Name in English").fill(`${name} Airport`);
  await page.getByLabel("Name in French").fill(`Aéroport de ${name}`);
  await page.getByLabel("Name in Greek").fill(`Αεροδρόμιο ${name}`);
  await page.getByLabel("Address").fill("Aeropuerto Alberto Carnevalli, Mérida");
  await page.getByLabel("Kind").selectOption({ label: "Airport" });
  await page.getByLabel("Time zone").fill("America/Caracas");
}

for (const mode of jsModes) {
  test.describe(`admin places and suppliers ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("an admin creates a place, which the search offers once a car serves it, edits it, and deletes it after confirming", async ({
      page,
    }) => {
      const name = `Tabay ${tag()}`;
      await signInAsAdmin(page);
      await page.goto("/admin/places?l=en");
      await page.getByRole("link", { name: "New place" }).click();
      await expect(page.getByRole("heading", { name: "New place" })).toBeVisible();

      await fillPlace(page, name);
      if (mode.javaScriptEnabled) {
        // The map fills the coordinates: a click sets the marker, whose position the fields take.
        await page.locator(".map--picker").click({ position: { x: 180, y: 120 } });
        await expect(page.getByLabel("Latitude")).toHaveValue(/^-?\d+(\.\d+)?$/);
        await expect(page.getByLabel("Longitude")).toHaveValue(/^-?\d+(\.\d+)?$/);
        const latitude = Number(await page.getByLabel("Latitude").inputValue());
        expect(Math.abs(latitude)).toBeLessThanOrEqual(90);
        const marker = page.locator(".map--picker .leaflet-marker-icon");
        await expect(marker).toHaveCount(1);
        // Dragging the marker south moves the latitude with it.
        const box = (await marker.boundingBox())!;
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width / 2 + 10, box.y + box.height / 2 + 60, { steps: 8 });
        await page.mouse.up();
        await expect.poll(async () => Number(await page.getByLabel("Latitude").inputValue())).toBeLessThan(latitude);
      } else {
        // No map without JavaScript: the coordinates are typed, and checked by the server.
        await expect(page.locator(".map--picker")).toHaveCount(0);
        await page.getByLabel("Latitude").fill("95");
        await page.getByLabel("Longitude").fill("-71.1611");
        await page.getByRole("button", { name: "Create place" }).click();
        await expect(page.getByText("The latitude must be a number from -90 to 90")).toBeVisible();
        // What was typed comes back with the message.
        await expect(page.getByLabel("Name in English")).toHaveValue(`${name} Airport`);
        await page.getByLabel("Latitude").fill("8.5822");
      }
      await page.getByRole("button", { name: "Create place" }).click();
      await expect(page.getByText("Changes made successfully")).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/places$/);
      await expect(page.getByRole("link", { name: `${name} Airport` })).toBeVisible();

      const offered = async () => {
        await page.goto("/search?l=en");
        return page
          .getByLabel("Pick-up location")
          .locator("option", { hasText: `${name} Airport` })
          .count();
      };
      // No car serves it yet: drivers are not offered an empty place (docs/domain.md#places).
      expect(await offered()).toBe(0);
      await page.goto("/locations?l=en");
      await expect(page.getByText(`${name} Airport`)).toHaveCount(0);
      // A car of the demo fleet starts serving it (the demo data's first car: Llanos's, available).
      const servedByCar = async (checked: boolean) => {
        await page.goto("/admin/cars/1?l=en");
        await page.getByLabel(`${name} Airport`).setChecked(checked);
        await page.getByRole("button", { name: "Save", exact: true }).click();
        await expect(page.getByText("Changes made successfully")).toBeVisible();
      };
      await servedByCar(true);

      // Drivers can choose it at once: the test server's one web process made the change (within
      // the catalogue cache's minute from any other process, docs/operations.md#scaling).
      expect(await offered()).toBe(1);
      // The car goes back to its own places, so the place can be deleted below.
      await servedByCar(false);

      await page.goto("/admin/places?l=en");
      await page.getByRole("link", { name: `${name} Airport` }).click();
      await expect(page.getByRole("heading", { name: `Place: ${name} Airport` })).toBeVisible();
      await page.getByLabel("Time zone").fill("America/Atlantis");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Unknown time zone: use an IANA name such as America/Caracas")).toBeVisible();
      await page.getByLabel("Time zone").fill("america/bogota");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Changes made successfully")).toBeVisible();
      await expect(page.getByLabel("Time zone")).toHaveValue("America/Bogota");

      await page.getByRole("link", { name: "Delete place" }).click();
      await expect(page.getByText("Are you sure you want to delete this place?")).toBeVisible();
      await page.getByRole("button", { name: "Yes, delete" }).click();
      await expect(page.getByText("Place deleted")).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/places$/);
      await expect(page.getByRole("link", { name: `${name} Airport` })).toHaveCount(0);
    });
  });
}

// JavaScript only: the supplier forms are rows of forms-without-javascript-back-office.spec.ts, activation one of forms-without-javascript.spec.ts; what these check is the server's (the invitation email, the search) (docs/operations.md#tests).
for (const mode of javaScriptOnly) {
  test.describe(`admin places and suppliers ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("an admin creates a supplier with a logo and invites staff, who activate through the email, sign in and reach the back office", async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(60_000);
      const supplierName = `Sierra Nevada Rentals ${tag()}`;
      const staffEmail = uniqueEmail("staff");
      await signInAsAdmin(page);
      await page.goto("/admin/suppliers?l=en");
      await page.getByRole("link", { name: "New supplier" }).click();

      await page.getByLabel("Name").fill(supplierName);
      await page.getByLabel("Contact email").fill("not-an-email");
      await page.getByLabel("Contact phone").fill("12ab");
      await page.getByRole("button", { name: "Create supplier" }).click();
      await expect(page.getByText("Invalid email address")).toBeVisible();
      await expect(page.getByText("Invalid phone number")).toBeVisible();

      // A text file calling itself a PNG: judged by its content.
      await page.getByLabel("Contact email").fill("reservas@sierra.example");
      await page.getByLabel("Contact phone").fill("+58 274 555 0101");
      await page
        .getByLabel("Logo")
        .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from("this is not a picture") });
      await page.getByRole("button", { name: "Create supplier" }).click();
      await expect(page.getByText("This file is not a picture: choose a JPEG, PNG, WebP or GIF image")).toBeVisible();
      await expect(page.getByLabel("Name")).toHaveValue(supplierName);

      const logo = await sharp({ create: { width: 400, height: 120, channels: 3, background: "#1d4e89" } })
        .png()
        .toBuffer();
      await page.getByLabel("Logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
      await page.getByRole("button", { name: "Create supplier" }).click();
      await expect(page.getByText("Changes made successfully")).toBeVisible();
      await expect(page.getByRole("heading", { name: `Supplier: ${supplierName}` })).toBeVisible();
      // Stored as the account phone rule keeps numbers: without separators.
      await expect(page.getByLabel("Contact phone")).toHaveValue("+582745550101");
      const src = await page.getByRole("img", { name: `${supplierName} logo` }).getAttribute("src");
      expect(src).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
      const image = await request.get(src!);
      expect(await sharp(await image.body()).metadata()).toMatchObject({ format: "webp", width: 60, height: 30 });
      await expect(page.getByText("No staff accounts yet.")).toBeVisible();

      // An address that already has an account is refused.
      await page.getByLabel("Full name").fill("Driver Again");
      await page.getByRole("textbox", { name: "Email", exact: true }).fill("driver@rueda.example");
      await page.getByRole("button", { name: "Send invitation" }).click();
      await expect(page.getByText("This email address is already registered")).toBeVisible();

      await page.getByLabel("Full name").fill("Ana Sierra");
      await page.getByRole("textbox", { name: "Email", exact: true }).fill(staffEmail);
      await page.getByLabel("Language of their emails").selectOption({ label: "English" });
      await page.getByRole("button", { name: "Send invitation" }).click();
      await expect(page.getByText(`Invitation sent to ${staffEmail}`)).toBeVisible();
      const row = page.getByRole("row").filter({ hasText: staffEmail });
      await expect(row).toContainText("Invited, not activated yet");

      // The invited person: the emailed link, a password of their choosing, then the back office.
      const [email] = await waitForEmails(request, staffEmail, { match: (e) => e.text.includes("/activate") });
      // Its own invitation, not the sign-up email: who invited them, to which supplier, as what.
      expect(email.subject).toBe(`Ana Administradora invited you to ${supplierName} on Rueda`);
      expect(email.text).toContain("Invited by: Ana Administradora");
      expect(email.text).toContain(`Supplier: ${supplierName}`);
      expect(email.text).toContain("Role: Supplier staff");
      const staff = await otherBrowser(browser, mode.javaScriptEnabled);
      try {
        await staff.page.goto(`${linkFrom(email, "/activate")}&l=en`);
        await staff.page.getByLabel("Password", { exact: true }).fill(STAFF_PASSWORD);
        await staff.page.getByLabel("Confirm password").fill(STAFF_PASSWORD);
        await staff.page.getByRole("button", { name: "Activate my account" }).click();
        await expect(staff.page.getByText("Your account is activated.")).toBeVisible();
        await staff.page.getByRole("button", { name: "Sign out" }).click();
        await expect(staff.page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
        await signedInAs(staff.page, staffEmail, STAFF_PASSWORD);
        await staff.page.goto("/admin?l=en");
        const menu = staff.page.getByRole("navigation", { name: "Back office" });
        await expect(menu.getByRole("link", { name: "Cars" })).toBeVisible();
        // Staff, not an admin: the suppliers section is not theirs.
        await expect(menu.getByRole("link", { name: "Suppliers" })).toHaveCount(0);
        expect((await staff.page.goto("/admin/suppliers?l=en"))!.status()).toBe(403);

        await page.reload();
        await expect(row).toContainText("Active");

        // Removed: signed out at once.
        await page.getByRole("link", { name: "Remove Ana Sierra" }).click();
        await expect(page.getByText(`Remove Ana Sierra (${staffEmail})?`)).toBeVisible();
        await page.getByRole("button", { name: "Yes, remove" }).click();
        await expect(page.getByText("Staff account removed")).toBeVisible();
        await expect(page.getByText("No staff accounts yet.")).toBeVisible();
        await staff.page.goto("/admin?l=en");
        await expect(staff.page).toHaveURL(/\/sign-in/);
      } finally {
        await staff.context.close();
      }
    });

    test("deactivating a supplier hides its cars from the search until it is active again", async ({
      page,
      browser,
    }) => {
      const driver = await otherBrowser(browser, mode.javaScriptEnabled);
      await driver.page.goto("/?l=en");
      await driver.page.getByLabel("Pick-up location").selectOption({ label: MERIDA });
      await driver.page.getByLabel("Pick-up date and time").fill(caracas(12, "10:00"));
      await driver.page.getByLabel("Drop-off date and time").fill(caracas(15, "10:00"));
      await driver.page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(driver.page.getByText(/\d+ cars? available/)).toBeVisible();
      const searchUrl = driver.page.url();
      const andesCars = driver.page.locator(".car-card__supplier", { hasText: ANDES });
      await expect(andesCars.first()).toBeVisible();

      await signInAsAdmin(page);
      await page.goto("/admin/suppliers?l=en");
      await page.getByRole("link", { name: ANDES }).click();
      const active = page.getByLabel("Active", { exact: true });
      try {
        await active.uncheck();
        await page.getByRole("button", { name: "Save" }).click();
        await expect(page.getByText("Changes made successfully")).toBeVisible();
        await expect(page.getByText("This supplier is inactive")).toBeVisible();

        // Its cars leave the search at once, and so does Mérida, which only Andes serves
        // (docs/domain.md: a place is public while an available car of an active supplier serves
        // it): the test server's one web process made the change (another process would offer it
        // for up to the catalogue cache's minute, docs/operations.md#scaling).
        await driver.page.goto(searchUrl);
        await expect(andesCars).toHaveCount(0);
        await expect(driver.page.getByLabel("Pick-up location").locator("option", { hasText: MERIDA })).toHaveCount(0);
      } finally {
        // The demo supplier is active again for every later test, whatever happened above.
        await page.goto(page.url());
        if (!(await active.isChecked())) {
          await active.check();
          await page.getByRole("button", { name: "Save" }).click();
          await expect(page.getByText("Changes made successfully")).toBeVisible();
        }
      }
      await driver.page.goto(searchUrl);
      await expect(andesCars.first()).toBeVisible();
      await expect(driver.page.getByLabel("Pick-up location").locator("option", { hasText: MERIDA })).toHaveCount(1);
      await driver.context.close();
    });
  });
}

/*
 * A place in use is the server's to keep, the same with JavaScript on or off; the delete form is submitted without JavaScript above (docs/operations.md#tests).
 */
test.describe("admin places: the server's rules", () => {
  test("a place in use cannot be deleted, and says why", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/admin/places?l=en");
    await page.getByRole("link", { name: "Maiquetía Airport (CCS)" }).click();
    await page.getByRole("link", { name: "Delete place" }).click();
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "This place is in use and was not deleted" })).toBeVisible();
    await page.goto("/admin/places?l=en");
    await expect(page.getByRole("link", { name: "Maiquetía Airport (CCS)" })).toBeVisible();
  });
});
