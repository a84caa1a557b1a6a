import { activationToken } from "./activated-account";
import {
  expect,
  fillVisitor,
  javaScriptOnly,
  searchMaiquetia,
  signIn,
  test,
  uniqueEmail,
  waitForEmails,
} from "./support";

/*
 * docs/security.md#unproven-addresses (review finding M2): an address nobody has proven is not an
 * account. Someone who signs up with another person's address gets no token and no session, and
 * their password does not survive the owner's activation; a visitor's checkout opens the booking
 * just made and its payment, and nothing else of the account.
 */
test("sign-up with someone else's address: no API token, no session, and the owner's activation shuts the registrant out", async ({
  playwright,
  baseURL,
  page,
}) => {
  test.setTimeout(60_000);
  const victim = uniqueEmail("victim");
  const attacker = await playwright.request.newContext({ baseURL });

  // The attacker signs up with the victim's address and a password of their own.
  const signUp = await attacker.post("/sign-up?l=en", {
    form: {
      fullName: "Not The Owner",
      email: victim,
      phone: "+58 414 555 0000",
      birthDate: "1990-01-01",
      password: "Attacker1!",
      confirmPassword: "Attacker1!",
      tos: "on",
    },
    maxRedirects: 0,
  });
  expect(signUp.status()).toBe(302);
  expect(signUp.headers()["set-cookie"] ?? "").not.toContain("__session=");

  // No bearer token for an unproven address, and no session either.
  const token = await attacker.post("/api/sign-in/frontend?l=en", { data: { email: victim, password: "Attacker1!" } });
  expect(token.status()).toBe(403);
  const body = (await token.json()) as { error: { code: string }; accessToken?: string };
  expect(body.error.code).toBe("notActivated");
  expect(body).not.toHaveProperty("accessToken");
  expect(token.headers()["set-cookie"] ?? "").not.toContain("__session=");
  const form = await attacker.post("/sign-in?l=en", {
    form: { email: victim, password: "Attacker1!" },
    maxRedirects: 0,
  });
  expect(form.status()).toBe(403);
  expect(form.headers()["set-cookie"] ?? "").not.toContain("__session=");

  // The owner opens the emailed link: activating asks for a password of their own.
  const activation = await activationToken(attacker, victim);
  await page.goto(`/activate?token=${activation}&l=en`);
  await page.getByLabel("Password", { exact: true }).fill("owner-pass1");
  await page.getByLabel("Confirm password").fill("owner-pass1");
  await page.getByRole("button", { name: "Activate my account" }).click();
  await expect(page.getByText("Your account is activated.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();

  // The registrant's password is gone; the owner's works.
  expect(
    (await attacker.post("/api/sign-in/frontend", { data: { email: victim, password: "Attacker1!" } })).status(),
  ).toBe(401);
  expect(
    (await attacker.post("/api/sign-in/frontend", { data: { email: victim, password: "owner-pass1" } })).status(),
  ).toBe(200);
  await attacker.dispose();
});

// JavaScript only: what the grant opens is the server's answer; the checkout form is submitted without JavaScript in checkout.spec.ts (docs/operations.md#tests).
for (const [index, mode] of javaScriptOnly.entries()) {
  test.describe(`a visitor's checkout ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("opens the booking just made and its payment through the grant, and nothing else of the account", async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const email = uniqueEmail("unproven-visitor");
      await searchMaiquetia(page, 330 + index * 6);
      await page.locator("article.car-card").first().getByRole("link", { name: "Book" }).click();
      await fillVisitor(page, { email });
      await page.getByLabel("I accept the Terms of Use").check();
      await page.getByRole("button", { name: "Book now" }).click();

      await expect(page).toHaveURL(/\/booking\?b=\d+&g=[\w-]{24}$/);
      const bookingUrl = page.url();
      await expect(page.getByRole("heading", { level: 1, name: /^Booking RD-/ })).toBeVisible();
      await expect(
        page.getByText("To amend or cancel this booking, or to see your other bookings, activate your account"),
      ).toBeVisible();
      // Not signed in, and the driver's address is not shown to whoever holds the link.
      await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
      await expect(page.getByText(email)).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);

      // Its payment opens through the same grant.
      await page.getByRole("link", { name: "Pay now" }).click();
      await expect(page).toHaveURL(/\/payment\?b=\d+&g=[\w-]{24}$/);
      await expect(page.getByRole("link", { name: "Pay with pago móvil" })).toBeVisible();

      // Nothing else of the account: its pages ask to sign in, and the account cannot sign in yet.
      for (const path of ["/bookings", "/settings", "/notifications"]) {
        await page.goto(`${path}?l=en`);
        await expect(page, path).toHaveURL(/\/sign-in\?redirectTo=/);
      }
      // The booking without its grant is not open either.
      const bookingId = new URL(bookingUrl).searchParams.get("b");
      await page.goto(`/booking?b=${bookingId}&l=en`);
      await expect(page).toHaveURL(/\/sign-in\?redirectTo=/);
      await waitForEmails(request, email, { match: (e) => e.subject === "Activate your Rueda account" });
      await signIn(page, email, "any-password1");
      await expect(page.getByText("Incorrect email or password")).toBeVisible();
      await page.goto(bookingUrl);
      await expect(page.getByRole("heading", { level: 1, name: /^Booking RD-/ })).toBeVisible();
    });
  });
}
