import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import * as schema from "../../db/schema";
import { pdfText } from "../pdf-text";
import { carOf, clientAs, DEMO_PASSWORD, DRIVER, marker } from "./admin-fixtures";
import { seedDatabase } from "./seed-database";
import { expect, jsModes, test, waitForEmails } from "./support";
import { signedInAs } from "./sign-in";

/*
 * The return at the counter (docs/domain.md#return, #final-bill) on a phone, as the demo
 * supplier's staff: the issue's acceptance return (app/modules/pricing/final-bill.fixture.ts) —
 * 3 days at $28 with 150 km a day, $0.25 per extra km, Llanos's $5 an eighth and 59 minutes'
 * grace, a $150 deposit — comes back with 3/8 less fuel, 150 km over the allowance and 3 hours
 * late. The booking page shows each line and the deposit's settlement, the driver's final receipt
 * names them, and the driver's email arrives with it. The return's walk-around (docs/domain.md#inspection)
 * adds a photo and a new damage mark beside the pick-up's; the booking page shows both inspections
 * and the pick-up and the return among its history's rows. Staff then settle and close the rental
 * (docs/domain.md#closing).
 */
const STAFF = "staff@llanos.example";
const db = seedDatabase("a car picked up three days ago, due back three hours ago");

test.use({ viewport: { width: 390, height: 844 } });

/** A paid 3-day booking of car `carId` by the demo driver, picked up (its rental `out`) and due back 3 hours ago. */
async function overdueRental(carId: number, reference: string): Promise<number> {
  const result = (await db().execute(
    sql`insert into bookings (reference, car_id, supplier_id, driver_id, pickup_location_id, dropoff_location_id, starts_at, ends_at,
          status, days, price_cents, breakdown, payment_method)
        select ${reference}, c.id, c.supplier_id, (select id from users where email = ${DRIVER}), cl.location_id, cl.location_id,
          date_trunc('minute', now()) - interval '3 days 3 hours', date_trunc('minute', now()) - interval '3 hours', 'paid', 3, 8400,
          jsonb_build_object('days', 3, 'dailyPriceCents', 2800, 'options', '{}'::jsonb, 'subtotalCents', 8400,
            'payLaterFeePercent', 0, 'totalCents', 8400, 'deposit', jsonb_build_object('cents', 15000, 'method', 'cardHold')),
          'cardPayment'
        from cars c join car_locations cl on cl.car_id = c.id where c.id = ${carId}
        order by cl.location_id limit 1
        returning id`,
  )) as unknown as Array<{ id: number }> | { rows: Array<{ id: number }> };
  const id = (Array.isArray(result) ? result : result.rows)[0].id;
  await db().execute(sql`insert into payments (booking_id, method, status, amount_cents, provider_reference)
    values (${id}, 'cardPayment', 'succeeded', 8400, ${`demo:${reference}`})`);
  await db()
    .execute(sql`insert into rentals (booking_id, picked_up_at, odometer_out_km, fuel_out_eighths, deposit_cents,
      deposit_taken, signer_name, signed_at, language)
    select id, starts_at, 12000, 8, 15000, 'cardHold', 'Daniela Conductora', starts_at, 'en' from bookings where id = ${id}`);
  // The deposit taken, as the pick-up writes it on the ledger (docs/domain.md#deposit-ledger).
  await db().execute(sql`insert into deposit_ledger (booking_id, kind, amount_cents, method, recorded_at)
    select id, 'received', 15000, 'cardHold', starts_at from bookings where id = ${id}`);
  // The damage the pick-up's walk-around found.
  await db().execute(sql`insert into rental_damage_marks (booking_id, phase, area, kind, note)
    values (${id}, 'out', 'leftSide', 'dent', 'Rear door')`);
  return id;
}

