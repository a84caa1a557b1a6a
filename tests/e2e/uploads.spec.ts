import { activatedAccount } from "./activated-account";
import crypto from "node:crypto";
import sharp from "sharp";
import { expect, javaScriptOnly, test, uniqueEmail } from "./support";
import { signedInAs } from "./sign-in";

const PASSWORD = "upload-pass1";

// JavaScript only: the avatar form is submitted without JavaScript in account-settings.spec.ts; what it checks is how the server serves the image (docs/operations.md#tests).
for (const mode of javaScriptOnly) {
  test.describe(`uploads ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("an uploaded avatar is served from the database at a content-hashed URL, cached for good", async ({
      page,
      request,
    }) => {
      // A new account (made through the real sign-up form and activated), then a real sign-in.
      const email = uniqueEmail("upload");
      await activatedAccount(page.request, email, PASSWORD, { fullName: "Upload Tester" });
      await page.context().clearCookies();
      await signedInAs(page, email, PASSWORD);

      await page.goto("/settings?l=en");
      const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#1d4e89" } })
        .jpeg()
        .toBuffer();
      await page.getByLabel("Image").setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: photo });
      await page.getByRole("button", { name: "Upload picture" }).click();
      await expect(page.getByText("Settings updated successfully")).toBeVisible();

      const src = await page.getByRole("img", { name: "Your avatar picture" }).getAttribute("src");
      expect(src).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
      // Fetched without the session: any web process serves it to anyone who has the URL.
      const image = await request.get(src!);
      expect(image.status()).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/webp");
      expect(image.headers()["cache-control"]).toContain("immutable");
      const body = await image.body();
      // The name is the SHA-256 of the bytes it serves.
      expect(src).toBe(`/media/${crypto.createHash("sha256").update(body).digest("hex")}.webp`);
      expect(await sharp(body).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });

      const revalidated = await request.get(src!, { headers: { "If-None-Match": image.headers()["etag"] } });
      expect(revalidated.status()).toBe(304);
    });
  });
}
