import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext } from "@playwright/test";
import { ADMIN, DEMO_PASSWORD, DRIVER } from "./admin-fixtures";
import { caracas, expect, test } from "./support";
import { signedInAs } from "./sign-in";

/*
 * Every page at 360 px, in the four languages, for each kind of visitor (docs/architecture.md#phone):
 * nothing wider than the screen, and every visible button (or link drawn as one) at least 44 px
 * tall. The pages come from app/routes: a new page file fails this test until it is listed below.
 */

type Role = "public" | "driver" | "staff" | "admin";
type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;
const STAFF = "staff@llanos.example";
const languages = ["en", "es", "fr", "el"];
const MIN_TAP = 44;

/** A search with results at the demo data's first place, and its first checkout link (found on the page). */
const search = `/search?pickup=1&same=1&from=${caracas(12, "10:00")}&to=${caracas(14, "10:00")}`;

/*
 * The demo data's first rows (a fresh database is seeded before any test writes): booking 1 is the
 * demo driver's pending pay-later booking with Llanos (staff@llanos.example's supplier), booking 6
 * its car out at Llanos and booking 7 one returned with its final bill, car 1 is Llanos's, user 4 is a driver.
 */
const pages: Record<string, Partial<Record<Role, string[]>> | "not a page"> = {
  "$.tsx": { public: ["/no-such-page"] },
  "_index.tsx": { public: ["/"], driver: ["/"], staff: ["/"] },
  "about.tsx": { public: ["/about"] },
  "tos.tsx": { public: ["/tos"] },
  "contact.tsx": { public: ["/contact"], driver: ["/contact"] },
  "locations.tsx": { public: ["/locations", "/locations?page=99"] },
  "suppliers.tsx": { public: ["/suppliers", "/suppliers?page=99"] },
  "suppliers_.$slug.tsx": { public: ["/suppliers/llanos", "/suppliers/llanos?page=99"] },
  "search.tsx": { public: ["/search", search, `${search}&page=999`], driver: [search] },
  "cars.$carId.tsx": { public: ["/cars/1", `/cars/1${search.slice(search.indexOf("?"))}`], driver: ["/cars/1"] },
  "checkout.tsx": { public: ["checkout"], driver: ["checkout"] },
  "sign-in.tsx": { public: ["/sign-in"] },
  "sign-up.tsx": { public: ["/sign-up"] },
  "forgot-password.tsx": { public: ["/forgot-password"] },
  "reset-password.tsx": { public: ["/reset-password?token=abc"] },
  "activate.tsx": { public: ["/activate?token=abc", "/activate?sent=1"] },
  "resend-activation.tsx": { public: ["/resend-activation"] },
  "payment._index.tsx": { public: ["/payment"], driver: ["/payment?b=1"] },
  // An app's hand-off link that names nothing: the page that says so (a real one redirects to a payment page).
  "payment.handoff.tsx": { public: ["/payment/handoff?t=abc"] },
  "payment.card.tsx": { driver: ["/payment/card?b=1"] },
  "payment.mobile.tsx": { driver: ["/payment/mobile?b=1"] },
  "payment.usdt.tsx": { driver: ["/payment/usdt?b=1"] },
  "payment.zelle.tsx": { driver: ["/payment/zelle?b=1"] },
  "payment.bank-transfer.tsx": { driver: ["/payment/bank-transfer?b=1"] },
  "payment.binance.tsx": { driver: ["/payment/binance?b=1"] },
  "payment-success.tsx": { driver: ["/payment-success?b=1"] },
  // Reached only from a card payment under way; it shares payment.card's layout.
  "checkout-session.$sessionId.tsx": "not a page",
  "booking.tsx": {
    driver: ["/booking?b=1", "/booking?b=2", "/booking?b=4", "/booking?b=7"],
    staff: ["/booking?b=1", "/booking?b=6", "/booking?b=7"],
  },
  "booking_.cancel.tsx": { driver: ["/booking/cancel?b=1"] },
  "bookings.tsx": { driver: ["/bookings", "/bookings?page=99"] },
  "notifications.tsx": { driver: ["/notifications"], staff: ["/notifications"] },
  "settings.tsx": { driver: ["/settings"] },
  "change-password.tsx": { driver: ["/change-password"] },
  "admin.tsx": "not a page",
  "admin._index.tsx": { staff: ["/admin"], admin: ["/admin"] },
  "admin.audit.tsx": { admin: ["/admin/audit"] },
  "admin.bookings._index.tsx": { staff: ["/admin/bookings", "/admin/bookings?page=99"], admin: ["/admin/bookings"] },
  "admin.calendar.tsx": { staff: ["/admin/calendar"], admin: ["/admin/calendar"] },
  "admin.reviews.tsx": { staff: ["/admin/reviews"], admin: ["/admin/reviews", "/admin/reviews?hide=1"] },
  "admin.cars._index.tsx": { staff: ["/admin/cars"], admin: ["/admin/cars"] },
  "admin.cars.new.tsx": { staff: ["/admin/cars/new"] },
  "admin.cars.$carId.tsx": { staff: ["/admin/cars/1"], admin: ["/admin/cars/1"] },
  "admin.cars.$carId_.delete.tsx": { staff: ["/admin/cars/1/delete"] },
  "admin.contact.tsx": { admin: ["/admin/contact"] },
  "admin.counter.tsx": { staff: ["/admin/counter"], admin: ["/admin/counter"] },
  "admin.counter_.pickup.tsx": { staff: ["/admin/counter/pickup?b=1"], admin: ["/admin/counter/pickup?b=1"] },
  // The card page of a deposit hold, reached only from the pick-up page's POST; its demo form is payment.card's.
  "admin.counter_.deposit-hold.tsx": "not a page",
  "admin.counter_.return.tsx": { staff: ["/admin/counter/return?b=6"], admin: ["/admin/counter/return?b=6"] },
  "admin.outbox.tsx": { admin: ["/admin/outbox"] },
  "admin.payments.tsx": { staff: ["/admin/payments"], admin: ["/admin/payments"] },
  "admin.places._index.tsx": { admin: ["/admin/places"] },
  "admin.places.new.tsx": { admin: ["/admin/places/new"] },
  "admin.places.$placeId.tsx": { admin: ["/admin/places/1"] },
  "admin.settings.tsx": { admin: ["/admin/settings"] },
  "admin.suppliers._index.tsx": { admin: ["/admin/suppliers"] },
  "admin.suppliers.new.tsx": { admin: ["/admin/suppliers/new"] },
  "admin.suppliers.$supplierId.tsx": { admin: ["/admin/suppliers/1"] },
  "admin.suppliers.$supplierId_.seasons.tsx": { admin: ["/admin/suppliers/1/seasons"] },
  "admin.users._index.tsx": { admin: ["/admin/users"] },
  "admin.users.new.tsx": { admin: ["/admin/users/new"] },
  "admin.users.$userId.tsx": { admin: ["/admin/users/4"] },
};

