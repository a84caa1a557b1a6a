import { share } from "./worker-servers";
import postgres from "postgres";
import { caracas, expect, jsModes, test } from "./support";
import { signedInAs } from "./sign-in";

/*
 * Issue 22's limits as a client meets them (docs/security.md#rate-limits, docs/domain.md#limits):
 * a burst of checkouts from one address is answered 429 by the API and by the page's form alike,
 * and the back office's bulk status change starts on no status and clears once carried out.
 */
const PASSWORD = "Rueda2026!";
const STAFF = "staff@llanos.example";

const sql = postgres(share.databaseUrl ?? "postgres://postgres@127.0.0.1:5432/rueda_e2e", { max: 1 });
test.afterAll(async () => {
  await sql.end();
});

/** The demo car of RD-DEMO1 and its place. */
async function demoCar(): Promise<{ car: number; place: number }> {
  const [row] = await sql<
    { car: number; place: number }[]
  >`select car_id as car, pickup_location_id as place from bookings where reference = 'RD-DEMO1'`;
  return row;
}

test("a burst of checkouts from one address: the 61st in an hour is refused, by the API and by the page's form", async ({
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // A client address of this test's own (the app trusts one proxy hop in tests).
  const address = `10.22.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  const client = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": address, "Accept-Language": "en" },
  });
  const { car, place } = await demoCar();
  const [from, to] = [caracas(300, "10:00"), caracas(302, "10:00")];
  // Every field right, and refused by the booking itself: the address belongs to the demo driver.
  const driver = {
    fullName: "Ráfaga Visitante",
    email: "driver@rueda.example",
    phone: "+58 414 555 0101",
    birthDate: "1990-01-01",
  };
  const body = {
    carId: car,
    pickupLocationId: place,
    dropoffLocationId: place,
    from,
    to,
    options: [],
    paymentMethod: "payLater",
    driver: { ...driver, acceptTerms: true },
  };
  const pageForm = { ...driver, tos: "on", payment: "payLater" };
  const pagePath = `/checkout?car=${car}&pickup=${place}&dropoff=${place}&from=${from}&to=${to}&l=en`;

  for (let i = 0; i < 59; i++) {
    const refused = await client.post("/api/bookings", { data: body });
    expect(refused.status(), `checkout ${i + 1}`).toBe(400);
    expect((await refused.json()).error.code).toBe("emailTaken");
  }
  const sixtieth = await client.post(pagePath, { form: pageForm, maxRedirects: 0 });
  expect(sixtieth.status()).toBe(400);
  expect(await sixtieth.text()).toContain("This email address is already registered");

  const api = await client.post("/api/bookings", { data: body });
  expect(api.status()).toBe(429);
  expect(await api.json()).toEqual({
    error: { code: "rateLimited", message: "Too many attempts. Please wait a few minutes and try again." },
  });
  const page = await client.post(pagePath, { form: pageForm, maxRedirects: 0 });
  expect(page.status()).toBe(429);
  const html = await page.text();
  expect(html).toContain("Too many attempts. Please wait a few minutes and try again.");
  // The form is there again, with what was typed.
  expect(html).toContain('value="Ráfaga Visitante"');
  await client.dispose();
});

/** Two fresh pending bookings of the demo staff's supplier whose references share a prefix no other test uses. */
async function twoFreshBookings(): Promise<{ prefix: string; references: [string, string] }> {
  const prefix = `D8${Date.now().toString(36)}`.toUpperCase().slice(0, 12);
  const references: [string, string] = [`${prefix}A`, `${prefix}B`];
  for (const reference of references) {
    await sql`
      with demo as (select * from bookings where reference = 'RD-DEMO1'),
        after as (select max(b.ends_at) + interval '1 day' as at from bookings b join demo on b.car_id = demo.car_id)
      insert into bookings (reference, car_id, supplier_id, driver_id, pickup_location_id, dropoff_location_id, starts_at, ends_at, status, days, price_cents, breakdown, payment_method)
      select ${reference}, car_id, supplier_id, driver_id, pickup_location_id, dropoff_location_id,
        after.at, after.at + (ends_at - starts_at), 'pending', days, price_cents, breakdown, 'payLater'
      from demo, after`;
  }
  return { prefix, references };
}

const statusesOf = async (references: string[]) =>
  (
    await sql<{ status: string }[]>`select status from bookings where reference = any(${references}) order by reference`
  ).map((r) => r.status);

for (const mode of jsModes) {
  test.describe(`bulk status change ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("no status is chosen until staff choose one; unchosen it changes nothing; once done the selection clears", async ({
      page,
    }) => {
      test.setTimeout(60_000);
      const { prefix, references } = await twoFreshBookings();
      await signedInAs(page, STAFF, PASSWORD);
      await page.goto(`/admin/bookings?q=${prefix}&l=en`);
      const newStatus = page.getByLabel("New status");
      await expect(newStatus).toHaveValue("");
      await expect(newStatus.locator("option:checked")).toHaveText("Choose a status");

      const tick = async () => {
        for (const reference of references)
          await page.getByRole("checkbox", { name: `Select booking ${reference}` }).check();
      };
      await tick();
      await page.getByRole("button", { name: "Change status of selected" }).click();
      await expect(page.getByText("Choose the new status of the selected bookings.")).toBeVisible();
      expect(await statusesOf(references)).toEqual(["pending", "pending"]);

      await tick();
      await page.getByLabel("New status").selectOption({ label: "Reserved" });
      await page.getByRole("button", { name: "Change status of selected" }).click();
      for (const reference of references) await expect(page.getByText(`${reference}: now Reserved.`)).toBeVisible();
      expect(await statusesOf(references)).toEqual(["reserved", "reserved"]);
      // The selection is gone: nothing ticked, no status chosen.
      for (const reference of references)
        await expect(page.getByRole("checkbox", { name: `Select booking ${reference}` })).not.toBeChecked();
      await expect(page.getByLabel("New status")).toHaveValue("");
    });
  });
}
