import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import * as schema from "../../db/schema";
import { createBooking } from "../factories";
import { seedDatabase, signedInDriver as signUp } from "./seed-database";
import { expect, jsModes, test } from "./support";

/*
 * Notifications are written by bookings, which this suite does not drive: it writes them
 * straight into the app's database.
 */
const database = seedDatabase("notifications");

const signedInDriver = (page: Page) =>
  signUp(page, database(), { fullName: "Nora Driver", password: "notif-pass1", emailPrefix: "notif" });

/**
 * Three unread notifications, oldest first: two status changes and a confirmation with its
 * booking. The booking is a cancelled one on a demo car, so it blocks nothing and adds no
 * place, brand or car that other tests count.
 */
async function seedNotifications(userId: number) {
  const [link] = await database()
    .select({
      carId: schema.carLocations.carId,
      locationId: schema.carLocations.locationId,
      supplierId: schema.cars.supplierId,
    })
    .from(schema.carLocations)
    .innerJoin(schema.cars, eq(schema.cars.id, schema.carLocations.carId))
    .limit(1);
  const startsAt = new Date(Date.now() + 30 * 86_400_000);
  const booking = await createBooking(database(), {
    ...link,
    driverId: userId,
    status: "cancelled",
    startsAt,
    endsAt: new Date(startsAt.getTime() + 2 * 86_400_000),
  });
  const now = Date.now();
  await database()
    .insert(schema.notifications)
    .values([
      {
        userId,
        messageKey: "notifications:messages.statusChanged",
        params: { reference: "OLDEST1", status: "paid" },
        createdAt: new Date(now - 3 * 60_000),
      },
      {
        userId,
        messageKey: "notifications:messages.statusChanged",
        params: { reference: "MIDDLE2", status: "cancelled" },
        createdAt: new Date(now - 2 * 60_000),
      },
      {
        userId,
        bookingId: booking.id,
        messageKey: "notifications:messages.bookingConfirmed",
        params: { reference: "NEWEST3", car: "Fiat Uno" },
        createdAt: new Date(now - 60_000),
      },
    ]);
  return booking.id;
}

const counter = (page: Page, unread: number) =>
  expect(
    page
      .getByRole("banner")
      .getByRole(
        "link",
        unread > 0 ? { name: `Notifications, ${unread} unread` } : { name: "Notifications", exact: true },
      ),
  ).toBeVisible();
const item = (page: Page, reference: string) =>
  page.getByRole("list", { name: "Your notifications" }).getByRole("listitem").filter({ hasText: reference });

for (const mode of jsModes) {
  test.describe(`notifications ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("the list, its header counter, marking read and unread, deleting with confirmation", async ({ page }) => {
      // Many round trips: room for a busy machine.
      test.setTimeout(60_000);
      const userId = await signedInDriver(page);
      const bookingId = await seedNotifications(userId);

      await page.goto("/?l=en");
      await counter(page, 3);
      await page.getByRole("banner").getByRole("link", { name: "Notifications, 3 unread" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();

      // Newest first, translated, the status by its label, a link to the booking.
      const items = page.getByRole("list", { name: "Your notifications" }).getByRole("listitem");
      await expect(items).toHaveCount(3);
      await expect(items.nth(0)).toContainText(
        "Your booking NEWEST3 for the Fiat Uno is confirmed. You pay at the counter.",
      );
      await expect(items.nth(1)).toContainText("Booking MIDDLE2 is now: Cancelled.");
      await expect(items.nth(2)).toContainText("Booking OLDEST1 is now: Paid.");
      await expect(items.nth(0).getByRole("link", { name: "View booking" })).toHaveAttribute(
        "href",
        `/booking?b=${bookingId}`,
      );

      await item(page, "OLDEST1").getByRole("button", { name: "Mark as read" }).click();
      await counter(page, 2);
      await expect(item(page, "OLDEST1").getByRole("button", { name: "Mark as unread" })).toBeVisible();
      await expect(page.getByText("Notifications updated")).toBeAttached();

      await page.getByRole("button", { name: "Mark all as read" }).click();
      await counter(page, 0);
      await expect(page.getByRole("button", { name: "Mark as read" })).toHaveCount(0);

      await page.getByRole("button", { name: "Mark all as unread" }).click();
      await counter(page, 3);
      await item(page, "OLDEST1").getByRole("button", { name: "Mark as read" }).click();
      await counter(page, 2);
      await item(page, "OLDEST1").getByRole("button", { name: "Mark as unread" }).click();
      await counter(page, 3);

      // Deleting one asks first; cancelling keeps it.
      await item(page, "MIDDLE2").getByRole("link", { name: "Delete" }).click();
      await expect(page.getByText("Delete this notification?")).toBeVisible();
      await page.getByRole("link", { name: "Cancel" }).click();
      await expect(page.getByText("Delete this notification?")).toHaveCount(0);
      await expect(items).toHaveCount(3);
      await item(page, "MIDDLE2").getByRole("link", { name: "Delete" }).click();
      await page.getByRole("button", { name: "Yes, delete" }).click();
      await expect(page.getByText("Notification deleted")).toBeAttached();
      await expect(items).toHaveCount(2);
      await expect(item(page, "MIDDLE2")).toHaveCount(0);
      await counter(page, 2);

      await page.getByRole("link", { name: "Delete all" }).click();
      await expect(page.getByText("Delete all your notifications? This cannot be undone.")).toBeVisible();
      await page.getByRole("button", { name: "Yes, delete" }).click();
      await expect(page.getByText("All notifications deleted")).toBeAttached();
      await expect(page.getByText("No notifications")).toBeVisible();
      await counter(page, 0);
    });
  });
}

/*
 * A forged form is the server's to refuse, the same with JavaScript on or off; the forms themselves are submitted without JavaScript above (docs/operations.md#tests).
 */
test.describe("notifications: the server's rules", () => {
  test("someone else's notification cannot be changed or deleted by a forged form", async ({ page, browser }) => {
    const victim = await browser.newContext();
    const victimPage = await victim.newPage();
    const victimId = await signedInDriver(victimPage);
    await seedNotifications(victimId);
    const [theirs] = await database()
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.userId, victimId))
      .limit(1);
    await victim.close();

    await signedInDriver(page);
    await page.goto("/notifications?l=en");
    await expect(page.getByText("No notifications")).toBeVisible();
    for (const form of [
      { intent: "read", id: String(theirs.id) },
      { intent: "delete", id: String(theirs.id) },
    ]) {
      const response = await page.request.post("/notifications", {
        form,
        maxRedirects: 0,
        headers: { Origin: new URL(page.url()).origin },
      });
      expect(response.status()).toBe(302);
    }
    const [after] = await database().select().from(schema.notifications).where(eq(schema.notifications.id, theirs.id));
    expect(after).toMatchObject({ id: theirs.id, isRead: false });
  });
});

test("the header's counter and Bookings link at 390 px, in Greek, menu without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const userId = await signedInDriver(page);
  await seedNotifications(userId);
  await page.goto("/notifications?l=el");
  await expect(page.getByRole("heading", { level: 1, name: "Ειδοποιήσεις" })).toBeVisible();
  await expect(page.getByText("Η κράτηση OLDEST1 είναι τώρα: Πληρώθηκε.")).toBeVisible();
  const link = page.getByRole("banner").getByRole("link", { name: "Ειδοποιήσεις, 3 μη αναγνωσμένες" });
  await expect(link).toBeVisible();
  const box = (await link.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.getByRole("banner").getByText("Μενού").click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Κρατήσεις" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});
