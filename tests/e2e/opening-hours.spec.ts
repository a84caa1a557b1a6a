import { sql } from "drizzle-orm";
import { ADMIN, carFreeBetween, carOf, DEMO_PASSWORD, marker } from "./admin-fixtures";
import { seedDatabase } from "./seed-database";
import { caracas, expect, javaScriptOnly, MAIQUETIA, test } from "./support";
import { signedInAs } from "./sign-in";

/*
 * Opening hours and a season's car prices as people meet them (docs/domain.md#opening-hours,
 * #seasons): an admin sets a place's week, holidays and out-of-hours fee in its form (a place of
 * its own, with no car, so no public page changes); a pick-up outside a demo city office's hours
 * is refused with the hours named, on the search and at checkout; one outside the airport's hours
 * adds its fee instead; a season's fixed price for one car is what its search result and checkout
 * charge. The demo places' hours are read, never changed: other specs book there.
 */
const db = seedDatabase("a place of its own, a supplier of its own and a car");

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db().execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

const placeId = async (nameEn: string) =>
  (await rows<{ id: number }>(sql`select id from locations where name_en = ${nameEn}`))[0].id;

/** A new place with no car: the back office lists it, the public pages do not. */
async function placeOfItsOwn(): Promise<{ id: number; name: string }> {
  const name = marker("Horario ");
  const [row] = await rows<{
    id: number;
  }>(sql`insert into locations (slug, kind, name_es, name_en, name_fr, name_el, address, latitude, longitude)
    values (${name.toLowerCase().replace(/\s+/g, "-")}, 'city', ${name}, ${name}, ${name}, ${name}, 'Av. Francisco de Miranda', 10.5, -66.85)
    returning id`);
  return { id: row.id, name };
}

/** The checkout link of car `carId` at `place` from `days` ahead at `time` for three days. */
const checkoutLink = (carId: number, place: number, days: number, time: string) =>
  `/checkout?car=${carId}&pickup=${place}&dropoff=${place}&from=${caracas(days, time)}&to=${caracas(days + 3, "12:00")}&l=en`;
const searchLink = (place: number, days: number, time: string) =>
  `/search?pickup=${place}&same=1&from=${caracas(days, time)}&to=${caracas(days + 3, "12:00")}&l=en`;

