import {
  expect,
  hydrated,
  javaScriptOnly,
  jsModes,
  searchMaiquetia,
  test,
  uniqueEmail,
  waitForEmails,
} from "./support";

test("home serves the shell in Spanish by default and English with ?l=en, remembered by cookie", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("link", { name: "Quiénes somos" })).toBeVisible();

  await page.goto("/?l=en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.goto("/about");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "About Rueda" })).toBeVisible();
});

test("unknown URLs answer 404 with the not-found message", async ({ page }) => {
  const response = await page.goto("/nope?l=en");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Nothing to see here!" })).toBeVisible();
  const spanish = await page.goto("/otra/cosa?l=es");
  expect(spanish?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "¡Nada que ver aquí!" })).toBeVisible();
});

for (const [language, about, terms] of [
  ["es", "Acerca de Rueda", "Condiciones del servicio"],
  ["en", "About Rueda", "Terms of Service"],
  ["fr", "À propos de Rueda", "Conditions d’utilisation"],
] as const) {
  test(`/about and /tos render in ${language}`, async ({ page }) => {
    await page.goto(`/about?l=${language}`);
    await expect(page.getByRole("heading", { level: 1, name: about })).toBeVisible();
    await page.goto(`/tos?l=${language}`);
    await expect(page.getByRole("heading", { level: 1, name: terms })).toBeVisible();
    expect(await page.locator("article section").count()).toBeGreaterThan(5);
  });
}

test("the header menu opens without JavaScript and links to the public pages", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/?l=en");
  await page.getByText("Menu", { exact: true }).click();
  await page.getByRole("link", { name: "Contact" }).first().click();
  await expect(page).toHaveURL(/\/contact/);
  await expect(page.getByRole("heading", { level: 1, name: "Contact" })).toBeVisible();
  await context.close();
});