for (const mode of jsModes) {
  test.describe(mode.name, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("staff record an overdue return; the final bill, its receipt and the driver's email follow", async ({
      page,
    }) => {
      // Two posts, a PDF and an email: the slow tests' time on a loaded CI machine.
      test.slow();
      const carId = await carOf(db(), "llanos", marker("Return Spark "));
      const plate = `RT${marker("").slice(-5)}`;
      // The fixture's car: $28 a day, 150 km a day, $0.25 per extra km, like for like.
      await db()
        .update(schema.cars)
        .set({ dailyPriceCents: 2800, mileage: 150, extraKmCents: 25, fuelPolicy: "likeForlike", plate })
        .where(eq(schema.cars.id, carId));
      const reference = marker("RD-R").slice(0, 16);
      const bookingId = await overdueRental(carId, reference);

      await signedInAs(page, STAFF, DEMO_PASSWORD);
      // Overdue at the counter: the car is out after its drop-off, and offers its return (not a pick-up).
      await page.goto("/admin/counter?l=en");
      const entry = page.locator(".counter__overdue li.counter__entry").filter({ hasText: reference });
      await expect(entry.getByRole("link", { name: `Pick up ${reference}` })).toHaveCount(0);
      await entry.getByRole("link", { name: `Return ${reference}` }).click();
      await expect(page.getByRole("heading", { name: `Return — ${reference}`, level: 1 })).toBeVisible();
      // The pick-up's marks, read-only, above the new ones.
      await expect(page.getByRole("listitem").filter({ hasText: "Left side — Dent — Rear door" })).toBeVisible();

      // One new damage: a tap on the back of the outline with JavaScript, a row of the list without.
      const mark = page.getByRole("group", { name: "Damage 1", exact: true });
      if (mode.javaScriptEnabled) {
        await page.getByLabel("Kind of damage for the next tap").selectOption({ label: "Scratch" });
        const outline = page.getByRole("img", { name: "Car outline seen from above, front at the top" });
        const box = (await outline.boundingBox())!;
        await outline.click({ position: { x: box.width * 0.5, y: box.height * 0.9 } });
        await expect(mark.getByLabel("Area")).toHaveValue("rear");
      } else {
        await mark.getByLabel("Area").selectOption({ label: "Rear" });
        await mark.getByLabel("Kind of damage").selectOption({ label: "Scratch" });
      }
      await mark.getByLabel("Note (optional)").fill("Bumper");

      // An odometer below the pick-up's is refused, said next to the field; nothing recorded.
      await page.getByLabel("Odometer (km)").fill("11999");
      await page.getByLabel("Fuel level at return").selectOption({ label: "5/8" });
      await page.getByRole("button", { name: "Record return" }).click();
      await expect(page.getByText("The odometer cannot be lower than at pick-up.").first()).toBeVisible();
      // The mark is kept; photos are chosen again after an error (a browser cannot re-send them).
      await expect(mark.getByLabel("Note (optional)")).toHaveValue("Bumper");
      await page.getByLabel("Photos of the car").setInputFiles([
        {
          name: "back.png",
          mimeType: "image/png",
          buffer: await sharp({ create: { width: 320, height: 240, channels: 3, background: "#2e7d32" } })
            .png()
            .toBuffer(),
        },
      ]);

      await page.getByLabel("Odometer (km)").fill("12600");
      await page.getByLabel("Fuel level at return").selectOption({ label: "5/8" });
      // Three rows of damage without JavaScript; with it, "Add damage" adds one.
      await expect(page.getByRole("group", { name: "Damage charge 3" })).toBeVisible();
      if (mode.javaScriptEnabled) {
        await page.getByRole("button", { name: "Add damage" }).click();
        await expect(page.getByLabel("Note, damage 4")).toBeVisible();
        // The bill as it will be stored, before it is.
        const preview = page.getByRole("table", { name: "Final bill (preview)" });
        await expect(preview).toContainText("Fuel: 3/8 of a tank missing × $5");
        await expect(preview).toContainText("$69.50");
      }
      await page.getByRole("button", { name: "Record return" }).click();

      await expect(page.getByText("Return recorded. The driver gets the final receipt by email.")).toBeVisible();
      await expect(page.getByText(/Returned on .* odometer 12,600 km · fuel 5\/8/)).toBeVisible();
      const bill = page.getByRole("table", { name: "Final bill", exact: true });
      const row = (label: string) => bill.getByRole("row", { name: label });
      await expect(row("Fuel: 3/8 of a tank missing × $5")).toContainText("$15");
      await expect(row("Extra kilometers: 150 km × $0.25")).toContainText("$37.50");
      await expect(row("Late return: 1 day × $28")).toContainText("$28");
      await expect(row("Extra charges")).toContainText("$80.50");
      await expect(row("Deposit covers")).toContainText("$80.50");
      await expect(row("Deposit to return")).toContainText("$69.50");
      await expect(row("Still to pay")).toContainText("$0");
      await expect(page.getByRole("link", { name: "Record return" })).toHaveCount(0);

      // Both walk-arounds, and the pick-up and the return in the history, in time order.
      const atPickup = page.getByRole("region", { name: "Inspection at pick-up" });
      await expect(atPickup.getByRole("listitem").filter({ hasText: "Left side — Dent — Rear door" })).toBeVisible();
      const atReturn = page.getByRole("region", { name: "Inspection at return" });
      // The new mark only: the pick-up's stays with the pick-up.
      await expect(atReturn.getByRole("list").first().getByRole("listitem")).toHaveText(["Rear — Scratch — Bumper"]);
      const photos = atReturn.getByRole("img", { name: /^Photo \d of the car at return$/ });
      await expect(photos).toHaveCount(1);
      expect((await page.request.get((await photos.first().getAttribute("src"))!)).status()).toBe(200);
      const history = page.getByRole("region", { name: "History" }).getByRole("row");
      await expect(history.filter({ hasText: /Picked up|Returned/ })).toHaveText([
        /Picked up · odometer 12,000 km · fuel 8\/8/,
        /Returned · odometer 12,600 km · fuel 5\/8/,
      ]);
      // Staff see who took the car back.
      await expect(history.filter({ hasText: "Returned ·" })).toContainText("Luis Llanos");

      // A second return: the page is gone (404).
      const again = await page.request.get(`/admin/counter/return?b=${bookingId}&l=en`);
      expect(again.status()).toBe(404);

      // The driver's final receipt names every line.
      const driver = await clientAs(new URL(page.url()).origin, DRIVER);
      // The driver's history names the supplier, not the staff member.
      const driverPage = await (await driver.get(`/booking?b=${bookingId}&l=en`)).text();
      expect(driverPage).toMatch(/<td>Llanos Rent a Car<\/td><td colSpan="2">Returned · odometer 12,600 km/i);
      expect(driverPage).not.toContain("Luis Llanos");
      const receipt = await driver.get(`/booking/final-receipt?b=${bookingId}`);
      expect(receipt.status()).toBe(200);
      expect(receipt.headers()["content-type"]).toContain("application/pdf");
      const text = await pdfText(await receipt.body());
      for (const line of [
        "Fuel: 3/8 of a tank missing × $5 $15",
        "Extra kilometers: 150 km × $0.25 $37.50",
        "Late return: 1 day × $28 $28",
        "Deposit covers $80.50",
        "Deposit to return $69.50",
        "Inspection at return",
        "Photos taken 1",
        "1. Rear — Scratch — Bumper",
        plate,
      ])
        expect(text).toContain(line);
      await driver.dispose();

      // The driver's email, in the rental's language, with the bill.
      const [email] = await waitForEmails(page.request, DRIVER, {
        match: (e) => e.subject.includes(reference) && e.subject.startsWith("Car returned"),
      });
      expect(email.text).toContain("Deposit to return: $69.50");

      // Closing (docs/domain.md#closing): nothing still to pay, staff record the refund of the
      // deposit still held (docs/domain.md#deposit-ledger).
      await page.goto(`/booking?b=${bookingId}&l=en`);
      const settle = page.getByRole("region", { name: "Settle and close" });
      await expect(settle).toContainText("Deposit still held: $69.50 (Card hold)");
      await expect(settle).toContainText("Nothing is still to pay.");
      await expect(settle.getByLabel("Amount refunded ($)")).toHaveValue("69.50");
      await settle.getByLabel("How it was given back").selectOption({ label: "Card hold" });
      await settle.getByLabel("Refund reference (optional)").fill("HOLD-RELEASE-1");
      await settle.getByRole("button", { name: "Close rental" }).click();
      await expect(page.getByText("Rental closed.")).toBeVisible();
      await expect(page.getByText(/^Closed on .* time\) · deposit returned$/)).toBeVisible();
      await expect(page.getByRole("region", { name: "Settle and close" })).toHaveCount(0);
      await expect(history.filter({ hasText: "Closed" })).toContainText("Luis Llanos");
    });
  });
}
