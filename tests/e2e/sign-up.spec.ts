import type { APIRequestContext } from "@playwright/test";
import { isActivationEmail as isActivation } from "./activated-account";
import { FIRST_PASSWORD, SECOND_PASSWORD, signedIn } from "./accounts";
import { expect, jsModes, linkFrom, resendFakeUrl, signIn, test, uniqueEmail, waitForEmails } from "./support";
import type { FakeEmail } from "../fakes/resend";

/* Signing up: the activation an account needs before it signs in, and the form's messages. */

async function emailsTo(request: APIRequestContext, to: string): Promise<FakeEmail[]> {
  const response = await request.get(`${resendFakeUrl}/emails?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { data: FakeEmail[] }).data;
}

for (const mode of jsModes) {
  test.describe(`accounts ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

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
