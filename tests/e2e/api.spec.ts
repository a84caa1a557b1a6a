import { expect, jsModes, test } from "./support";

/*
 * The API's guards that sit in the Express server in front of Remix (docs/security.md#api-tokens,
 * #cross-site-posts, #request-bodies), over real HTTP, and the reference page. The calls
 * themselves are covered in-process by tests/integration/api-*.test.ts.
 */
const driver = { email: "driver@rueda.example", password: "Rueda2026!" };

test.describe("API over HTTP", () => {
  test("a cookie-authenticated write from another site is refused; a bearer-only call from anywhere passes", async ({
    playwright,
    baseURL,
  }) => {
    const client = await playwright.request.newContext({ baseURL });
    const signIn = await client.post("/api/sign-in/frontend?l=en", { data: driver });
    expect(signIn.status()).toBe(200);
    const { accessToken, user } = await signIn.json();
    expect(user.email).toBe(driver.email);

    // The context now holds the session cookie: a foreign page's post would carry it.
    const forged = await client.post("/api/update-language?l=en", {
      data: { language: "fr" },
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(forged.status()).toBe(403);
    expect(await forged.json()).toEqual({
      error: { code: "crossSite", message: expect.stringContaining("another website") },
    });
    // The same cookie from the site's own origin works.
    const own = await client.post("/api/validate-access-token", { headers: { Origin: baseURL! } });
    expect(own.status()).toBe(200);

    const bearerOnly = await playwright.request.newContext({ baseURL });
    const fromApp = await bearerOnly.post("/api/validate-access-token", {
      headers: {
        Authorization: `Bearer ${accessToken}`,
        Origin: "https://app.example",
        "Sec-Fetch-Site": "cross-site",
      },
    });
    expect(fromApp.status()).toBe(200);
    expect(fromApp.headers()["access-control-allow-origin"]).toBeUndefined();

    expect(
      (await bearerOnly.post("/api/sign-out", { headers: { Authorization: `Bearer ${accessToken}` } })).status(),
    ).toBe(200);
    expect(
      (
        await bearerOnly.post("/api/validate-access-token", { headers: { Authorization: `Bearer ${accessToken}` } })
      ).status(),
    ).toBe(401);
    await client.dispose();
    await bearerOnly.dispose();
  });

  test("oversized and unreadable requests get the JSON error shape", async ({ request }) => {
    const tooLarge = await request.post("/api/send-email?l=en", {
      data: { subject: "Big", message: "x".repeat(300 * 1024), email: "big@example.com" },
    });
    expect(tooLarge.status()).toBe(413);
    expect(await tooLarge.json()).toEqual({ error: { code: "tooLarge", message: expect.any(String) } });

    const undecodable = await request.get("/api/check-password/1/100%?l=en");
    expect(undecodable.status()).toBe(400);
    expect((await undecodable.json()).error.code).toBe("badRequest");

    const openapi = await request.get("/api/openapi.json");
    expect(openapi.status()).toBe(200);
    const document = await openapi.json();
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths)).toContain("/api/sign-in/frontend");
  });

  for (const mode of jsModes) {
    test(`the reference page is readable ${mode.name}`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({
        baseURL,
        javaScriptEnabled: mode.javaScriptEnabled,
        viewport: { width: 390, height: 844 },
      });
      const page = await context.newPage();
      await page.goto("/api/docs?l=en");
      await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "POST /api/sign-in/frontend" })).toBeVisible();
      await page.getByRole("link", { name: "GET /api/user/{id}" }).click();
      await expect(page.getByRole("heading", { name: "GET /api/user/{id}" })).toBeInViewport();
      // Nothing wider than a phone: code blocks scroll inside themselves.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await context.close();
    });
  }
});
