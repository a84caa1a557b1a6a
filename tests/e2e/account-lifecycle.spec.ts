import type { Page } from "@playwright/test";
import { isActivationEmail as isActivation } from "./activated-account";
import { FIRST_PASSWORD, SECOND_PASSWORD, signedIn } from "./accounts";
import { expect, jsModes, linkFrom, signIn, test, uniqueEmail, waitForEmails } from "./support";
import type { FakeEmail } from "../fakes/resend";

/*
 * An account's whole life through its forms: sign-up, activation, signing out and in, settings,
 * a new password and a forgotten one.
 */
const THIRD_PASSWORD = "third-pass3";

const isReset = (e: FakeEmail) => e.subject === "Reset your Rueda password";

async function fillSignUp(
  page: Page,
  values: { fullName: string; email: string; phone: string; birthDate: string; password: string; confirm: string },
) {
  await page.getByLabel("Full name").fill(values.fullName);
  await page.getByLabel("Email").fill(values.email);
  await page.getByLabel("Phone").fill(values.phone);
  await page.getByLabel("Birth date").fill(values.birthDate);
  await page.getByLabel("Password", { exact: true }).fill(values.password);
  await page.getByLabel("Confirm password").fill(values.confirm);
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$|\/\?/);
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
}

/** Clicks a settings button and waits for the server's answer (a toast may still show from the previous save). */
async function saveSettings(page: Page, button: string) {
  const answered = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/settings"),
  );
  await page.getByRole("button", { name: button }).click();
  await answered;
  await expect(page.getByText("Settings updated successfully")).toBeVisible();
}

for (const mode of jsModes) {
  test.describe(`accounts ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("sign up, activate, sign out, stay connected, settings, change password, forgot and reset", async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const email = uniqueEmail("life");

      // Sign up: told to check the email, and not signed in: nobody has proven the address yet.
      await page.goto("/sign-up?l=en");
      await fillSignUp(page, {
        fullName: "Lucía Prueba",
        email,
        phone: "+58 414-555 1234",
        birthDate: "1995-03-08",
        password: FIRST_PASSWORD,
        confirm: FIRST_PASSWORD,
      });
      await page.getByLabel("I accept the Terms of Use").check();
      await page.getByRole("button", { name: "Sign up" }).click();
      await expect(page.getByText("Activation email sent")).toBeVisible();
      await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
      expect((await page.context().cookies()).find((c) => c.name === "__session")).toBeUndefined();

      // The activation email, in the visitor's language, through the outbox and Resend. Activating
      // asks for the password again and signs in with a browser session.
      const [activation] = await waitForEmails(request, email, { match: isActivation });
      expect(activation.text).toContain("Lucía Prueba");
      await page.goto(linkFrom(activation, "/activate"));
      await page.getByLabel("Password", { exact: true }).fill(FIRST_PASSWORD);
      await page.getByLabel("Confirm password").fill(FIRST_PASSWORD);
      await page.getByRole("button", { name: "Activate my account" }).click();
      await expect(page.getByText("Changes made successfully. Your account is activated.")).toBeVisible();
      await expect(page.getByText("Your account is not activated yet.")).toHaveCount(0);
      await signedIn(page);
      const browserSession = (await page.context().cookies()).find((c) => c.name === "__session");
      expect(browserSession?.expires).toBe(-1);

      await signOut(page);

      // Stay connected: a 30-day cookie.
      await page.goto("/sign-in?l=en");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(FIRST_PASSWORD);
      await page.getByLabel("Stay connected").check();
      await page.getByRole("button", { name: "Sign in" }).click();
      await signedIn(page);
      const persistent = (await page.context().cookies()).find((c) => c.name === "__session");
      expect(persistent!.expires * 1000).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);

      // Settings: a profile change and the notification switch persist.
      await page.goto("/settings");
      await page.getByLabel("Location").fill("Mérida");
      await page.getByLabel("Bio").fill("Weekend driver.");
      await page.getByLabel("Document type").selectOption({ label: "Passport" });
      await page.getByLabel("Document number").fill("P1234567");
      await saveSettings(page, "Save profile");
      await page.getByLabel("Email notifications").uncheck();
      await saveSettings(page, "Save notification settings");
      await page.reload();
      await expect(page.getByLabel("Location")).toHaveValue("Mérida");
      await expect(page.getByLabel("Bio")).toHaveValue("Weekend driver.");
      await expect(page.getByLabel("Document type")).toHaveValue("2");
      await expect(page.getByLabel("Document number")).toHaveValue("P1234567");
      await expect(page.getByLabel("Phone")).toHaveValue("+584145551234");
      await expect(page.getByLabel("Email notifications")).not.toBeChecked();

      // Change password, from the header menu: the wrong current password and the same password are refused first.
      const menu = page.getByRole("navigation", { name: "Main menu" });
      await menu.getByText("Menu", { exact: true }).click();
      await menu.getByRole("link", { name: "Change password" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Change password" })).toBeVisible();
      await page.getByLabel("Current password").fill("not-my-password");
      await page.getByLabel("New password", { exact: true }).fill(SECOND_PASSWORD);
      await page.getByLabel("Confirm new password").fill(SECOND_PASSWORD);
      await page.getByRole("button", { name: "Change password" }).click();
      await expect(page.getByText("Wrong password", { exact: true })).toBeVisible();
      await page.getByLabel("Current password").fill(FIRST_PASSWORD);
      await page.getByLabel("New password", { exact: true }).fill(FIRST_PASSWORD);
      await page.getByLabel("Confirm new password").fill(FIRST_PASSWORD);
      await page.getByRole("button", { name: "Change password" }).click();
      await expect(page.getByText("Please choose a new password")).toBeVisible();
      // Passwords are never sent back in the page, so the form comes back empty.
      await page.getByLabel("Current password").fill(FIRST_PASSWORD);
      await page.getByLabel("New password", { exact: true }).fill(SECOND_PASSWORD);
      await page.getByLabel("Confirm new password").fill(SECOND_PASSWORD);
      await page.getByRole("button", { name: "Change password" }).click();
      await expect(page.getByText("Password changed successfully")).toBeVisible();
      await expect(page).toHaveURL(/\/settings$/);
      await waitForEmails(request, email, { match: (e) => e.subject === "Your Rueda password was changed" });

      // The old password no longer works.
      await signOut(page);
      await signIn(page, email, FIRST_PASSWORD);
      await expect(page.getByText("Incorrect email or password")).toBeVisible();

      // Forgot and reset.
      await page.getByRole("link", { name: "Forgot your password?" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Forgot password" })).toBeVisible();
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await expect(page.getByRole("heading", { name: "Password reset email sent" })).toBeVisible();
      const [reset] = await waitForEmails(request, email, { match: isReset });
      const resetLink = linkFrom(reset, "/reset-password");
      await page.goto(resetLink);
      await page.getByLabel("New password", { exact: true }).fill(THIRD_PASSWORD);
      await page.getByLabel("Confirm new password").fill(THIRD_PASSWORD);
      await page.getByRole("button", { name: "Save new password" }).click();
      await expect(page).toHaveURL(/\/sign-in$/);
      await expect(page.getByText("Password changed successfully")).toBeVisible();

      await signIn(page, email, SECOND_PASSWORD);
      await expect(page.getByText("Incorrect email or password")).toBeVisible();
      await signIn(page, email, THIRD_PASSWORD);
      await signedIn(page);

      // A reset link works once.
      await page.goto(resetLink);
      await expect(page.getByText("This password reset link has already been used.")).toBeVisible();
      await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
    });
  });
}
