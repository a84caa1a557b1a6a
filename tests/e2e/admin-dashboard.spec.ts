import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { caracas, expect, javaScriptOnly, test } from "./support";
import { signedInAs } from "./sign-in";

/*
 * The back office's overview over the demo data (db/seed-data.ts: RD-DEMO1 pending at Llanos,
 * RD-DEMO2 paid at Caribe, RD-DEMO3 reserved at Andes, RD-DEMO4 cancelled at Margarita,
 * RD-DEMO5 deposit paid at Orinoco): the dashboard's charts (docs/domain.md#dashboard), the
 * fleet calendar (#fleet-calendar) and the bookings list's CSV export (#bookings-export), for
 * an admin and for Llanos's staff, who see their supplier's only (docs/security.md#back-office).
 */
const PASSWORD = "Rueda2026!";
const ADMIN = "admin@rueda.example";
const STAFF = "staff@llanos.example";
const LLANOS = "Llanos Rent a Car";
const OTHER_SUPPLIERS_BOOKINGS = ["RD-DEMO2", "RD-DEMO3", "RD-DEMO4", "RD-DEMO5"];

async function signIn(page: Page, email: string) {
  await signedInAs(page, email, PASSWORD);
}

/** A chart's figures from its text equivalent (the visually hidden table named after the chart). */
async function chartFigures(page: Page, title: string): Promise<Record<string, string>> {
  const table = page.getByRole("table", { name: `${title}: the figures` });
  await expect(table).toHaveCount(1);
  const rows = await table
    .locator("tbody tr")
    .evaluateAll((trs) =>
      trs.map((tr) => [tr.querySelector("th")?.textContent ?? "", tr.querySelector("td")?.textContent ?? ""]),
    );
  return Object.fromEntries(rows);
}

const bookingsTotal = (figures: Record<string, string>) =>
  Object.values(figures).reduce((sum, n) => sum + Number(n.replace(/,/g, "")), 0);

/** Downloads the list's CSV with the link on the page; its text without the byte order mark, its rows split into cells. */
async function downloadCsv(page: Page): Promise<{ bom: boolean; header: string[]; rows: string[][] }> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^rueda-bookings-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path())!);
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const [header, ...rows] = bytes
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean)
    // The demo data holds no comma or quote in a cell.
    .map((line) => line.split(","));
  return { bom, header, rows };
}

/** The month of RD-DEMO1's pick-up (ten days from now, 10:00 in Caracas), as the month input writes it. */
const demo1Month = () => caracas(10, "10:00").slice(0, 7);

const barOf = (page: Page, reference: string): Locator =>
  page.getByRole("link", { name: new RegExp(`^Booking ${reference}, `) });

