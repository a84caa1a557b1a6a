import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { activatedAccount } from "./activated-account";
import { expect, jsModes, linkFrom, resendFakeUrl, signIn, test, uniqueEmail, waitForEmails } from "./support";
import type { FakeEmail } from "../fakes/resend";

const FIRST_PASSWORD = "first-pass1";
const SECOND_PASSWORD = "second-pass2";
const THIRD_PASSWORD = "third-pass3";

const isActivation = (e: FakeEmail) => e.subject === "Activate your Rueda account";
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

/** An account made through the real sign-up form and activated; the page's browser context is signed in as it. */
function createAccount(page: Page, email = uniqueEmail("acct"), password = FIRST_PASSWORD) {
  return activatedAccount(page.request, email, password);
}

async function emailsTo(request: APIRequestContext, to: string): Promise<FakeEmail[]> {
  const response = await request.get(`${resendFakeUrl}/emails?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { data: FakeEmail[] }).data;
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

const signedIn = (page: Page) => expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();

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

    test("signing in before activating is refused with a resend button; only the newest link activates", async ({
      page,
      request,
    }) => {
      const email = uniqueEmail("unproven");
      const signUp = await request.post("/sign-up?l=en", {
        form: {
          fullName: "Test Driver",
          email,
          phone: "+58 414 555 0000",
          birthDate: "1990-04-12",
          password: FIRST_PASSWORD,
          confirmPassword: FIRST_PASSWORD,
          tos: "on",
        },
      });
      expect(signUp.status()).toBe(200);
      await waitForEmails(request, email, { match: isActivation });
      await signIn(page, email, FIRST_PASSWORD);
      await expect(
        page.getByText(
          "Your account is not activated yet. Open the link in the activation email we sent you, or ask for a new one.",
        ),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
      await page.getByRole("button", { name: "Resend activation email" }).click();
      await expect(
        page.getByText(
          "If this address has an account waiting for activation, we have sent it a new activation email.",
        ),
      ).toBeVisible();
      const emails = await waitForEmails(request, email, { match: isActivation, count: 2 });
      const [first, second] = emails.map((e) => linkFrom(e, "/activate"));
      expect(first).not.toBe(second);

      await page.goto(first);
      await expect(page.getByText("This activation link is not valid.")).toBeVisible();
      await page.goto(second);
      await page.getByLabel("Password", { exact: true }).fill(SECOND_PASSWORD);
      await page.getByLabel("Confirm password").fill(SECOND_PASSWORD);
      await page.getByRole("button", { name: "Activate my account" }).click();
      await expect(page.getByText("Changes made successfully. Your account is activated.")).toBeVisible();
      await signedIn(page);
      await page.goto(second);
      await expect(page.getByText("This activation link has already been used.")).toBeVisible();
    });

    test("avatar: images only, re-encoded, deleted after a confirmation", async ({ page }) => {
      await createAccount(page);
      await page.goto("/settings?l=en");
      await page
        .getByLabel("Image")
        .setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("I am not a picture") });
      await page.getByRole("button", { name: "Upload picture" }).click();
      await expect(page.getByText("The file must be an image (JPEG, PNG, WebP or GIF)")).toBeVisible();

      await page.getByLabel("Image").setInputFiles([]);
      await page.getByRole("button", { name: "Upload picture" }).click();
      await expect(page.getByText("Please add an image")).toBeVisible();

      const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#0b6e4f" } })
        .jpeg()
        .toBuffer();
      await page.getByLabel("Image").setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: photo });
      await page.getByRole("button", { name: "Upload picture" }).click();
      await expect(page.getByText("Settings updated successfully")).toBeVisible();
      const avatar = page.getByRole("img", { name: "Your avatar picture" });
      await expect(avatar).toBeVisible();
      const src = await avatar.getAttribute("src");
      expect(src).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
      const image = await page.request.get(src!);
      expect(image.headers()["content-type"]).toBe("image/webp");
      const meta = await sharp(await image.body()).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", 256, 256]);

      await page.getByRole("link", { name: "Delete picture" }).click();
      await expect(page.getByText("Are you sure you want to delete your avatar picture?")).toBeVisible();
      await page.getByRole("link", { name: "Cancel" }).click();
      await expect(avatar).toBeVisible();
      await page.getByRole("link", { name: "Delete picture" }).click();
      await page.getByRole("button", { name: "Yes, delete it" }).click();
      await expect(page.getByText("You have no avatar picture yet.")).toBeVisible();
      expect((await page.request.get(src!)).status()).toBe(404);
    });

    test("the language chosen in settings is saved on the account; ?l= overrides and is saved too", async ({
      page,
    }) => {
      const email = await createAccount(page);
      await page.goto("/settings?l=en");
      await page.getByRole("combobox", { name: "Language" }).selectOption({ label: "Français" });
      await page.getByRole("button", { name: "Save language" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Paramètres" })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", "fr");
      await expect(page.getByText("Paramètres mis à jour avec succès")).toBeVisible();

      await page.goto("/about?l=es");
      await page.context().clearCookies({ name: "lng" });
      await page.goto("/settings");
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      await expect(page.getByRole("combobox", { name: "Idioma" })).toHaveValue("es");

      // Signing in later from an English page (no ?l=) brings the account's Spanish back.
      await page.context().clearCookies();
      await page.goto("/about?l=en");
      await page.goto("/sign-in");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(FIRST_PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      await expect(page.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
    });

    for (const language of ["en", "es"] as const) {
      test(`sign-up validation messages in ${language}; nothing is written for a rejected form`, async ({
        page,
        request,
      }) => {
        const words = {
          en: {
            labels: ["Full name", "Email", "Phone", "Birth date", "Password", "Confirm password"],
            submit: "Sign up",
            missing: "Please fill in the fields: Full name, Email, Phone, Birth date, Password, Confirm password",
            fix: "Please fix errors",
            messages: [
              "Invalid email address",
              "Invalid phone number",
              "You must be at least 21 years old",
              "Password must be at least 6 characters long",
              "Please accept the Terms of Use",
            ],
            mismatch: "Passwords don't match",
            tos: "I accept the Terms of Use",
            taken: "This email address is already registered",
          },
          es: {
            labels: [
              "Nombre completo",
              "Correo electrónico",
              "Teléfono",
              "Fecha de nacimiento",
              "Contraseña",
              "Confirmar contraseña",
            ],
            submit: "Registrarse",
            missing:
              "Por favor, complete los campos: Nombre completo, Correo electrónico, Teléfono, Fecha de nacimiento, Contraseña, Confirmar contraseña",
            fix: "Por favor, corrija los errores",
            messages: [
              "Correo electrónico no válido",
              "Número de teléfono no válido",
              "Debe tener al menos 21 años",
              "La contraseña debe tener al menos 6 caracteres",
              "Por favor, acepte las condiciones de uso",
            ],
            mismatch: "Las contraseñas no coinciden",
            tos: "Acepto las condiciones de uso",
            taken: "Esta dirección de correo electrónico ya está registrada",
          },
        }[language];
        const field = (index: number) => page.getByLabel(words.labels[index], { exact: true });
        const email = uniqueEmail(`invalid-${language}`);

        await page.goto(`/sign-up?l=${language}`);
        await page.getByRole("button", { name: words.submit }).click();
        await expect(page.getByText(words.missing)).toBeVisible();

        const tooYoung = new Date(Date.now() - 20 * 365.25 * 24 * 3600_000).toISOString().slice(0, 10);
        await field(0).fill("Pedro Joven");
        await field(1).fill("pedro@");
        await field(2).fill("12-ab");
        await field(3).fill(tooYoung);
        await field(4).fill("12345");
        await field(5).fill("12345");
        await page.getByRole("button", { name: words.submit }).click();
        await expect(page.getByText(words.fix)).toBeVisible();
        for (const message of words.messages) await expect(page.getByText(message, { exact: true })).toBeVisible();

        await field(1).fill(email);
        await field(2).fill("0414 555 6789");
        await field(3).fill("1990-01-01");
        await field(4).fill("secret1");
        await field(5).fill("secret2");
        await page.getByLabel(words.tos).check();
        await page.getByRole("button", { name: words.submit }).click();
        await expect(page.getByText(words.mismatch)).toBeVisible();

        // The address already belongs to the demo driver.
        await field(1).fill("driver@rueda.example");
        await field(4).fill("secret1");
        await field(5).fill("secret1");
        if (!(await page.getByLabel(words.tos).isChecked())) await page.getByLabel(words.tos).check();
        await page.getByRole("button", { name: words.submit }).click();
        await expect(page.getByText(words.taken)).toBeVisible();

        // None of the rejected forms created an account or sent an email.
        expect(await emailsTo(request, email)).toEqual([]);
        await signIn(page, email, "secret1");
        await expect(page.getByText("Incorrect email or password")).toBeVisible();
      });
    }
  });
}

/*
 * Where sign-in leads and whom it refuses is the server's answer, the same with JavaScript on or off; the sign-in form is submitted without JavaScript above (docs/operations.md#tests).
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

test("forged, oversized and malformed input gets 4xx or a friendly page, never 500", async ({ page, request }) => {
  const big = "x".repeat(20_000);
  // Signed out first.
  let api = request;

  expect(
    (
      await api.post("/sign-up?l=en", {
        form: {
          fullName: big,
          email: "a@b.co",
          phone: big,
          birthDate: big,
          password: big,
          confirmPassword: big,
          tos: "on",
        },
      })
    ).status(),
  ).toBe(400);
  expect((await api.post("/sign-up?l=en", { form: { fullName: "x".repeat(2_000_000) } })).status()).toBe(413);
  expect((await api.post("/sign-in?l=en", { form: {} })).status()).toBe(400);
  expect((await api.post("/sign-in?l=en", { form: { email: "a@b.co", password: big } })).status()).toBe(400);
  expect((await api.fetch("/sign-in", { method: "PUT", form: { email: "a@b.co" } })).status()).toBe(405);
  expect((await api.post("/forgot-password?l=en", { form: { email: big } })).status()).toBe(400);
  expect(
    (
      await api.post("/reset-password?l=en", {
        form: { token: "forged", password: "secret1", confirmPassword: "secret1" },
        maxRedirects: 0,
      })
    ).status(),
  ).toBe(302);
  expect(
    (
      await api.post("/reset-password?l=en", { form: { token: big, password: "secret1", confirmPassword: "secret1" } })
    ).status(),
  ).toBe(400);
  expect((await api.get(`/reset-password?token=${"a".repeat(5000)}`)).status()).toBe(200);
  expect(
    (
      await api.post("/activate?l=en", {
        form: { intent: "activate", token: "A".repeat(43), password: "secret1", confirmPassword: "secret1" },
        maxRedirects: 0,
      })
    ).status(),
  ).toBe(302);
  expect(
    (
      await api.post("/activate?l=en", { form: { intent: "activate", token: "A".repeat(43) }, maxRedirects: 0 })
    ).status(),
  ).toBe(400);
  expect(
    (await api.post("/activate?l=en", { form: { intent: "resend", token: "forged" }, maxRedirects: 0 })).status(),
  ).toBe(302);
  expect((await api.post("/activate?l=en", { form: { intent: "nonsense" } })).status()).toBe(400);
  expect((await api.get("/sign-out", { maxRedirects: 0 })).status()).toBe(302);

  const email = await createAccount(page);
  api = page.request;

  // Settings only ever touch the signed-in user: a forged id is ignored, a forged intent refused.
  const profile = await api.post("/settings?l=en", {
    form: { intent: "profile", fullName: "Renamed Driver", userId: "1", id: "1" },
    maxRedirects: 0,
  });
  expect(profile.status()).toBe(302);
  await page.goto("/settings?l=en");
  await expect(page.getByLabel("Full name")).toHaveValue("Renamed Driver");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  expect((await api.post("/settings", { form: { intent: "become-admin" } })).status()).toBe(400);
  expect((await api.post("/settings", { form: { intent: "language", language: "xx" } })).status()).toBe(400);
  expect(
    (
      await api.post("/settings", {
        form: { intent: "profile", fullName: "x", birthDate: "not-a-date", documentType: "9" },
      })
    ).status(),
  ).toBe(400);
  const oversizedImage = await api.post("/settings?l=en", {
    multipart: {
      intent: "avatar",
      avatar: { name: "big.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(5 * 1024 * 1024 + 10, 1) },
    },
  });
  expect(oversizedImage.status()).toBe(400);
  expect(await oversizedImage.text()).toContain("The image must be 5 MB or smaller");
  const garbled = await api.post("/settings", {
    headers: { "Content-Type": "multipart/form-data; boundary=zzz" },
    data: "not multipart at all",
  });
  expect(garbled.status()).toBe(400);

  // Signed out, the account pages send you to sign in rather than failing.
  await page.context().clearCookies();
  const changePassword = await api.post("/change-password", {
    form: { currentPassword: "a", password: "b", confirmPassword: "b" },
    maxRedirects: 0,
  });
  expect(changePassword.status()).toBe(302);
  expect(changePassword.headers().location).toBe("/sign-in?redirectTo=%2Fchange-password");
  const resend = await api.post("/resend-activation", {
    form: { redirectTo: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(resend.headers().location).toMatch(/^\/sign-in/);
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
