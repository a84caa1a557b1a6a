import { request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import sharp from "sharp";
import type { Executor } from "../../db/client";
import { expect, MAIQUETIA, uniqueEmail } from "./support";

/*
 * Data of the back office's specs, written straight into the app's database (seedDatabase):
 * staff accounts of a chosen supplier, a car of that supplier with a name no other page shows,
 * and a booking of it with a pago móvil transfer awaiting verification; the new-car form filled.
 */

/** A 640 × 480 JPEG: a car's picture. */
export const carPhoto = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: "#c0392b" } })
    .jpeg()
    .toBuffer();

/** Fills the new-car form with a valid car at Maiquetía: GPS at a price, cancellation included. */
export async function fillCar(page: Page, name: string, dailyPrice: string) {
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Daily price ($)").fill(dailyPrice);
  await page.getByLabel("Deposit ($)").fill("150");
  await page.getByLabel("Fuel type").selectOption({ label: "Hybrid" });
  await page.getByLabel("Gearbox").selectOption({ label: "Automatic" });
  await page.getByRole("group", { name: "GPS", exact: true }).getByLabel("At a price").check();
  await page.getByLabel("GPS price ($ per day)").fill("3.25");
  await page.getByRole("group", { name: "Cancellation", exact: true }).getByLabel("Included").check();
  await page.getByRole("group", { name: "Places it serves" }).getByLabel(MAIQUETIA).check();
}

export const DEMO_PASSWORD = "Rueda2026!";
export const ADMIN = "admin@rueda.example";
export const DRIVER = "driver@rueda.example";
/** The demo staff member of Llanos Rent a Car, the supplier of the demo booking RD-DEMO1. */
export const STAFF = "staff@llanos.example";

/** A unique marker: a value that appears on a page only if that page shows this test's row. */
export const marker = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

/** The rows a raw query answers, from either driver (postgres-js answers an array, PGlite `{ rows }`). */
export async function rows<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

/** A new activated staff account of the demo supplier `slug` (English, the demo password). */
export async function staffOf(db: Executor, slug: string): Promise<{ email: string; supplierId: number }> {
  const email = uniqueEmail(`staff-${slug}`);
  const [row] = await rows<{ supplierId: number }>(
    db,
    sql`insert into users (email, full_name, type, supplier_id, activated, password_hash, language)
        select ${email}, ${`Staff ${slug}`}, 'supplier', s.id, true, u.password_hash, 'en'
        from suppliers s, users u where s.slug = ${slug} and u.email = ${ADMIN}
        returning supplier_id as "supplierId"`,
  );
  return { email, supplierId: row.supplierId };
}

/** A new activated driver named `fullName` (English, the demo password): an account an admin acts on, no other test reads. */
export async function newDriver(db: Executor, fullName: string): Promise<{ id: number; email: string }> {
  const email = uniqueEmail("admin-users");
  const [row] = await rows<{ id: number }>(
    db,
    sql`insert into users (email, full_name, type, activated, password_hash, language, phone, birth_date)
        select ${email}, ${fullName}, 'user', true, password_hash, 'en', '+584161234567', '1990-04-12'
        from users where email = ${DRIVER}
        returning id`,
  );
  return { id: row.id, email };
}

/** The back office's toast after a form is saved. */
export const saved = (page: Page) => expect(page.getByText("Changes made successfully")).toBeVisible();

/** A new activated admin account (English, the demo password): a person of its own in the audit log. */
export async function adminAccount(db: Executor, fullName: string): Promise<{ email: string }> {
  const email = uniqueEmail("admin");
  await db.execute(
    sql`insert into users (email, full_name, type, activated, password_hash, language)
        select ${email}, ${fullName}, 'admin', true, password_hash, 'en' from users where email = ${ADMIN}`,
  );
  return { email };
}

/**
 * The car `carId` has no booking holding it (preparation time included) between two Caracas
 * wall-clock times (`caracas(…)`): other specs book the demo cars far ahead (limits.spec.ts books
 * car 1 sixty times), and which days they take moves with today.
 */
