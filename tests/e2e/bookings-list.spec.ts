import { DEMO_PASSWORD as PASSWORD } from "./admin-fixtures";
import { activatedAccount } from "./activated-account";
import { specSql } from "./seed-database";
import { expect, test, uniqueEmail } from "./support";
import { signedInAs as signIn } from "./sign-in";

/* The bookings list: a driver's bookings in order, on a phone too, and its pages. */
const sql = specSql();

test("a driver's list shows what is ahead first, soonest pick-up first, then the past; each with reference, dates on the place's clock, places and status", async ({
  browser,
}) => {
  const email = uniqueEmail("mine");
  const password = "mine-pass1";
  const tag = Date.now().toString(36).toUpperCase();
  const [next, later, past] = [`NEXT${tag}`, `LATER${tag}`, `PAST${tag}`];
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    if (javaScriptEnabled) {
      await activatedAccount(page.request, email, password, { fullName: "Marta Lista" });
      // Three bookings of RD-DEMO1's car, made out of order: one after every other booking of
      // the car, one a month later, and one that ended more than a year ago.
      await sql`
        with demo as (select * from bookings where reference = 'RD-DEMO1'),
          after as (select max(b.ends_at) + interval '1 day' as at from bookings b join demo on b.car_id = demo.car_id),
          wanted (reference, starts_at, status) as (values
            (${later}, (select at from after) + interval '30 days', 'reserved'::booking_status),
            (${past}, now() - interval '400 days', 'paid'::booking_status),
            (${next}, (select at from after), 'pending'::booking_status))
        insert into bookings (reference, car_id, supplier_id, driver_id, pickup_location_id, dropoff_location_id, starts_at, ends_at, status, days, price_cents, breakdown, payment_method)
        select w.reference, car_id, supplier_id, (select id from users where email = ${email}), pickup_location_id, dropoff_location_id,
          w.starts_at, w.starts_at + (demo.ends_at - demo.starts_at), w.status, days, price_cents, breakdown, 'payLater'
        from demo, wanted w`;
    }
    // The sign-up made for the first browser signed it in; the second signs in.
    if (!javaScriptEnabled) await signIn(page, email, password);
    await page.goto("/bookings?l=en");
    await expect(page.getByRole("rowheader")).toHaveText([next, later, past]);
    const [booking] = await sql<{ startsAt: Date; endsAt: Date; place: string; zone: string }[]>`
      select b.starts_at as "startsAt", b.ends_at as "endsAt", l.name_en as place, l.time_zone as zone
      from bookings b join locations l on l.id = b.pickup_location_id where b.reference = ${next}`;
    const onPlaceClock = (at: Date) =>
      new Intl.DateTimeFormat("en", {
        dateStyle: "medium",
        timeStyle: "short",
        timeZone: booking.zone,
        hourCycle: "h23",
      }).format(at);
    // On a phone each booking is a card: reference, pick-up and drop-off (when, where), status.
    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: next }) });
    await expect(row.getByRole("cell")).toContainText([
      `${onPlaceClock(booking.startsAt)} ${booking.place}`,
      `${onPlaceClock(booking.endsAt)} ${booking.place}`,
      "Pending payment",
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  }
});

test("the list shows 20 bookings a page, 10 on a phone, decided on the server", async ({ browser }) => {
  const phone =
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
  for (const [userAgent, perPage] of [
    [phone, 10],
    [undefined, 20],
  ] as const) {
    // A phone sends both its User-Agent and the client hint (headless Chromium sends "?0" by itself).
    const context = await browser.newContext({
      javaScriptEnabled: false,
      ...(userAgent
        ? { userAgent, viewport: { width: 390, height: 844 }, extraHTTPHeaders: { "Sec-CH-UA-Mobile": "?1" } }
        : {}),
    });
    const page = await context.newPage();
    await signIn(page, "admin@rueda.example", PASSWORD);
    const response = await page.goto("/bookings?l=en");
    expect(response?.headers()["accept-ch"]).toBe("Sec-CH-UA-Mobile");
    const total = Number((await page.getByText(/^\d+ bookings?$/).textContent())!.split(" ")[0]);
    await expect(page.getByRole("link", { name: /^View booking / })).toHaveCount(Math.min(perPage, total));
    await context.close();
  }
});
