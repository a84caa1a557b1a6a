import { createAccount, FIRST_PASSWORD } from "./accounts";
import { expect, signIn, test, uniqueEmail } from "./support";

/*
 * Where sign-in leads and whom it refuses is the server's answer, the same with JavaScript on or off; the sign-in form is submitted without JavaScript in account-lifecycle.spec.ts (docs/operations.md#tests).
 */
test.describe("accounts: the server's rules", () => {
  test("a signed-out visitor asking for /settings signs in and lands back on /settings", async ({ page }) => {
    const email = await createAccount(page);
    await page.context().clearCookies();
    await page.goto("/?l=en");
    await expect(page.getByRole("link", { name: "Sign up" })).toBeVisible();
    await page.goto("/settings?l=en");
    await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Fsettings/);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(FIRST_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/settings\?l=en$/);
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  });
  test("a blacklisted account is told it is suspended, only with the right password", async ({ page }) => {
    await signIn(page, "suspended@rueda.example", "Rueda2026!");
    await expect(page.getByText("Your account is suspended")).toBeVisible();
    await signIn(page, "suspended@rueda.example", "wrong-password");
    await expect(page.getByText("Incorrect email or password")).toBeVisible();
    await page.goto("/settings?l=en");
    await expect(page).toHaveURL(/\/sign-in/);
  });
});

test("20 wrong passwords for one email are throttled with 429 while other users still sign in", async ({
  page,
  browser,
}) => {
  const victim = await createAccount(page, uniqueEmail("victim"));
  await page.context().clearCookies();
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await page.request.post("/sign-in?l=en", {
      form: { email: victim, password: `guess-${attempt}` },
      maxRedirects: 0,
    });
    statuses.push(response.status());
  }
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
  expect(statuses.slice(10)).toEqual(Array(10).fill(429));

  // Even the right password waits out the limit, and the form says why, translated.
  await page.context().clearCookies();
  await signIn(page, victim, FIRST_PASSWORD);
  await expect(page.getByText("Too many attempts. Please wait a few minutes and try again.")).toBeVisible();
  await page.goto(`/sign-in?l=es`);
  await page.getByLabel("Correo electrónico").fill(victim);
  await page.getByLabel("Contraseña", { exact: true }).fill(FIRST_PASSWORD);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByText("Demasiados intentos", { exact: false })).toBeVisible();

  // Someone else, from the same address, is not locked out.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const bystander = await createAccount(otherPage, uniqueEmail("bystander"));
  await other.clearCookies();
  await signIn(otherPage, bystander, FIRST_PASSWORD);
  await expect(otherPage.getByRole("button", { name: "Sign out" })).toBeVisible();
  await other.close();
});

test("sign-in never redirects off the site", async ({ page }) => {
  const email = await createAccount(page);
  await page.context().clearCookies();
  await page.goto(`/sign-in?l=en&redirectTo=${encodeURIComponent("//evil.example/phish")}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(FIRST_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
});