export const carFreeBetween = (carId: AnyColumn | SQL, from: string, to: string): SQL =>
  sql`not exists (select 1 from bookings b where b.car_id = ${carId} and b.status not in ('cancelled', 'deleted')
    and tstzrange(b.starts_at, b.blocked_until) && tstzrange(${`${from}:00-04:00`}::timestamptz, ${`${to}:00-04:00`}::timestamptz))`;

/** A copy of one of supplier `slug`'s demo cars, named `name`, serving the same places. */
export async function carOf(db: Executor, slug: string, name: string): Promise<number> {
  const [car] = await rows<{ id: number }>(
    db,
    sql`insert into cars (supplier_id, name, image, daily_price_cents, deposit_cents, minimum_age, seats, doors, aircon, fuel_type, gearbox,
          fuel_policy, mileage, pay_later_fee_percent)
        select c.supplier_id, ${name}, c.image, c.daily_price_cents, c.deposit_cents, c.minimum_age, c.seats, c.doors, c.aircon, c.fuel_type,
          c.gearbox, c.fuel_policy, c.mileage, c.pay_later_fee_percent
        from cars c join suppliers s on s.id = c.supplier_id where s.slug = ${slug} and c.status = 'active' order by c.id limit 1
        returning id`,
  );
  await db.execute(sql`insert into car_locations (car_id, location_id)
    select ${car.id}, cl.location_id from car_locations cl
    where cl.car_id = (select c.id from cars c join suppliers s on s.id = c.supplier_id where s.slug = ${slug} and c.id <> ${car.id} order by c.id limit 1)`);
  return car.id;
}

/** A booking of car `carId` by the demo driver, paid by card, picked up within the hour at the car's first place. */
export async function pickingUpSoon(db: Executor, carId: number, reference: string): Promise<number> {
  const result = (await db.execute(
    sql`insert into bookings (reference, car_id, supplier_id, driver_id, pickup_location_id, dropoff_location_id, starts_at, ends_at,
          status, days, price_cents, breakdown, payment_method)
        select ${reference}, c.id, c.supplier_id, (select id from users where email = ${DRIVER}), cl.location_id, cl.location_id,
          date_trunc('minute', now()) + interval '50 minutes', date_trunc('minute', now()) + interval '3 days 50 minutes', 'paid', 3,
          c.daily_price_cents * 3,
          jsonb_build_object('days', 3, 'dailyPriceCents', c.daily_price_cents, 'options', '{}'::jsonb,
            'subtotalCents', c.daily_price_cents * 3, 'payLaterFeePercent', 0, 'totalCents', c.daily_price_cents * 3),
          'cardPayment'
        from cars c join car_locations cl on cl.car_id = c.id where c.id = ${carId}
        order by cl.location_id limit 1
        returning id`,
  )) as unknown as Array<{ id: number }> | { rows: Array<{ id: number }> };
  const id = (Array.isArray(result) ? result : result.rows)[0].id;
  // Paid means paid in full (docs/domain.md#payments): the card payment that paid it.
  await db.execute(sql`insert into payments (booking_id, method, status, amount_cents, provider_reference)
    select id, 'cardPayment', 'succeeded', price_cents, ${`demo:${reference}`} from bookings where id = ${id}`);
  return id;
}

/** A booking of car `carId` by the demo driver, waiting for staff to verify its pago móvil transfer `transferReference`. */
export async function awaitingTransfer(
  db: Executor,
  carId: number,
  reference: string,
  transferReference: string,
): Promise<{ bookingId: number; paymentId: number }> {
  const [booking] = await rows<{ id: number; priceCents: number }>(
    db,
    sql`insert into bookings (reference, car_id, supplier_id, driver_id, pickup_location_id, dropoff_location_id, starts_at, ends_at, status,
          hold_expires_at, days, price_cents, breakdown, payment_method)
        select ${reference}, c.id, c.supplier_id, (select id from users where email = ${DRIVER}), cl.location_id, cl.location_id,
          now() + interval '20 days', now() + interval '22 days', 'pending', now() + interval '30 minutes', 2, c.daily_price_cents * 2,
          jsonb_build_object('days', 2, 'dailyPriceCents', c.daily_price_cents, 'options', '{}'::jsonb, 'subtotalCents', c.daily_price_cents * 2,
            'payLaterFeePercent', 0, 'totalCents', c.daily_price_cents * 2),
          'mobilePayment'
        from cars c join car_locations cl on cl.car_id = c.id where c.id = ${carId} limit 1
        returning id, price_cents as "priceCents"`,
  );
  const today = new Date(Date.now() - 4 * 3_600_000).toISOString().slice(0, 10);
  const details = {
    bank: "0134",
    phone: "04141234567",
    reference: transferReference,
    date: today,
    amountBs: "100.00",
    rate: "245.5000",
    rateDate: today,
  };
  const [payment] = await rows<{ id: number }>(
    db,
    sql`insert into payments (booking_id, method, status, amount_cents, provider_reference, details)
        values (${booking.id}, 'mobilePayment', 'pending', ${booking.priceCents}, ${`pm:0134:${transferReference}:${today}`}, ${JSON.stringify(details)}::jsonb)
        returning id`,
  );
  return { bookingId: booking.id, paymentId: payment.id };
}

