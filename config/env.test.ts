import { describe, expect, it } from "vitest";
import { decisionLines, parseEnv } from "./env";

const base = { DATA_DIR: ".data/test-env", APP_URL: "http://localhost:3000" };

describe("parseEnv", () => {
  it("has working defaults for the embedded setup", () => {
    const env = parseEnv(base);
    expect(env.PORT).toBe(3000);
    expect(env.secureCookies).toBe(false);
    expect(env.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(env.CAPTCHA_ENABLED).toBe(false);
    expect(env.DATABASE_POOL_SIZE).toBe(10);
    expect(env.TRUST_PROXY).toBe(0);
    expect(env.appOrigin).toBe("http://localhost:3000");
  });

  it("refuses a reCAPTCHA captcha without the site key the pages' checkbox needs", () => {
    const recaptcha = { ...base, CAPTCHA_ENABLED: "1", RECAPTCHA_SECRET: "secret" };
    expect(() => parseEnv(recaptcha)).toThrow(/RECAPTCHA_SITE_KEY: RECAPTCHA_SITE_KEY is required/);
    expect(parseEnv({ ...recaptcha, RECAPTCHA_SITE_KEY: "site-key" }).RECAPTCHA_SITE_KEY).toBe("site-key");
    // The secret alone (apps checking at /api/verify-recaptcha, the captcha off) needs no site key.
    expect(parseEnv({ ...base, RECAPTCHA_SECRET: "secret" }).CAPTCHA_ENABLED).toBe(false);
  });

  it("loads demo data by default except in production, where only DEMO_DATA=1 asks for it", () => {
    expect(parseEnv(base).demoData).toBe(true);
    expect(parseEnv({ ...base, NODE_ENV: "production" }).demoData).toBe(false);
    expect(parseEnv({ ...base, NODE_ENV: "production", DEMO_DATA: "1" }).demoData).toBe(true);
    expect(parseEnv({ ...base, DEMO_DATA: "0" }).demoData).toBe(false);
  });

  it("demo money fails closed: https turns demo data and the demo card gateway off unless each is asked for", () => {
    const https = { ...base, APP_URL: "https://rueda.example", SESSION_SECRET: "s".repeat(32) };
    // A plain `npm start` (no NODE_ENV) behind https: neither.
    expect(parseEnv(https)).toMatchObject({ demoData: false, cardGateway: null });
    expect(parseEnv({ ...https, DEMO_DATA: "1" })).toMatchObject({ demoData: true, cardGateway: null });
    expect(parseEnv({ ...https, CARD_DEMO_GATEWAY: "1" })).toMatchObject({ demoData: false, cardGateway: "demo" });
    expect(parseEnv({ ...https, STRIPE_SECRET_KEY: "sk_live_x" }).cardGateway).toBe("stripe");
    // Over http outside production: the demo, with its gateway, unless turned off.
    expect(parseEnv(base)).toMatchObject({ demoData: true, cardGateway: "demo" });
    expect(parseEnv({ ...base, CARD_DEMO_GATEWAY: "0" }).cardGateway).toBeNull();
    expect(parseEnv({ ...base, DEMO_DATA: "0" })).toMatchObject({ demoData: false, cardGateway: null });
    // NODE_ENV=production keeps both off, as before.
    expect(parseEnv({ ...base, NODE_ENV: "production" })).toMatchObject({ demoData: false, cardGateway: null });
    expect(parseEnv({ ...base, NODE_ENV: "production", DEMO_DATA: "1" })).toMatchObject({
      demoData: true,
      cardGateway: "demo",
    });
  });

  it("the start-up log says which, and why", () => {
    const https = { ...base, APP_URL: "https://rueda.example", SESSION_SECRET: "s".repeat(32) };
    expect(decisionLines(parseEnv(https).decisions)).toEqual([
      "demo data: off (APP_URL is https; DEMO_DATA=1 loads it)",
      "card gateway: off (APP_URL is https and no STRIPE_SECRET_KEY; CARD_DEMO_GATEWAY=1 takes test cards)",
      "Binance Pay: off (BINANCE_PAY_API_KEY or BINANCE_PAY_SECRET_KEY is not set)",
      "whatsapp: off (no WHATSAPP_ACCESS_TOKEN; drivers get email only)",
    ]);
    expect(decisionLines(parseEnv({ ...https, STRIPE_SECRET_KEY: "sk_live_x", DEMO_DATA: "1" }).decisions)).toEqual([
      "demo data: on (DEMO_DATA=1)",
      "card gateway: stripe (STRIPE_SECRET_KEY is set)",
      "Binance Pay: off (BINANCE_PAY_API_KEY or BINANCE_PAY_SECRET_KEY is not set)",
      "whatsapp: off (no WHATSAPP_ACCESS_TOKEN; drivers get email only)",
    ]);
    const binance = { ...https, BINANCE_PAY_API_KEY: "cert-sn", BINANCE_PAY_SECRET_KEY: "secret" };
    expect(decisionLines(parseEnv(binance).decisions)[2]).toBe(
      "Binance Pay: on (BINANCE_PAY_API_KEY and BINANCE_PAY_SECRET_KEY are set)",
    );
    expect(decisionLines(parseEnv(base).decisions)[1]).toBe(
      "card gateway: demo (demo data is on, APP_URL is http, no STRIPE_SECRET_KEY)",
    );
  });

  it("turns WhatsApp on with the token and the phone-number id, and says which one is missing", () => {
    const whatsapp = { WHATSAPP_ACCESS_TOKEN: "EAAG-token", WHATSAPP_PHONE_NUMBER_ID: "1055" };
    expect(parseEnv({ ...base, ...whatsapp })).toMatchObject({
      whatsapp: true,
      WHATSAPP_API_URL: "https://graph.facebook.com/v21.0",
    });
    expect(decisionLines(parseEnv({ ...base, ...whatsapp }).decisions).at(-1)).toBe(
      "whatsapp: on (WHATSAPP_ACCESS_TOKEN and WHATSAPP_PHONE_NUMBER_ID are set)",
    );
    expect(parseEnv({ ...base, WHATSAPP_ACCESS_TOKEN: "EAAG-token" }).decisions.whatsapp).toEqual({
      value: false,
      why: "WHATSAPP_PHONE_NUMBER_ID is missing",
    });
  });

  it("checks the variables the README documents, treating empty values as unset", () => {
    expect(parseEnv({ ...base, TRUST_PROXY: "1", DATABASE_POOL_SIZE: "4", REDIS_URL: "" })).toMatchObject({
      TRUST_PROXY: 1,
      DATABASE_POOL_SIZE: 4,
      REDIS_URL: undefined,
    });
    expect(() => parseEnv({ ...base, TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ ...base, DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => parseEnv({ ...base, DEMO_DATA: "maybe" })).toThrow(/DEMO_DATA/);
  });

  it("reads the API's app origins as a list, and refuses a wildcard, null or a path", () => {
    expect(parseEnv(base).API_CORS_ORIGINS).toEqual([]);
    expect(
      parseEnv({ ...base, API_CORS_ORIGINS: "capacitor://localhost, http://localhost  https://App.Example/" })
        .API_CORS_ORIGINS,
    ).toEqual(["capacitor://localhost", "http://localhost", "https://app.example"]);
    for (const wrong of ["*", "null", "https://app.example/path", "app.example"])
      expect(() => parseEnv({ ...base, API_CORS_ORIGINS: wrong }), wrong).toThrow(/API_CORS_ORIGINS/);
  });

  it("refuses an https deployment without SESSION_SECRET, naming the variable", () => {
    expect(() => parseEnv({ APP_URL: "https://rueda.example", SESSION_SECRET: "" })).toThrow(/SESSION_SECRET/);
  });

  it("lists every invalid variable at once", () => {
    expect(() => parseEnv({ PORT: "not-a-port", APP_URL: "nope" })).toThrow(/PORT[\s\S]*APP_URL|APP_URL[\s\S]*PORT/);
  });
});
