import { createAccount } from "./accounts";
import { expect, test } from "./support";

/* The account forms (sign-up, sign-in, password reset, activation, settings) against forged input. */

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
