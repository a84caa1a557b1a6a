/**
 * docs/security.md#text-input: a NUL or another control character in a text field is answered
 * with the field's translated message, never a 500: over raw HTTP against the API, and on a page
 * form with JavaScript on and off (the server re-renders the message).
 */
import { expect, jsModes, test } from "./support";

const MESSAGE = "contains invisible or control characters that cannot be saved; please remove them and try again";
const clientAddress = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;

test("the API answers 400 with the field's message for a NUL in sign-up and send-email", async ({ request }) => {
  const headers = { "X-Forwarded-For": clientAddress(), "Content-Type": "application/json" };
  const email = `nul-${Date.now()}@example.com`;
  const signUp = await request.post("/api/sign-up?l=en", {
    headers,
    data: JSON.stringify({
      fullName: "Ana\u0000",
      email,
      phone: "+584141112233",
      birthDate: "1990-01-01",
      password: "secret1",
      confirmPassword: "secret1",
      tos: true,
    }),
  });
  expect(signUp.status()).toBe(400);
  expect((await signUp.json()).error.fields).toEqual({ fullName: `fullName ${MESSAGE}` });

  const contact = await request.post("/api/send-email?l=en", {
    headers,
    data: JSON.stringify({ email, subject: "Hi\u0000", message: "Body\u0000" }),
  });
  expect(contact.status()).toBe(400);
  expect((await contact.json()).error.fields).toEqual({ subject: `subject ${MESSAGE}`, message: `message ${MESSAGE}` });
});

for (const mode of jsModes) {
  test.describe(`text input ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("the contact form shows the message for a control character and sends nothing", async ({ page }) => {
      await page.setExtraHTTPHeaders({ "X-Forwarded-For": clientAddress() });
      await page.goto("/contact?l=en");
      await page.getByLabel("Email").fill(`nul-form-${Date.now()}@example.com`);
      await page.getByLabel("Subject").fill("Airport\u0000pick-up");
      await page.getByLabel("Message").fill("Can I collect the car at 6 am?\nThanks");
      await page.getByRole("button", { name: "Send" }).click();
      await expect(page.getByText(`Subject ${MESSAGE}`).first()).toBeVisible();
      await expect(page).toHaveURL(/\/contact(?!.*sent=1)/);
      await expect(page.getByLabel("Subject")).toHaveAttribute("aria-invalid", "true");
    });
  });
}