test("with JavaScript the header's, footer's and pager's links move within the page, and mark where it is", async ({
  page,
}) => {
  // A value on the window lives as long as the document: a full page load would lose it.
  const markDocument = async () => {
    await hydrated(page);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  };
  const stillHere = () => page.evaluate(() => "sameDocument" in window);
  await page.goto("/?l=en");
  await markDocument();

  const menu = page.getByRole("navigation", { name: "Main menu" });
  await menu.getByText("Menu", { exact: true }).click();
  await menu.getByRole("link", { name: "About" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "About Rueda" })).toBeVisible();
  expect(await stillHere()).toBe(true);
  await menu.getByText("Menu", { exact: true }).click();
  await expect(menu.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
  await expect(menu.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");

  await page.getByRole("contentinfo").getByRole("link", { name: "Locations" }).click();
  await expect(page).toHaveURL(/\/locations$/);
  expect(await stillHere()).toBe(true);

  await searchMaiquetia(page, 30);
  await markDocument();
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
  await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  expect(await stillHere()).toBe(true);
  // Back returns to the first page, as after any link.
  await page.goBack();
  await expect(page.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  expect(await stillHere()).toBe(true);
});

for (const mode of jsModes) {
  test.describe(`contact form ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("empty fields show the spec's messages and nothing is sent", async ({ page }) => {
      await page.goto("/contact?l=en");
      await page.getByRole("button", { name: "Send" }).click();
      await expect(page.getByText("Please fill in the fields: Email, Subject, Message")).toBeVisible();
      await page.getByLabel("Email").fill("not-an-email");
      await page.getByLabel("Subject").fill("Hello");
      await page.getByLabel("Message").fill("Body");
      await page.getByRole("button", { name: "Send" }).click();
      await expect(page.getByText("Invalid email address")).toBeVisible();
    });
  });
}

// Sending never looks at the mode: without JavaScript it is the /contact row of forms-without-javascript.spec.ts.
for (const mode of javaScriptOnly) {
  test.describe(`contact form ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("a visitor's message is stored and emailed to the admins", async ({ page, request }) => {
      const email = uniqueEmail("contact");
      const subject = `Question ${Date.now()}`;
      await page.goto("/contact?l=en");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Subject").fill(subject);
      await page.getByLabel("Message").fill("Do you deliver cars to hotels in Caracas?");
      await page.getByRole("button", { name: "Send" }).click();
      await expect(page.getByRole("heading", { name: "Message sent" })).toBeVisible();
      const [sent] = await waitForEmails(request, "admin@rueda.example", { match: (e) => e.text.includes(subject) });
      expect(sent.text).toContain(email);
      expect(sent.text).toContain("Do you deliver cars to hotels in Caracas?");
    });
  });
}

test("bad requests get 4xx, never 500", async ({ request }) => {
  const huge = "x".repeat(10 * 1024 * 1024);
  const tooLarge = await request.post("/contact?l=en", { form: { email: "a@b.co", subject: "s", message: huge } });
  expect(tooLarge.status()).toBe(413);
  expect(await tooLarge.text()).toContain("too large");
  const wrongMethod = await request.fetch("/contact", { method: "PUT", form: { subject: "s" } });
  expect(wrongMethod.status()).toBe(405);
  const deleteUnknown = await request.fetch("/about", { method: "DELETE" });
  expect(deleteUnknown.status()).toBe(405);
  const longSubject = await request.post("/contact?l=en", {
    form: { email: "a@b.co", subject: "s".repeat(500), message: "m" },
  });
  expect(longSubject.status()).toBe(400);
});

for (const mode of jsModes) {
  test.describe(`toasts ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    async function sendMessage(page: import("@playwright/test").Page) {
      await page.goto("/contact?l=en");
      await page.getByLabel("Email").fill(uniqueEmail("toast"));
      await page.getByLabel("Subject").fill("Toast check");
      await page.getByLabel("Message").fill("Checking the confirmation toast.");
      await page.getByRole("button", { name: "Send" }).click();
    }

    test("a toast confirms at the bottom right and closes by itself after 5 seconds", async ({ page }) => {
      await sendMessage(page);
      const toast = page.locator(".toast").filter({ hasText: "Message sent" });
      await expect(toast).toBeVisible();
      const box = (await toast.boundingBox())!;
      const viewport = page.viewportSize()!;
      expect(box.x + box.width).toBeGreaterThan(viewport.width * 0.7);
      expect(box.y + box.height).toBeGreaterThan(viewport.height * 0.7);
      // It closes by a CSS animation that starts after 5 s, with or without JavaScript: the test
      // moves that animation's clock instead of waiting for it.
      const animationAt = (ms: number) =>
        toast.evaluate((element, ms) => {
          for (const animation of element.getAnimations()) animation.currentTime = ms;
        }, ms);
      await animationAt(4_900);
      await expect(toast).toBeVisible();
      await animationAt(5_300);
      await expect(toast).toBeHidden();
    });

    test("a toast can be dismissed", async ({ page }) => {
      await sendMessage(page);
      const toast = page.locator(".toast").filter({ hasText: "Message sent" });
      await expect(toast).toBeVisible();
      await toast.getByRole("button", { name: "Close" }).click();
      await expect(toast).toBeHidden({ timeout: 1000 });
    });
  });
}

test("responses carry security headers, and every inline script the CSP nonce", async ({ request }) => {
  const response = await request.get("/?l=en");
  const headers = response.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"])?.[1];
  expect(nonce).toBeTruthy();
  const html = await response.text();
  const scripts = [...html.matchAll(/<script(?![^>]*type="application\/json")([^>]*)>/g)].map((m) => m[1]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
  const asset = /<link rel="modulepreload" href="([^"]+)"/.exec(html)?.[1];
  const assetResponse = await request.get(asset!);
  expect(assetResponse.headers()["cache-control"]).toContain("immutable");
});

test("pages with forms, validated by zod in the browser, break no rule of the CSP", async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.sourceFile}`),
    );
  });
  for (const path of ["/sign-in?l=en", "/contact?l=en"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    // The form's validation ran in the browser: an empty submit is refused without a request.
    await page
      .getByRole("button", { name: /Sign in|Send/ })
      .first()
      .click();
    await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  }
});

test("/healthz reports liveness (process and database) to anyone, /status names every dependency to the operator's token only", async ({
  request,
}) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", database: "ok" });
  const anonymous = await request.get("/status");
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.json()).toEqual({ status: "unauthorized" });
  expect((await request.get("/status", { headers: { Authorization: "Bearer not-the-status-token" } })).status()).toBe(
    401,
  );
  const status = await request.get("/status", { headers: { Authorization: "Bearer e2e-status-token-0123456789" } });
  expect(status.status()).toBe(200);
  const report = await status.json();
  expect(report).toMatchObject({ status: "ok", database: "ok", outbox: { failed: 0 } });
  expect(["ok", "not configured"]).toContain(report.redis);
});

test("/status answers a signed-in admin, not a driver", async ({ playwright, baseURL }) => {
  for (const [email, expected] of [
    ["driver@rueda.example", 403],
    ["admin@rueda.example", 200],
  ] as const) {
    const client = await playwright.request.newContext({ baseURL });
    const signIn = await client.post("/sign-in?l=en", { form: { email, password: "Rueda2026!" }, maxRedirects: 0 });
    expect(signIn.status()).toBe(302);
    expect((await client.get("/status")).status()).toBe(expected);
    await client.dispose();
  }
});
