/**
 * The audit's findings (issue 10), tried the way an attacker or an operator would: raw
 * HTTP against the running app, and servers of their own for start-up, health and stop.
 */
import { share } from "./worker-servers";
import { activatedAccount } from "./activated-account";
import http from "node:http";
import { expect, test } from "./support";
import { bodyLimits } from "../../app/modules/http/body-limits";

const origin = share.baseURL;
const DEMO_PASSWORD = "Rueda2026!";

/** A client address of its own (the e2e server trusts one proxy), so limits tried here touch no other test. */
const clientAddress = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
const randomEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

test.describe("open redirects", () => {
  for (const target of [
    "/.//evil.example",
    "/..//evil.example",
    "/%2e//evil.example",
    "/./\\evil.example",
    "//evil.example",
    "https://evil.example/",
  ]) {
    test(`signing in with redirectTo=${target} stays on the site`, async ({ request }) => {
      const response = await request.post(`/sign-in?l=en&redirectTo=${encodeURIComponent(target)}`, {
        form: { email: "driver@rueda.example", password: DEMO_PASSWORD, redirectTo: target },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(302);
      const location = response.headers()["location"];
      expect(location.startsWith("/")).toBe(true);
      expect(location.startsWith("//")).toBe(false);
      expect(location).not.toContain("evil.example");
    });
  }
});

test.describe("rate limits hold against parallel bursts", () => {
  test("40 parallel wrong passwords for one address get at most 10 verdicts", async ({ request }) => {
    const email = randomEmail("burst");
    const headers = { "X-Forwarded-For": clientAddress() };
    const responses = await Promise.all(
      Array.from({ length: 40 }, () =>
        request.post("/sign-in?l=en", { form: { email, password: "wrong-password" }, headers, maxRedirects: 0 }),
      ),
    );
    const statuses = responses.map((r) => r.status());
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(await responses.find((r) => r.status() === 429)!.text()).toContain("Too many attempts");
  });

  test("forgot-password is limited per client, whatever addresses it asks about", async ({ request }) => {
    const headers = { "X-Forwarded-For": clientAddress() };
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        request.post("/forgot-password?l=en", { form: { email: randomEmail("probe") }, headers, maxRedirects: 0 }),
      ),
    );
    const statuses = responses.map((r) => r.status());
    // Unknown addresses answer "Email address not registered" (400) until the client's limit of 20.
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(20);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10);
  });

  test("wrong current passwords on /change-password are limited too", async ({ request }) => {
    const email = randomEmail("change");
    const password = "first-pass1";
    // Signed in by its activation (docs/security.md#unproven-addresses).
    await activatedAccount(request, email, password, {
      fullName: "Burst Driver",
      headers: { "X-Forwarded-For": clientAddress() },
    });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        request.post("/change-password?l=en", {
          form: { currentPassword: "not-my-password", password: "new-pass22", confirmPassword: "new-pass22" },
          maxRedirects: 0,
        }),
      ),
    );
    const statuses = responses.map((r) => r.status());
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10);
    // The limit also stops the right password now: nothing changed, and nothing can for a while.
    const right = await request.post("/change-password?l=en", {
      form: { currentPassword: password, password: "new-pass22", confirmPassword: "new-pass22" },
      maxRedirects: 0,
    });
    expect(right.status()).toBe(429);
  });
});

test.describe("cross-site form posts", () => {
  for (const path of ["/contact", "/sign-in", "/activate", "/sign-out"]) {
    test(`a post to ${path} from another site is refused with 403 and a translated page`, async ({ request }) => {
      const fromEvil = await request.post(`${path}?l=en`, {
        form: { email: "driver@rueda.example", password: DEMO_PASSWORD, subject: "s", message: "m" },
        headers: { Origin: "https://evil.example" },
        maxRedirects: 0,
      });
      expect(fromEvil.status()).toBe(403);
      expect(await fromEvil.text()).toContain("This form was sent from another website");
      const crossSite = await request.post(`${path}?l=es`, {
        form: { email: "driver@rueda.example", password: DEMO_PASSWORD },
        headers: { "Sec-Fetch-Site": "cross-site", Origin: origin },
        maxRedirects: 0,
      });
      expect(crossSite.status()).toBe(403);
      expect(await crossSite.text()).toContain("Este formulario se envió desde otro sitio web");
    });
  }

  test("the site's own posts still work", async ({ request }) => {
    const response = await request.post("/sign-in?l=en", {
      form: { email: "driver@rueda.example", password: DEMO_PASSWORD },
      headers: { Origin: origin, "Sec-Fetch-Site": "same-origin" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
  });
});

/** Sends a chunked body (no Content-Length) until the server answers; resolves with its status. */
function postChunked(
  path: string,
  contentType: string,
  chunk: Buffer,
  maxBytes: number,
): Promise<{ status: number; sent: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request(
      `${origin}${path}`,
      { method: "POST", headers: { "Content-Type": contentType, "Transfer-Encoding": "chunked" } },
      (res) => {
        answered = true;
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, sent }));
      },
    );
    req.on("error", (error) => (answered ? undefined : reject(error)));
    const pump = () => {
      while (!answered && sent < maxBytes) {
        sent += chunk.byteLength;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

test.describe("request bodies are capped while they are read", () => {
  test("a chunked form body past 256 KB is refused with 413 before it is all read", async () => {
    const { status, sent } = await postChunked(
      "/contact?l=en",
      "application/x-www-form-urlencoded",
      Buffer.from(`message=${"x".repeat(64 * 1024)}`),
      64 * 1024 * 1024,
    );
    expect(status).toBe(413);
    expect(sent).toBeLessThan(64 * 1024 * 1024);
  });

  test("multipart with more parts than any form has is refused with 413", async ({ request }) => {
    const boundary = "RuedaBoundary";
    const parts = Array.from(
      { length: bodyLimits.multipartParts + 1 },
      (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`,
    ).join("");
    const response = await request.post("/contact?l=en", {
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      data: `${parts}--${boundary}--\r\n`,
    });
    expect(response.status()).toBe(413);
    expect(await response.text()).toContain("too large");
  });

  test("a multipart body that does not parse gets 400, not 500", async ({ request }) => {
    const response = await request.post("/settings?l=en", {
      headers: { "Content-Type": "multipart/form-data; boundary=Broken" },
      data: "--Broken\r\nthis is not a part",
    });
    expect(response.status()).toBe(400);
  });
});
