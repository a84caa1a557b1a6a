import sharp from "sharp";
import { createAccount, FIRST_PASSWORD } from "./accounts";
import { expect, jsModes, test } from "./support";

/* A signed-in account's settings: its avatar picture and its language. */

for (const mode of jsModes) {
  test.describe(`accounts ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

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
  });
}
