import type { Page } from "@playwright/test";
import { ADMIN, DEMO_PASSWORD, STAFF } from "./admin-fixtures";
import { specSql } from "./seed-database";
import { signedInAs } from "./sign-in";
import { test, uniqueEmail } from "./support";

/*
 * Pago móvil over the demo data (docs/domain.md#pago-móvil): what its specs share
 * (payment-mobile-verification, payment-mobile-queue and payment-mobile-rules).
 */
export { ADMIN, STAFF };

/**
 * For a pago móvil spec, called at its top: the file's connection to the worker's database, with
 * the demo staff reading the file's pages in English, and the rows its tests make.
 */
export function pagoMovilData() {
  const sql = specSql();
  test.beforeAll(async () => {
    // The demo staff read this spec's pages and toasts in English.
    await sql`update users set language = 'en' where email in (${ADMIN}, ${STAFF})`;
  });

  /** A new driver (English, the demo password) so each test reads only its own emails. */
  async function newDriver(): Promise<string> {
    const email = uniqueEmail("pago-movil");
    await sql`
      insert into users (email, full_name, type, activated, password_hash, language, phone, birth_date)
      select ${email}, 'Pablo Pagador', 'user', true, password_hash, 'en', '+584161234567', '1990-04-12'
      from users where email = 'driver@rueda.example'`;
    return email;
  }

  /**
   * A booking like the demo's `template` (RD-DEMO1 is the demo staff's supplier's, RD-DEMO2 another
   * supplier's) held for pago móvil, after every other booking of its car.
   */
  async function freshHold(
    driverEmail: string,
    template = "RD-DEMO1",
  ): Promise<{ id: number; reference: string; priceCents: number }> {
    const reference = `PM${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`
      .toUpperCase()
      .slice(0, 16);
    const [row] = await sql<{ id: number; reference: string; priceCents: number }[]>`
      with demo as (select * from bookings where reference = ${template}),
        after as (select max(b.ends_at) + interval '1 day' as at from bookings b join demo on b.car_id = demo.car_id)
      insert into bookings (reference, car_id, supplier_id, driver_id, pickup_location_id, dropoff_location_id, starts_at, ends_at, status,
        hold_expires_at, days, price_cents, breakdown, payment_method)
      select ${reference}, car_id, supplier_id, (select id from users where email = ${driverEmail}), pickup_location_id, dropoff_location_id,
        after.at, after.at + (ends_at - starts_at), 'void', now() + interval '30 minutes', days, price_cents, breakdown, 'mobilePayment'
      from demo, after
      returning id, reference, price_cents as "priceCents"`;
    return row;
  }

  /** The demo car of RD-DEMO1 free for two days after all its bookings, as a checkout link (Caracas wall clock). */
  async function checkoutLink(): Promise<string> {
    const [row] = await sql<{ car: number; place: number; from: string; to: string }[]>`
      with demo as (select * from bookings where reference = 'RD-DEMO1'),
        after as (select max(b.ends_at) + interval '2 days' as at from bookings b join demo on b.car_id = demo.car_id)
      select demo.car_id as car, demo.pickup_location_id as place,
        to_char(after.at at time zone 'America/Caracas', 'YYYY-MM-DD"T10:00"') as "from",
        to_char((after.at + interval '2 days') at time zone 'America/Caracas', 'YYYY-MM-DD"T10:00"') as "to"
      from demo, after`;
    return `/checkout?car=${row.car}&pickup=${row.place}&dropoff=${row.place}&from=${row.from}&to=${row.to}&l=en`;
  }

  const paymentOf = async (bookingId: number) =>
    (
      await sql<
        { id: number; status: string }[]
      >`select id, status from payments where booking_id = ${bookingId} order by id desc limit 1`
    )[0];
  const statusOf = async (id: number) =>
    (await sql<{ status: string }[]>`select status from bookings where id = ${id}`)[0].status;
  return { sql, newDriver, freshHold, paymentOf, statusOf, checkoutLink };
}

export async function signIn(page: Page, email: string) {
  await signedInAs(page, email, DEMO_PASSWORD);
}

/** Ends the session the way the server sees it: the session cookie is gone. */
export async function signOut(page: Page) {
  await page.context().clearCookies();
}

/** Fills and sends the payer's form. */
export async function submitTransfer(page: Page, values: { bank?: string; phone: string; reference: string }) {
  await page.getByLabel("Bank", { exact: true }).selectOption(values.bank ?? "0134");
  await page.getByLabel("Phone", { exact: true }).fill(values.phone);
  await page.getByLabel("Reference number").fill(values.reference);
  await page.getByRole("button", { name: "Send payment details" }).click();
}

export const today = () => new Date(Date.now() - 4 * 3_600_000).toISOString().slice(0, 10);
