import { share } from "./worker-servers";
import postgres from "postgres";
import type { Browser, Page } from "@playwright/test";
import { activatedAccount } from "./activated-account";
import { ADMIN, DEMO_PASSWORD, DRIVER } from "./admin-fixtures";
import { caracas, expect, jsModes, signIn, test, uniqueEmail } from "./support";

/*
 * The phone polish of issue 26 (docs/architecture.md#phone): a one-row header, a menu that closes
 * on navigation, staff landing in the back office, pages past the end, and the activation page.
 */
const STAFF = "staff@llanos.example";
const phone = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

const sql = postgres(share.databaseUrl ?? "postgres://postgres@127.0.0.1:5432/rueda_e2e", { max: 1 });
test.afterAll(async () => {
  await sql.end();
});

/** Signs in and waits for the landing page. */
async function signedIn(page: Page, email: string) {
  await signIn(page, email, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/sign-in/);
}

async function phoneContext(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({ ...phone, javaScriptEnabled });
  return { context, page: await context.newPage() };
}

test("the header is one row on a 360 px phone, in every language, signed in or not", async ({ browser }) => {
  // Eight pages in two browser contexts: 19 s of the default 30 s in a CI run on a slow machine.
  test.slow();
  for (const account of [null, DRIVER]) {
    const { context, page } = await phoneContext(browser);
    if (account) await signedIn(page, account);
    for (const language of ["es", "en", "fr", "el"]) {
      await page.goto(`/search?l=${language}`);
      const header = page.getByRole("banner");
      const box = (await header.boundingBox())!;
      // One row of 44 px targets and its padding.
      expect(box.height, `${language} ${account ?? "signed out"}`).toBeLessThanOrEqual(56);
      // Still there, within the screen: the menu, the language, and signing in or out.
      const right = await header.evaluate((h) =>
        Math.max(
          ...[...h.querySelectorAll("a, button, summary")]
            .filter((e) => e.checkVisibility())
            .map((e) => e.getBoundingClientRect().right),
        ),
      );
      expect(right).toBeLessThanOrEqual(360);
      await expect(header.locator("summary")).toHaveCount(2);
      await expect(
        account ? header.locator('form[action="/sign-out"] button') : header.locator('a[href^="/sign-in"]'),
      ).toBeVisible();
    }
    await context.close();
  }
  // Sign-up sits in the menu on a phone.
  const { context, page } = await phoneContext(browser);
  await page.goto("/about?l=en");
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.getByRole("banner").getByText("Menu", { exact: true }).click();
  await page.getByRole("banner").getByRole("link", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/sign-up$/);
  await context.close();
});

for (const mode of jsModes) {
  test(`the menu is closed on the page a menu link opens, ${mode.name}`, async ({ browser }) => {
    const { context, page } = await phoneContext(browser, mode.javaScriptEnabled);
    await page.goto("/?l=en");
    const menu = page.getByRole("banner").locator("details.menu").first();
    for (const link of ["Locations", "About"]) {
      await menu.getByText("Menu", { exact: true }).click();
      await expect(menu.getByRole("link", { name: "Contact" })).toBeVisible();
      await menu.getByRole("link", { name: link }).click();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page).toHaveURL(link === "About" ? /\/about$/ : /\/locations$/);
      await expect(menu).not.toHaveAttribute("open");
      await expect(menu.getByRole("link", { name: "Contact" })).toBeHidden();
    }
    await context.close();
  });
}

test("staff and admins land in the back office after signing in, drivers at home; a redirectTo wins", async ({
  page,
}) => {
  for (const [email, landing] of [
    [STAFF, /\/admin$/],
    [ADMIN, /\/admin$/],
    [DRIVER, /\/$/],
  ] as const) {
    await page.context().clearCookies();
    await signIn(page, email, DEMO_PASSWORD);
    await expect(page).toHaveURL(landing);
  }
  await page.context().clearCookies();
  await page.goto("/sign-in?redirectTo=%2Fnotifications&l=en");
  await page.getByLabel("Email").fill(STAFF);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/notifications$/);
});

test("a page past the end shows the last page and offers no Next", async ({ page }) => {
  const search = `/search?pickup=1&same=1&from=${caracas(30, "10:00")}&to=${caracas(32, "10:00")}&l=en`;
  await page.goto(`${search}&page=999`);
  const pager = page.getByRole("navigation", { name: "Pages" });
  await expect(page.getByRole("link", { name: "Book" }).first()).toBeVisible();
  await expect(pager.getByRole("link", { name: "Next" })).toHaveCount(0);
  await expect(pager.locator('[aria-current="page"]')).toHaveText(/^\d+$/);
  const last = Number(await pager.locator('[aria-current="page"]').textContent());
  expect(last).toBeGreaterThan(1);
  await expect(pager.getByRole("link", { name: "Previous" })).toBeVisible();

  await signedIn(page, DRIVER);
  await page.goto("/bookings?page=99&l=en");
  await expect(page.getByRole("link", { name: /^View booking / }).first()).toBeVisible();
});

test("the activation page shows no 'not activated' banner above its form", async ({ page }) => {
  const email = uniqueEmail("unproven");
  // Made through the sign-up form and activated: this browser is signed in as it.
  await activatedAccount(page.request, email, "unproven-pass1");
  // Its address is unproven again (as when an admin resets it): the banner asks to activate.
  await sql`update users set activated = false where email = ${email}`;
  const banner = page.getByRole("region", { name: "Account activation" });
  await page.goto("/about?l=en");
  await expect(banner).toBeVisible();
  await page.goto("/activate?token=not-a-real-token&l=en");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
});