for (const mode of javaScriptOnly) {
  test.describe(`back-office overview ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("the admin's dashboard charts the seeded bookings, revenue, occupancy and payments to verify", async ({
      page,
    }) => {
      await signIn(page, ADMIN);
      await page.goto("/admin?l=en");
      await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
      await expect(page.getByText("Figures for the whole marketplace.")).toBeVisible();

      const statuses = await chartFigures(page, "Bookings by status");
      expect(Object.keys(statuses)).toEqual([
        "Awaiting payment online",
        "Pending payment",
        "Deposit paid",
        "Paid",
        "Reserved",
        "Cancelled",
      ]);
      for (const status of ["Pending payment", "Deposit paid", "Paid", "Reserved", "Cancelled"])
        expect(Number(statuses[status])).toBeGreaterThanOrEqual(1);

      const revenue = await chartFigures(page, "Revenue per month");
      expect(Object.keys(revenue)).toHaveLength(12);
      // RD-DEMO2 ($157.50, paid) was made when the demo data was loaded: this month.
      expect(Object.values(revenue).at(-1)).toMatch(/^\$[\d,]+(\.\d\d)?$/);
      expect(Object.values(revenue).at(-1)).not.toBe("$0");

      await expect(page.getByRole("heading", { name: "Fleet occupancy, next 30 days" })).toBeVisible();
      await expect(page.getByText(/^\d+% booked$/)).toBeVisible();
      await expect(page.getByText(/car-days, \d+ available cars\.$/)).toBeVisible();

      await expect(page.getByRole("heading", { name: "Payments awaiting verification" })).toBeVisible();
      await page.getByRole("link", { name: "Verify payments" }).click();
      await expect(page).toHaveURL(/\/admin\/payments$/);
    });

    test("the fleet calendar shows a seeded booking as a bar that links to it", async ({ page }) => {
      await signIn(page, ADMIN);
      await page.goto("/admin/calendar?l=en");
      await expect(page.getByRole("heading", { name: "Fleet calendar", level: 1 })).toBeVisible();
      for (const status of ["Awaiting payment online", "Pending payment", "Deposit paid", "Paid", "Reserved"]) {
        await expect(page.getByRole("list", { name: "Statuses" }).getByText(status, { exact: true })).toBeVisible();
      }

      await page.getByLabel("Month", { exact: true }).fill(demo1Month());
      await page.getByLabel("Supplier").selectOption({ label: LLANOS });
      await page.getByRole("button", { name: "Show" }).click();
      await expect(page).toHaveURL(new RegExp(`month=${demo1Month()}&supplier=\\d+`));
      const bar = barOf(page, "RD-DEMO1");
      await expect(bar).toHaveText(/RD-DEMO1 · Pending payment/);
      await expect(bar).toHaveAccessibleName(
        /^Booking RD-DEMO1, Pending payment, Daniela Conductora: \d{4}-\d\d-\d\d 10:00 to \d{4}-\d\d-\d\d 10:00/,
      );
      // Another supplier's booking is not among Llanos's cars.
      await expect(barOf(page, "RD-DEMO4")).toHaveCount(0);

      await page.getByRole("link", { name: "Next month" }).click();
      await expect(barOf(page, "RD-DEMO1")).toHaveCount(0);
      await page.getByRole("link", { name: "Previous month" }).click();
      await barOf(page, "RD-DEMO1").click();
      await expect(page.getByRole("heading", { name: "Booking RD-DEMO1" })).toBeVisible();
    });

    test("the bookings list searches and its CSV export keeps the filters", async ({ page }) => {
      await signIn(page, ADMIN);
      await page.goto("/admin/bookings?l=en");
      await expect(page.getByRole("heading", { name: "Bookings", level: 1 })).toBeVisible();

      await page.getByLabel("Status", { exact: true }).selectOption({ label: "Paid" });
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL(/status=paid/);
      await expect(page.getByRole("link", { name: "View booking RD-DEMO2" })).toBeVisible();
      await expect(page.getByRole("link", { name: "View booking RD-DEMO1" })).toHaveCount(0);

      const paid = await downloadCsv(page);
      expect(paid.bom).toBe(true);
      expect(paid.header).toEqual([
        "Reference",
        "Status",
        "Car",
        "Supplier",
        "Driver",
        "Driver email",
        "Pick-up place",
        "Pick-up",
        "Pick-up time zone",
        "Drop-off place",
        "Drop-off",
        "Drop-off time zone",
        "Days",
        "Total (USD)",
        "Payment method",
      ]);
      const demo2 = paid.rows.find((row) => row[0] === "RD-DEMO2");
      expect(demo2).toEqual([
        "RD-DEMO2",
        "Paid",
        "Chevrolet Aveo",
        "Caribe Autos",
        "Daniela Conductora",
        "driver@rueda.example",
        expect.any(String),
        expect.stringMatching(/^\d{4}-\d\d-\d\d 10:00$/),
        "America/Caracas",
        expect.any(String),
        expect.stringMatching(/ 10:00$/),
        "America/Caracas",
        "5",
        "157.50",
        "Card",
      ]);
      expect(paid.rows.every((row) => row[1] === "Paid")).toBe(true);

      await page.getByLabel("Status", { exact: true }).selectOption({ label: "Any status" });
      await page.getByLabel("Reference, driver name or email").fill("rd-demo3");
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL(/q=rd-demo3/);
      await expect(page.getByRole("link", { name: "View booking RD-DEMO3" })).toBeVisible();
      await expect(page.getByText("1 booking", { exact: true })).toBeVisible();
      const searched = await downloadCsv(page);
      expect(searched.rows.map((row) => row[0])).toEqual(["RD-DEMO3"]);
    });

    test("Llanos's staff count only Llanos's bookings on the dashboard", async ({ page, browser }) => {
      // Two accounts sign in (two password hashes on a shared machine): more than one test's time.
      test.slow();
      // The admin's count first, to compare: staff count none of the other suppliers' bookings.
      const adminPage = await browser.newPage({ javaScriptEnabled: mode.javaScriptEnabled });
      await signIn(adminPage, ADMIN);
      await adminPage.goto("/admin?l=en");
      const everyone = bookingsTotal(await chartFigures(adminPage, "Bookings by status"));
      await adminPage.close();

      await signIn(page, STAFF);
      await page.goto("/admin?l=en");
      await expect(page.getByText("Figures for your company's bookings and cars.")).toBeVisible();
      const own = bookingsTotal(await chartFigures(page, "Bookings by status"));
      expect(own).toBeGreaterThanOrEqual(1);
      expect(own).toBeLessThanOrEqual(everyone - OTHER_SUPPLIERS_BOOKINGS.length);
    });

    test("Llanos's staff see only Llanos's bookings and cars in the list, the CSV and the calendar", async ({
      page,
    }) => {
      await signIn(page, STAFF);
      await page.goto("/admin/bookings?l=en");
      await expect(page.getByLabel("Supplier")).toHaveCount(0);
      await expect(page.getByRole("link", { name: "View booking RD-DEMO1" })).toBeVisible();
      for (const reference of OTHER_SUPPLIERS_BOOKINGS)
        await expect(page.getByRole("link", { name: `View booking ${reference}` })).toHaveCount(0);
      const csv = await downloadCsv(page);
      expect(csv.rows.map((row) => row[0])).toContain("RD-DEMO1");
      expect(csv.rows.every((row) => row[3] === LLANOS)).toBe(true);

      // A forged supplier filter shows nothing of that supplier: the calendar ignores it, the export finds nothing.
      // Supplier 2 is another demo supplier (Llanos, the first, is 1).
      const forgedSupplier = 2;
      await page.goto(`/admin/calendar?l=en&month=${demo1Month()}&supplier=${forgedSupplier}`);
      await expect(barOf(page, "RD-DEMO1")).toBeVisible();
      const suppliers = await page.locator(".fleet-calendar__supplier").allTextContents();
      expect(suppliers.length).toBeGreaterThan(0);
      expect(new Set(suppliers)).toEqual(new Set([LLANOS]));
      for (const reference of OTHER_SUPPLIERS_BOOKINGS) await expect(barOf(page, reference)).toHaveCount(0);
      const forged = await page.request.get(`/admin/bookings/export?supplier=${forgedSupplier}`);
      expect(forged.status()).toBe(200);
      const lines = (await forged.text()).split("\r\n").filter(Boolean);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^\uFEFFReference,/);
    });
  });
}

test("visitors are sent to sign in and drivers find no back office", async ({ page }) => {
  for (const path of ["/admin", "/admin/bookings", "/admin/bookings/export", "/admin/calendar"]) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toMatch(/^\/sign-in\?/);
  }
  await signIn(page, "driver@rueda.example");
  for (const path of ["/admin", "/admin/bookings", "/admin/bookings/export", "/admin/calendar?month=2026-11"]) {
    expect((await page.request.get(path, { maxRedirects: 0 })).status()).toBe(404);
  }
});