/** The page files of app/routes: those with a component (a default export), API routes aside. */
function pageFiles(): string[] {
  const dir = path.resolve("app/routes");
  return fs
    .readdirSync(dir)
    .filter((f) => !f.startsWith("api.") && /\.tsx?$/.test(f))
    .filter((f) => /^export default /m.test(fs.readFileSync(path.join(dir, f), "utf8")));
}

test("every page file of app/routes is in the scan", () => {
  expect(pageFiles().filter((f) => !(f in pages))).toEqual([]);
});

/** What is wrong with the page as shown: its overflow past the screen's width, and the buttons too short to tap. */
function measure(minTap: number) {
  // A phone widens its layout viewport to what overflows (and zooms out): compare with the screen.
  const width = Math.min(window.innerWidth, screen.width);
  const overflow = document.documentElement.scrollWidth - width;
  const buttons = document.querySelectorAll<HTMLElement>(
    'button, input[type="submit"], input[type="button"], input[type="reset"], [role="button"], a.button, summary.button',
  );
  // A map's pins are 24 px targets (WCAG 2.5.8) that must not cover each other where places are
  // close; the pick-up list beside them does the same (docs/architecture.md#phone).
  const mapPin = (el: Element) => el.classList.contains("places-map__pin");
  const short: string[] = [];
  for (const el of buttons) {
    const box = el.getBoundingClientRect();
    // Hidden (closed <details>, display:none, visually-hidden) buttons are not tapped.
    if (box.width <= 1 || box.height <= 1 || !el.checkVisibility({ visibilityProperty: true })) continue;
    if (box.height < minTap && !mapPin(el)) {
      const name = (el.getAttribute("aria-label") ?? el.textContent ?? (el as HTMLInputElement).value ?? "").trim();
      short.push(`"${name.slice(0, 40)}" ${Math.round(box.height)}px`);
    }
  }
  const wide: string[] = [];
  if (overflow > 0) {
    // Name the widest elements, to say where to look.
    for (const el of document.body.querySelectorAll<HTMLElement>("*")) {
      const box = el.getBoundingClientRect();
      if (box.right > width + 0.5 && box.width > 0 && getComputedStyle(el).position !== "fixed") {
        const parentBox = el.parentElement?.getBoundingClientRect();
        if (!parentBox || parentBox.right <= width + 0.5)
          wide.push(`${el.tagName.toLowerCase()}.${el.className}`.slice(0, 60));
      }
    }
  }
  return { overflow, short, wide: wide.slice(0, 3) };
}