for (const mode of javaScriptOnly) {
  test.describe(`opening hours ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("an admin sets a place's week, closed dates and out-of-hours fee; a closing before the opening is refused", async ({
      page,
    }) => {
      test.slow();
      const place = await placeOfItsOwn();
      await signedInAs(page, ADMIN, DEMO_PASSWORD);
      await page.goto(`/admin/places/${place.id}?l=en`);
      const hours = page.getByRole("group", { name: "Opening hours" });
      await hours.getByLabel("Hours", { exact: true }).selectOption({ label: "Open on the hours below" });
      for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]) {
        const box = hours.getByRole("group", { name: day });
        await box.getByLabel("Opens").fill("08:00");
        await box.getByLabel("Closes").fill("18:00");
      }
      const saturday = hours.getByRole("group", { name: "Saturday" });
      await saturday.getByLabel("Opens").fill("09:00");
      await saturday.getByLabel("Closes").fill("08:30");
      await hours.getByRole("group", { name: "Sunday" }).getByLabel("Closed all day").check();
      await hours.getByLabel("Closed dates (holidays)").fill("2027-12-25\n2027-01-01");
      await hours.getByLabel("Out-of-hours fee (US$, optional)").fill("30");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(saturday.getByText("The closing time must be later than the opening time")).toBeVisible();

      await saturday.getByLabel("Closes").fill("13:00");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText("Changes made successfully")).toBeVisible();
      const [saved] = await rows<{ hours: unknown; dates: string[]; fee: number }>(
        sql`select opening_hours as hours, closed_dates::text[] as dates, out_of_hours_fee_cents as fee from locations where id = ${place.id}`,
      );
      const weekday = { open: "08:00", close: "18:00" };
      expect(saved).toEqual({
        hours: {
          mon: weekday,
          tue: weekday,
          wed: weekday,
          thu: weekday,
          fri: weekday,
          sat: { open: "09:00", close: "13:00" },
          sun: null,
        },
        dates: ["2027-01-01", "2027-12-25"],
        fee: 3000,
      });
      // The form shows what was saved.
      await expect(saturday.getByLabel("Closes")).toHaveValue("13:00");
      await expect(hours.getByRole("group", { name: "Sunday" }).getByLabel("Closed all day")).toBeChecked();
      await expect(hours.getByLabel("Closed dates (holidays)")).toHaveValue("2027-01-01\n2027-12-25");
      await expect(hours.getByLabel("Out-of-hours fee (US$, optional)")).toHaveValue("30.00");

      // A place back to any hour: no week is kept.
      await hours.getByLabel("Hours", { exact: true }).selectOption({ label: "Open at any hour (no opening hours)" });
      await hours.getByLabel("Out-of-hours fee (US$, optional)").fill("");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText("Changes made successfully")).toBeVisible();
      await expect
        .poll(
          async () =>
            (
              await rows<{ open: boolean }>(
                sql`select opening_hours is null as open from locations where id = ${place.id}`,
              )
            )[0].open,
        )
        .toBe(true);
    });

    test("a pick-up after a city office closes is refused with its hours, on the search and at checkout", async ({
      page,
    }) => {
      const altamira = await placeId("Caracas – Altamira");
      // A car of the office free on the checkout's days.
      const [{ carId }] = await rows<{ carId: number }>(
        sql`select cl.car_id as "carId" from car_locations cl join cars c on c.id = cl.car_id
            where cl.location_id = ${altamira} and cl.bookable and c.status = 'active'
              and ${carFreeBetween(sql`c.id`, caracas(45, "10:00"), caracas(48, "12:00"))}
            order by cl.car_id limit 1`,
      );
      // Monday to Saturday 08:00–18:00, Sunday 09:00–13:00 (the demo data), no out-of-hours service.
      const refusal =
        /Caracas – Altamira is open (08:00–18:00|09:00–13:00) on \w+days\. Choose a time within these hours\./;
      await page.goto(searchLink(altamira, 45, "20:00"));
      await expect(page.getByRole("heading", { level: 2, name: /cars? available/ })).toBeVisible();
      await expect(
        page.getByText(
          "Opening hours at Caracas – Altamira: Mon–Sat 08:00–18:00 · Sun 09:00–13:00. No pick-up or drop-off outside these hours.",
        ),
      ).toBeVisible();
      await expect(page.getByText(refusal)).toBeVisible();

      await page.goto(checkoutLink(carId, altamira, 45, "20:00"));
      await expect(page.getByText(refusal)).toBeVisible();

      // Within the hours the checkout opens, saying them under the place.
      await page.goto(checkoutLink(carId, altamira, 45, "10:00"));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(
        page
          .getByText(
            /Opening hours: Mon–Sat 08:00–18:00 · Sun 09:00–13:00\. No pick-up or drop-off outside these hours\./,
          )
          .first(),
      ).toBeVisible();
    });

    test("a pick-up after the airport closes adds its out-of-hours fee instead", async ({ page }) => {
      const maiquetia = await placeId(MAIQUETIA);
      const carId = await carOf(db(), "llanos", marker("Nocturno "));
      await db().execute(
        sql`insert into car_locations (car_id, location_id) values (${carId}, ${maiquetia}) on conflict do nothing`,
      );
      try {
        await page.goto(searchLink(maiquetia, 46, "23:00"));
        await expect(page.getByRole("heading", { level: 2, name: /cars? available/ })).toBeVisible();
        await expect(
          page.getByText(
            `Opening hours at ${MAIQUETIA}: every day 06:00–22:00. Pick-up or drop-off outside these hours: $25 extra.`,
          ),
        ).toBeVisible();
        await expect(
          page.getByText(
            `Your pick-up time is outside the opening hours of ${MAIQUETIA}: its out-of-hours fee of $25 is added to the total at checkout.`,
          ),
        ).toBeVisible();

        await page.goto(checkoutLink(carId, maiquetia, 46, "23:00"));
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.getByText("Out-of-hours pick-up").first()).toBeVisible();
        await expect(
          page
            .getByText(/Opening hours: every day 06:00–22:00\. Pick-up or drop-off outside these hours: \$25 extra\./)
            .first(),
        ).toBeVisible();
      } finally {
        await db().execute(sql`update cars set status = 'deleted' where id = ${carId}`);
      }
    });

    test("a season's fixed price for a car is what its search result and checkout charge", async ({ page }) => {
      test.slow();
      const maiquetia = await placeId(MAIQUETIA);
      const name = marker("Temporada ");
      const carId = await carOf(db(), "llanos", name);
      const slug = marker("season-").toLowerCase();
      const [{ supplierId }] = await rows<{ supplierId: number }>(sql`with s as (
          insert into suppliers (name, slug, email) values (${slug}, ${slug}, 'season@example.com') returning id
        ) update cars set supplier_id = (select id from s), pay_later_fee_percent = 0, daily_price_cents = 4000
          where id = ${carId} returning supplier_id as "supplierId"`);
      await db().execute(
        sql`insert into car_locations (car_id, location_id) values (${carId}, ${maiquetia}) on conflict do nothing`,
      );
      try {
        await signedInAs(page, ADMIN, DEMO_PASSWORD);
        await page.goto(`/admin/suppliers/${supplierId}/seasons?l=en`);
        await page.getByLabel("Name", { exact: true }).fill("Feria");
        await page.getByLabel("First day").fill(caracas(49, "10:00").slice(0, 10));
        await page.getByLabel("Last day").fill(caracas(55, "10:00").slice(0, 10));
        await page.getByLabel("Change (%)").fill("10");
        await page.getByRole("button", { name: "Add the season" }).click();
        await expect(page.getByText("Changes made successfully")).toBeVisible();

        await page.getByRole("link", { name: "Car prices in the season Feria" }).click();
        const prices = page.getByRole("region", { name: "Fixed daily prices in Feria" });
        await expect(prices.getByText("Its own price: $40 a day.")).toBeVisible();
        await prices.getByLabel(name).fill("0");
        await prices.getByRole("button", { name: "Save the prices" }).click();
        await expect(page.getByText("Enter a daily price from $0.01 to $100,000, or leave it empty.")).toBeVisible();
        await prices.getByLabel(name).fill("77");
        await prices.getByRole("button", { name: "Save the prices" }).click();
        await expect(page.getByText("Changes made successfully")).toBeVisible();
        await expect(page.getByRole("cell", { name: "+10 % · 1 car at a fixed price" })).toBeVisible();

        // Three days inside the season at $77 each, not $40 + 10 %.
        await page.goto(`${searchLink(maiquetia, 50, "10:00").replace("12:00", "10:00")}&supplier=${supplierId}`);
        const card = page.locator("article.car-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
        await expect(card).toHaveCount(1);
        await expect(card.getByText("$231", { exact: false }).first()).toBeVisible();
        await card.getByRole("link", { name: /Book/ }).click();
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.getByText("$231").first()).toBeVisible();
        await expect(page.getByText("Feria").first()).toBeVisible();
      } finally {
        // The demo's brands are six on the pages that list them (catalogue-pages.spec.ts): this one leaves them.
        await db().execute(sql`update suppliers set active = false where slug = ${slug}`);
      }
    });
  });
}
