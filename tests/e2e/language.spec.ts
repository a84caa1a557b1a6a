import { sql } from "drizzle-orm";
import { seedDatabase, signedInDriver } from "./seed-database";
import { expect, test } from "./support";

/*
 * Words a driver reads (docs/style/): a one-day rental's breakdown in the singular in every
 * language, a booking awaiting online payment never called void, and a language choice the
 * account could not save said so (docs/domain.md#changing-language).
 */
const db = seedDatabase("a one-day booking awaiting online payment");

/** A one-day booking of RD-DEMO1's car for `driverId`, after every other booking of that car, held for online payment. */
async function oneDayAwaitingPayment(driverId: number): Promise<{ id: number; reference: string }> {
  const reference = `E2EL${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`
    .toUpperCase()
    .slice(0, 16);
  const rows = await db().execute<{ id: number; reference: string }>(sql`
    with demo as (select * from bookings where reference = 'RD-DEMO1'),
      after as (select max(b.ends_at) + interval '2 days' as at from bookings b join demo on b.car_id = demo.car_id)
    insert into bookings (reference, car_id, supplier_id, driver_id, pickup_location_id, dropoff_location_id, starts_at, ends_at,
      status, hold_expires_at, days, price_cents, breakdown, payment_method)
    select ${reference}, car_id, supplier_id, ${driverId}, pickup_location_id, dropoff_location_id, after.at, after.at + interval '1 day',
      'void', now() + interval '30 minutes', 1, (breakdown->>'dailyPriceCents')::int,
      breakdown || jsonb_build_object('days', 1, 'options', '{}'::jsonb, 'payLaterFeePercent', 0,
        'subtotalCents', (breakdown->>'dailyPriceCents')::int, 'totalCents', (breakdown->>'dailyPriceCents')::int),
      'cardPayment'
    from demo, after
    returning id, reference`);
  return [...rows][0];
}

const languages = [
  { code: "en", oneDay: /^1 day × \$/, awaiting: "Awaiting payment online", voidLabel: "Void" },
  { code: "es", oneDay: /^1 día × \$/, awaiting: "En espera del pago en línea", voidLabel: "Nula" },
  { code: "fr", oneDay: /^1 jour × \$/, awaiting: "En attente du paiement en ligne", voidLabel: "Nulle" },
  { code: "el", oneDay: /^1 ημέρα × \$/, awaiting: "Σε αναμονή ηλεκτρονικής πληρωμής", voidLabel: "Άκυρη" },
] as const;

test("a one-day booking awaiting online payment reads '1 day' and 'awaiting payment' in every language", async ({
  page,
}) => {
  const driverId = await signedInDriver(page, db(), {
    fullName: "Lucía Pérez",
    password: "Rueda2026!",
    emailPrefix: "one-day",
  });
  const booking = await oneDayAwaitingPayment(driverId);
  for (const language of languages) {
    await page.goto(`/booking?b=${booking.id}&l=${language.code}`);
    await expect(page.getByText(language.oneDay)).toBeVisible();
    await expect(page.getByText(language.awaiting, { exact: true }).first()).toBeVisible();
    await expect(page.locator("main")).not.toContainText(language.voidLabel);

    await page.goto(`/bookings?l=${language.code}`);
    const row = page.getByRole("row").filter({ has: page.locator(`a[href="/booking?b=${booking.id}"]`) });
    await expect(row).toContainText(language.awaiting);
    await expect(row).not.toContainText(language.voidLabel);
  }
});

test("a language the account cannot save opens the page in it and says 'Error while changing language'", async ({
  page,
}) => {
  const driverId = await signedInDriver(page, db(), {
    fullName: "Andrés Lugo",
    password: "Rueda2026!",
    emailPrefix: "language-refused",
  });
  await db().execute(sql`update users set language = 'es' where id = ${driverId}`);
  // The database itself refuses this account's language change (a trigger only this test
  // creates): the save fails the way a real database fault would, for nobody else.
  const name = sql.raw(`e2e_refuse_language_${driverId}`);
  await db().execute(sql`create function ${name}() returns trigger language plpgsql as $$
    begin raise exception 'language change refused by the test'; end $$`);
  await db().execute(sql`create trigger ${name} before update of language on users for each row
    when (old.id = ${sql.raw(String(driverId))}) execute function ${name}()`);
  try {
    // A language link: the page is in English, and says the choice was not saved.
    await page.goto("/?l=en");
    await expect(page.getByRole("alert")).toContainText("Error while changing language");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    // Settings, still in the saved Spanish: the error is in the chosen language.
    await page.goto("/settings");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await page.getByRole("combobox", { name: "Idioma", exact: true }).selectOption("fr");
    await page.getByRole("button", { name: "Guardar el idioma" }).click();
    await expect(page.getByRole("alert")).toContainText("Erreur lors du changement de langue");
    const [account] = [
      ...(await db().execute<{ language: string }>(sql`select language from users where id = ${driverId}`)),
    ];
    expect(account.language).toBe("es");
  } finally {
    await db().execute(sql`drop trigger ${name} on users`);
    await db().execute(sql`drop function ${name}()`);
  }

  // Once the database takes it again, the same link saves the language.
  await page.goto("/?l=en");
  await expect(page.getByRole("alert")).toHaveCount(0);
  const [saved] = [
    ...(await db().execute<{ language: string }>(sql`select language from users where id = ${driverId}`)),
  ];
  expect(saved.language).toBe("en");
});