/** A 360 px phone. */
async function phone(browser: Browser, options: { javaScriptEnabled: boolean; storageState?: StorageState }) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    ...options,
  });
  return { context, page: await context.newPage() };
}

/*
 * One visitor's pages in every language: in English with JavaScript (what hydration adds, such as
 * copy buttons, is measured too), in the other three without it, which is quicker and lays out the
 * same markup with their longer or shorter words.
 */
async function scan(browser: Browser, role: Role, signInAs?: string): Promise<string[]> {
  const withScript = await phone(browser, { javaScriptEnabled: true });
  if (signInAs) {
    await signedInAs(withScript.page, signInAs, DEMO_PASSWORD);
  }
  const withoutScript = await phone(browser, {
    javaScriptEnabled: false,
    storageState: await withScript.context.storageState(),
  });
  const urls: string[] = [];
  for (const entry of Object.values(pages)) if (entry !== "not a page") urls.push(...(entry[role] ?? []));
  const problems: string[] = [];
  let checkout = "";
  for (const language of languages) {
    const { page } = language === "en" ? withScript : withoutScript;
    for (const url of urls) {
      let target = url;
      if (url === "checkout") {
        if (!checkout) {
          await page.goto(search);
          checkout = (await page.locator('a[href^="/checkout?"]').first().getAttribute("href")) ?? "";
          expect(checkout, "a checkout link on the results").not.toBe("");
        }
        target = checkout;
      }
      const address = `${target}${target.includes("?") ? "&" : "?"}l=${language}`;
      const response = await page.goto(address);
      const status = response?.status() ?? 0;
      if (status >= 400 && !target.startsWith("/no-such-page")) problems.push(`${address}: HTTP ${status}`);
      const { overflow, short, wide } = await page.evaluate(measure, MIN_TAP);
      if (overflow > 0) problems.push(`${address}: ${overflow}px wider than the screen (${wide.join(", ")})`);
      if (short.length > 0) problems.push(`${address}: buttons under ${MIN_TAP}px: ${short.join(", ")}`);
    }
  }
  await withScript.context.close();
  await withoutScript.context.close();
  return problems;
}

test.describe("every page fits a 360 px phone, in four languages", () => {
  test.setTimeout(180_000);
  const roles: Array<[string, Role, string | undefined]> = [
    ["public pages", "public", undefined],
    ["a driver's pages", "driver", DRIVER],
    ["staff's pages", "staff", STAFF],
    ["an admin's pages", "admin", ADMIN],
  ];
  for (const [title, role, account] of roles)
    test(title, async ({ browser }) => {
      expect(await scan(browser, role, account)).toEqual([]);
    });
});
