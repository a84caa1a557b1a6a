import { carOf, marker, pickingUpSoon, staffOf } from "./admin-fixtures";
import { seedDatabase } from "./seed-database";
import { expect, jsModes, test } from "./support";
import { signedInAs } from "./sign-in";

/*
 * The counter's first slice (docs/domain.md#counter) on a phone, as the demo supplier's staff:
 * a car gets its plate (a plate another of the supplier's cars has is refused), today's pick-up
 * is on "Today at the counter" with that plate, and its booking takes an internal note. Another
 * supplier's staff neither see the entry nor reach the booking (404).
 */
const PASSWORD = "Rueda2026!";
const STAFF = "staff@llanos.example";

const db = seedDatabase("a car and a booking picking up within the hour");

test.use({ viewport: { width: 390, height: 844 } });

for (const mode of jsModes) {
  test.describe(mode.name, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("staff set a car's plate, find today's pick-up at the counter and leave an internal note", async ({
      page,
      browser,
    }) => {
      const name = marker("Counter Spark ");
      const [carId, otherCarId] = [await carOf(db(), "llanos", name), await carOf(db(), "llanos", `${name} 2`)];
      const reference = marker("RD-C").slice(0, 16);
      const bookingId = await pickingUpSoon(db(), carId, reference);
      const plate = `P${marker("").slice(-5)}7`;

      await signedInAs(page, STAFF, PASSWORD);

      // Another car of the supplier already has the plate: refused, said next to the field.
      await page.goto(`/admin/cars/${otherCarId}?l=en`);
      await page.getByLabel("Plate number").fill(plate.toLowerCase());
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText("Changes made successfully")).toBeVisible();
      await page.goto(`/admin/cars/${carId}?l=en`);
      await page.getByLabel("Plate number").fill(`${plate.slice(0, 3)}-${plate.slice(3)}`);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText("Another car of this supplier already has this plate number").first()).toBeVisible();
      // Its own plate is saved.
      await page.getByLabel("Plate number").fill(`${plate.slice(0, 3)}${plate.slice(3, 6).replace(/./g, "8")}`);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText("Changes made successfully")).toBeVisible();
      const ownPlate = `${plate.slice(0, 3)}888`;
      await expect(page.getByLabel("Plate number")).toHaveValue(ownPlate);

      // Today at the counter, from the back office's menu: the pick-up with its driver, car and plate.
      await page.goto("/admin?l=en");
      await page.getByRole("link", { name: "Today at the counter" }).first().click();
      await expect(page.getByRole("heading", { name: "Today at the counter", level: 1 })).toBeVisible();
      const entry = page.locator("li.counter__entry").filter({ hasText: reference });
      await expect(entry).toContainText("Daniela Conductora");
      await expect(entry).toContainText(`${name} · ${ownPlate}`);
      await entry.getByRole("link", { name: new RegExp(`· ${reference}`) }).click();
      await expect(page.getByRole("heading", { name: new RegExp(reference), level: 1 })).toBeVisible();

      // An internal note, listed with its author.
      await page.getByLabel("New note").fill("Flight AV1234 lands 40 minutes late.");
      await page.getByRole("button", { name: "Add note" }).click();
      await expect(page.getByText("Note added.")).toBeVisible();
      const notes = page.getByRole("region", { name: "Internal notes" });
      await expect(notes).toContainText("Flight AV1234 lands 40 minutes late.");
      await expect(notes).toContainText("Luis Llanos");

      // The bookings list as the counter works it on a phone, where the table's headers are not
      // shown: the day's pick-ups, ordered by the "Sort by" select.
      const pickupDay = new Date(Date.now() + 50 * 60_000 - 4 * 3_600_000).toISOString().slice(0, 10);
      await page.goto("/admin/bookings?l=en");
      await page.getByLabel("Picks up on").fill(pickupDay);
      await page.getByLabel("Sort by").selectOption({ label: "Pick-up, latest first" });
      await page.getByRole("button", { name: "Filter", exact: true }).click();
      await expect(page).toHaveURL(/order=pickup\.desc/);
      await expect(page.getByText(reference).first()).toBeVisible();
      await expect(page.getByLabel("Sort by")).toHaveValue("pickup.desc");

      // Another supplier's staff: no entry at their counter, and the booking is missing (404).
      const other = await staffOf(db(), "caribe");
      const context = await browser.newContext({
        javaScriptEnabled: mode.javaScriptEnabled,
        viewport: { width: 390, height: 844 },
      });
      const otherPage = await context.newPage();
      await signedInAs(otherPage, other.email, PASSWORD);
      await otherPage.goto("/admin/counter?l=en");
      await expect(otherPage.getByRole("heading", { name: "Today at the counter", level: 1 })).toBeVisible();
      await expect(otherPage.getByText(reference)).toHaveCount(0);
      expect((await otherPage.goto(`/booking?b=${bookingId}`))?.status()).toBe(404);
      const note = await otherPage.request.post(`/booking?b=${bookingId}`, {
        form: { intent: "add-note", note: "Not mine" },
        maxRedirects: 0,
      });
      expect(note.status()).toBe(404);
      await context.close();
    });
  });
}
