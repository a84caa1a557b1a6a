import { share } from "./worker-servers";
import http from "node:http";
import { test as base, type Page } from "@playwright/test";
import { expect, test } from "./support";

/*
 * Browser and hybrid-app clients of the API (docs/security.md#api-origins): a page served from an
 * app origin the operator listed (API_CORS_ORIGINS, see tests/e2e/worker-servers.ts) signs in and calls
 * the API with its cookie and with its token; a page of an origin not listed is refused with the
 * documented 403 `crossSite`, and its script cannot read any answer.
 */
const api = share.baseURL;
const listedPort = share.ports.corsListed;
const unlistedPort = share.ports.corsUnlisted;
const driver = { email: "driver@rueda.example", password: "Rueda2026!" };

/** A tiny app page: nothing but a heading; the test's script runs in it. */
function servePage(pagePort: number): Promise<http.Server> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end('<!doctype html><html lang="en"><head><title>App</title></head><body><h1>App</h1></body></html>');
  });
  return new Promise((resolve) => server.listen(pagePort, "127.0.0.1", () => resolve(server)));
}

type WireAnswer = { url: string; status: number; headers: Record<string, string>; body: string };

/**
 * The answers the browser receives for `urlPattern`, before its CORS check hides them from the
 * page (Chromium's DevTools protocol, the Fetch domain at the response stage).
 */
async function wireAnswers(page: Page, urlPattern: string): Promise<WireAnswer[]> {
  const answers: WireAnswer[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Fetch.enable", { patterns: [{ urlPattern, requestStage: "Response" }] });
  cdp.on("Fetch.requestPaused", (event) => {
    void (async () => {
      const body = await cdp.send("Fetch.getResponseBody", { requestId: event.requestId });
      answers.push({
        url: event.request.url,
        status: event.responseStatusCode ?? 0,
        headers: Object.fromEntries((event.responseHeaders ?? []).map((h) => [h.name.toLowerCase(), h.value])),
        body: body.base64Encoded ? Buffer.from(body.body, "base64").toString("utf8") : body.body,
      });
      await cdp.send("Fetch.continueRequest", { requestId: event.requestId });
    })();
  });
  return answers;
}

let servers: http.Server[] = [];
base.beforeAll(async () => {
  servers = [await servePage(listedPort), await servePage(unlistedPort)];
});
base.afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
});

test.describe("the API from other origins", () => {
  test.use({ ownClientAddress: false });
  test("a page on a listed app origin signs in without a token, then calls the API with its cookie and with its token", async ({
    page,
  }) => {
    await page.goto(`http://127.0.0.1:${listedPort}/`);
    const results = await page.evaluate(
      async ({ api, driver }) => {
        const json = { "Content-Type": "application/json" };
        const signIn = await fetch(`${api}/api/sign-in/frontend?l=en`, {
          method: "POST",
          credentials: "include",
          headers: json,
          body: JSON.stringify(driver),
        });
        const user = await signIn.json();
        const me = await fetch(`${api}/api/user/${user._id}`, { credentials: "include" });
        const language = await fetch(`${api}/api/update-language`, {
          method: "POST",
          credentials: "include",
          headers: json,
          body: JSON.stringify({ id: user._id, language: "en" }),
        });
        const withToken = await fetch(`${api}/api/validate-access-token`, {
          method: "POST",
          headers: { Authorization: `Bearer ${user.accessToken}` },
        });
        return {
          signIn: signIn.status,
          email: user.email,
          hasToken: typeof user.accessToken === "string",
          me: me.status,
          meEmail: (await me.json()).email,
          language: language.status,
          withToken: withToken.status,
          contentLanguage: withToken.headers.get("Content-Language"),
        };
      },
      { api, driver },
    );
    expect(results).toEqual({
      signIn: 200,
      email: driver.email,
      hasToken: true,
      me: 200,
      meEmail: driver.email,
      language: 200,
      withToken: 200,
      contentLanguage: "en",
    });
  });

  test("a page on an origin not listed is refused with 403 crossSite, and its script reads nothing", async ({
    browser,
  }) => {
    // A page of its own, outside the console-error guard: the browser logs the CORS refusals.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${unlistedPort}/`);
    // What the server answered the browser, read off the wire (the page itself may not read it).
    const answers = await wireAnswers(page, `${api}/api/*`);
    const outcome = await page.evaluate(
      async ({ api, driver }) => {
        // A form post needs no preflight: it reaches the server, which refuses it.
        const form = fetch(`${api}/api/sign-in/frontend?l=en`, {
          method: "POST",
          credentials: "include",
          body: new URLSearchParams(driver),
        }).then(
          (response) => `read ${response.status}`,
          (error: Error) => error.name,
        );
        // A JSON call is preflighted, and the preflight is refused.
        const json = fetch(`${api}/api/validate-email`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: driver.email }),
        }).then(
          (response) => `read ${response.status}`,
          (error: Error) => error.name,
        );
        return { form: await form, json: await json };
      },
      { api, driver },
    );
    expect(outcome).toEqual({ form: "TypeError", json: "TypeError" });
    const refused = answers.find((answer) => answer.url.startsWith(`${api}/api/sign-in/frontend`));
    expect(refused?.status).toBe(403);
    expect(refused?.headers["access-control-allow-origin"]).toBeUndefined();
    expect(JSON.parse(refused?.body ?? "null")).toEqual({
      error: {
        code: "crossSite",
        message: expect.stringContaining("another website (origin) that this API does not accept"),
      },
    });
    await context.close();
  });

  test("preflights: 204 with the methods and headers for a listed origin, 403 crossSite for another; a hybrid app signs in with no token", async ({
    playwright,
  }) => {
    const client = await playwright.request.newContext({ baseURL: api });
    const listed = await client.fetch("/api/sign-in/frontend", {
      method: "OPTIONS",
      headers: {
        Origin: "capacitor://localhost",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type",
      },
    });
    expect(listed.status()).toBe(204);
    expect(listed.headers()).toMatchObject({
      "access-control-allow-origin": "capacitor://localhost",
      "access-control-allow-credentials": "true",
      "access-control-allow-methods": "GET, HEAD, POST, DELETE",
      "access-control-allow-headers": "Authorization, Content-Type, Accept-Language",
    });
    const unlisted = await client.fetch("/api/sign-in/frontend?l=en", {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" },
    });
    expect(unlisted.status()).toBe(403);
    expect((await unlisted.json()).error.code).toBe("crossSite");
    expect(unlisted.headers()["access-control-allow-origin"]).toBeUndefined();

    // A Capacitor WebView's sign-in: no bearer token, a foreign origin, no cookie.
    const fromApp = await client.post("/api/sign-in/frontend", {
      data: driver,
      headers: { Origin: "capacitor://localhost", "Sec-Fetch-Site": "cross-site" },
    });
    expect(fromApp.status()).toBe(200);
    expect(fromApp.headers()["access-control-allow-origin"]).toBe("capacitor://localhost");
    const { accessToken } = await fromApp.json();
    expect(
      (
        await client.post("/api/sign-out", {
          headers: { Authorization: `Bearer ${accessToken}`, Origin: "capacitor://localhost" },
        })
      ).status(),
    ).toBe(200);
    await client.dispose();
  });
});
