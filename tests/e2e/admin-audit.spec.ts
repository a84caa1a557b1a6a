import type { Page } from "@playwright/test";
import { sql } from "drizzle-orm";
import { ADMIN, adminAccount, awaitingTransfer, carOf, DEMO_PASSWORD, marker } from "./admin-fixtures";
import { seedDatabase } from "./seed-database";
import { expect, javaScriptOnly, test, uniqueEmail } from "./support";
import { signedInAs } from "./sign-in";

/*
 * The audit log (docs/domain.md#audit) as admins read it: a back-office change made through its
 * page (an admin approving a pago móvil transfer) shows who, when, what and before → after; amounts
 * in dollars; subjects linked to their pages; filters by subject, person and dates; 30 a page.
 */
const getDb = seedDatabase("staff, a car with a transfer awaiting verification, and audit entries");

async function signedIn(page: Page, email: string) {
  await signedInAs(page, email, DEMO_PASSWORD);
}

async function filterLog(page: Page, filters: { subject?: string; actor?: string; from?: string; to?: string }) {
  await page.goto("/admin/audit?l=en");
  if (filters.subject) await page.getByLabel("Subject").selectOption({ label: filters.subject });
  if (filters.actor) await page.getByLabel("Who (email)").fill(filters.actor);
  if (filters.from) await page.getByLabel("From").fill(filters.from);
  if (filters.to) await page.getByLabel("To").fill(filters.to);
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/audit\?/);
}

/** A calendar day in Caracas, `days` from today. */
const caracasDay = (days: number) =>
  new Date(Date.now() - 4 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

// JavaScript only: the approval it audits is submitted without JavaScript in payment-mobile-verification.spec.ts; what it checks is the server's record (docs/operations.md#tests).
for (const mode of javaScriptOnly) {
  test.describe(`audit log ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });
    test.describe.configure({ timeout: 90_000 });

    test("an admin approving a transfer is recorded: who, when, what, before → after, found by the filters", async ({
      page,
    }) => {
      const db = getDb();
      // Only admins approve transfers (docs/security.md#payments); a new one, so the log has one entry of theirs.
      const staff = await adminAccount(db, "Admin approver");
      const carId = await carOf(db, "llanos", `Audit ${marker("CAR")}`);
      const reference = marker("AU").slice(0, 16);
      const { paymentId } = await awaitingTransfer(db, carId, reference, String(Date.now()).slice(-9));

      await signedIn(page, staff.email);
      await page.goto("/admin/payments?order=newest&l=en");
      await page.getByRole("button", { name: `Approve the payment for booking ${reference}` }).click();
      await expect(page.getByRole("status").filter({ hasText: "Payment approved" })).toBeVisible();

      await page.context().clearCookies();
      await signedIn(page, ADMIN);
      await filterLog(page, { actor: staff.email });
      await expect(page.getByText("1 entry", { exact: true })).toBeVisible();
      const entry = page.getByRole("row").filter({ hasText: staff.email });
      await expect(entry).toContainText("Admin approver");
      await expect(entry).toContainText("Pago móvil approved");
      await expect(entry).toContainText(`Payment #${paymentId}`);
      await expect(entry).toContainText(reference);
      await expect(entry).toContainText("Status");
      await expect(entry).toContainText("pending → succeeded");
      const when = (await entry.locator("time").textContent())!;
      // Written a moment ago, on Caracas' wall clock (UTC-4).
      const caracasNow = new Date(Date.now() - 4 * 3_600_000).getTime();
      expect(Math.abs(new Date(`${when.replace(" ", "T")}:00Z`).getTime() - caracasNow)).toBeLessThan(5 * 60_000);

      // The same entry under its subject and dates, and not under another subject or another day.
      await filterLog(page, { subject: "Payment", actor: staff.email, from: caracasDay(0), to: caracasDay(0) });
      await expect(page.getByRole("row").filter({ hasText: reference })).toBeVisible();
      await filterLog(page, { subject: "Car", actor: staff.email });
      await expect(page.getByText("Nothing matches these filters.")).toBeVisible();
      await filterLog(page, { actor: staff.email, from: caracasDay(1) });
      await expect(page.getByText("Nothing matches these filters.")).toBeVisible();
      await page.getByRole("link", { name: "Clear filters" }).click();
      await expect(page).toHaveURL(/\/admin\/audit$/);
    });
  });
}

test("amounts read in dollars, subjects link to their page, and the log pages by 30", async ({ page }) => {
  const db = getDb();
  const carName = `Audit ${marker("CAR")}`;
  const carId = await carOf(db, "llanos", carName);
  const actor = uniqueEmail("auditor");
  const [{ id: actorId }] = (await db.execute(sql`
    insert into users (email, full_name, type, activated, password_hash, language)
    select ${actor}, 'Ada Auditor', 'admin', true, password_hash, 'en' from users where email = ${ADMIN}
    returning id`)) as unknown as Array<{ id: number }>;
  // What the cars section records when a car's price changes, then 30 older entries of the same person.
  await db.execute(sql`
    insert into audit_log (actor_id, action, subject_type, subject_id, changes, created_at)
    select ${actorId}, 'settings.rate', 'settings', null, ${JSON.stringify({ usdToBsRate: ["245.5", "250"] })}::jsonb, now() - make_interval(mins => n)
    from generate_series(1, 30) as n`);
  await db.execute(sql`
    insert into audit_log (actor_id, action, subject_type, subject_id, changes)
    values (${actorId}, 'car.update', 'car', ${carId}, ${JSON.stringify({ dailyPriceCents: [4500, 5250], payLater: [false, true], image: ["/media/a.webp", null] })}::jsonb)`);

  await signedIn(page, ADMIN);
  await filterLog(page, { actor });
  await expect(page.getByText("31 entries", { exact: true })).toBeVisible();
  const rows = page.getByRole("row").filter({ hasText: actor });
  await expect(rows).toHaveCount(30);
  const newest = rows.first();
  await expect(newest).toContainText("Car changed");
  await expect(newest).toContainText("Daily price$45 → $52.50");
  await expect(newest).toContainText("Pay later allowedNo → Yes");
  await expect(newest).toContainText("Image/media/a.webp → (empty)");
  await expect(newest).toContainText(carName);
  await expect(newest.getByRole("link", { name: `Car #${carId}` })).toHaveAttribute("href", `/admin/cars/${carId}`);

  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page).toHaveURL(/actor=/);
  await expect(page.getByRole("row").filter({ hasText: actor })).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: actor })).toContainText("Bs/USD rate245.5 → 250");
});

test("supplier staff cannot read the audit log", async ({ page }) => {
  await signedIn(page, "staff@llanos.example");
  const response = await page.goto("/admin/audit?l=en");
  expect(response?.status()).toBe(403);
});