/** What a row of a table says now, to check a refused request changed nothing. */
export async function snapshot(
  db: Executor,
  table: "cars" | "bookings" | "payments" | "suppliers" | "locations" | "users" | "reviews",
  id: number,
): Promise<Record<string, unknown>> {
  // A review's key is its booking's.
  const key = sql.identifier(table === "reviews" ? "booking_id" : "id");
  const [row] = await rows<Record<string, unknown>>(
    db,
    sql`select * from ${sql.identifier(table)} where ${key} = ${id}`,
  );
  return row;
}

/**
 * An HTTP client of its own (cookies included) signed in as `email`, or a visitor's when null;
 * each gets its own client address, so the sign-in rate limit of one run never meets another's.
 */
export async function clientAs(baseURL: string, email: string | null): Promise<APIRequestContext> {
  const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  const client = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": address } });
  if (email) {
    const response = await client.post("/sign-in?l=en", { form: { email, password: DEMO_PASSWORD }, maxRedirects: 0 });
    expect(response.status(), `signing in as ${email}`).toBe(302);
  }
  return client;
}

const entities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  "#39": "'",
  "#x27": "'",
  "#x2F": "/",
};
const decode = (text: string) => text.replace(/&(#?\w+);/g, (whole, name: string) => entities[name] ?? whole);
const attribute = (tag: string, name: string) => {
  const found = new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag);
  return found ? decode(found[1]) : null;
};

/**
 * What the page's POST form that has a field named `field` would send as its reader sees it
 * (hidden inputs, texts, checked boxes, selected options, textareas; no files, no buttons): a
 * forger copies this from a page they may open, to replay it against a row they may not touch.
 */
export function formFields(html: string, field: string): URLSearchParams {
  const forms = [...html.matchAll(/<form\b[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/gi)].map((match) => match[1]);
  const form = forms.find((body) => body.includes(`name="${field}"`));
  if (!form) throw new Error(`no form with a field "${field}" on the page`);
  const fields = new URLSearchParams();
  for (const [tag] of form.matchAll(/<input\b[^>]*>/gi)) {
    const name = attribute(tag, "name");
    const type = (attribute(tag, "type") ?? "text").toLowerCase();
    if (!name || type === "file" || type === "submit") continue;
    if ((type === "checkbox" || type === "radio") && !/\schecked(=|\s|>|\/)/i.test(tag)) continue;
    fields.append(name, attribute(tag, "value") ?? (type === "checkbox" ? "on" : ""));
  }
  for (const [, tag, options] of form.matchAll(/(<select\b[^>]*>)([\s\S]*?)<\/select>/gi)) {
    const name = attribute(tag, "name");
    const all = [...options.matchAll(/<option\b[^>]*>/gi)].map((option) => option[0]);
    const selected = all.filter((option) => /\sselected(=|\s|>)/i.test(option));
    // A browser sends the first option of a single select where none is marked.
    const sent = selected.length > 0 || /\smultiple(=|\s|>)/i.test(tag) ? selected : all.slice(0, 1);
    if (name) for (const option of sent) fields.append(name, attribute(option, "value") ?? "");
  }
  for (const [, tag, text] of form.matchAll(/(<textarea\b[^>]*>)([\s\S]*?)<\/textarea>/gi)) {
    const name = attribute(tag, "name");
    if (name) fields.append(name, decode(text));
  }
  return fields;
}
