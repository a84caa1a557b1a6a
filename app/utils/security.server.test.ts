import { afterEach, describe, expect, it, vi } from "vitest";

async function load(env: Record<string, string>) {
  vi.resetModules();
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  return import("./security.server");
}

afterEach(() => vi.unstubAllEnvs());

describe("contentSecurityPolicy", () => {
  it("allows only this response's nonce for scripts and forbids framing", async () => {
    const { contentSecurityPolicy } = await load({ DATA_DIR: ".data/test", APP_URL: "http://localhost:3000" });
    const policy = contentSecurityPolicy("abc123", { dev: false });
    expect(policy).toContain("script-src 'self' 'nonce-abc123'");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
  });

  it("allows images from the configured tile server, sub-domains included", async () => {
    const { contentSecurityPolicy, tileOrigin } = await load({
      DATA_DIR: ".data/test",
      MAP_TILE_URL: "https://{s}.tiles.example.org/{z}/{x}/{y}.png",
    });
    expect(tileOrigin("https://{s}.tiles.example.org/{z}/{x}/{y}.png")).toBe("https://*.tiles.example.org");
    expect(contentSecurityPolicy("n", { dev: false })).toContain(
      "img-src 'self' data: blob: https://*.tiles.example.org",
    );
  });

  it("puts each page's own nonce in the policy, and hands out a fresh 16-byte nonce each time", async () => {
    const { contentSecurityPolicy, cspNonce } = await load({ DATA_DIR: ".data/test" });
    const nonces = Array.from({ length: 600 }, () => cspNonce());
    expect(new Set(nonces).size).toBe(600);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    const [first, second] = nonces;
    expect(contentSecurityPolicy(first, { dev: false })).toContain(`'nonce-${first}'`);
    expect(contentSecurityPolicy(second, { dev: false })).toContain(`'nonce-${second}'`);
    expect(contentSecurityPolicy(second, { dev: false })).not.toContain(first);
    expect(contentSecurityPolicy(second, { dev: true })).toContain("'unsafe-eval'");
  });

  it("lets forms lead to Stripe Checkout, and to the hosted pages of the Stripe API configured instead", async () => {
    const { contentSecurityPolicy } = await load({ DATA_DIR: ".data/test" });
    expect(contentSecurityPolicy("n", { dev: false })).toContain("form-action 'self' https://checkout.stripe.com;");
    const local = await load({ DATA_DIR: ".data/test", STRIPE_API_BASE: "http://127.0.0.1:12111" });
    expect(local.contentSecurityPolicy("n", { dev: false })).toContain(
      "form-action 'self' https://checkout.stripe.com http://127.0.0.1:12111;",
    );
  });
});

describe("securityHeaders", () => {
  it("sends HSTS only when the site is served over https", async () => {
    const local = await load({ DATA_DIR: ".data/test", APP_URL: "http://localhost:3000" });
    expect(local.securityHeaders()).not.toHaveProperty("Strict-Transport-Security");
    expect(local.securityHeaders()["X-Content-Type-Options"]).toBe("nosniff");
    const deployed = await load({
      DATA_DIR: ".data/test",
      APP_URL: "https://rueda.example",
      SESSION_SECRET: "a-long-enough-secret-value",
    });
    expect(deployed.securityHeaders()["Strict-Transport-Security"]).toMatch(/max-age=\d+/);
  });

  it("lets Google's reCAPTCHA checkbox load and frame only when it is the captcha asked for", async () => {
    const off = await load({ DATA_DIR: ".data/test", RECAPTCHA_SECRET: "secret" });
    expect(off.contentSecurityPolicy("n", { dev: false })).not.toContain("recaptcha");
    const on = await load({
      DATA_DIR: ".data/test",
      CAPTCHA_ENABLED: "1",
      RECAPTCHA_SECRET: "secret",
      RECAPTCHA_SITE_KEY: "site-key",
    });
    const policy = on.contentSecurityPolicy("n", { dev: false });
    expect(policy).toContain(
      "script-src 'self' 'nonce-n' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/;",
    );
    expect(policy).toContain("frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/;");
  });
});
