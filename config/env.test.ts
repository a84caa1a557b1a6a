import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

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

  it("loads demo data by default except in production, where only DEMO_DATA=1 asks for it", () => {
    expect(parseEnv(base).demoData).toBe(true);
    expect(parseEnv({ ...base, NODE_ENV: "production" }).demoData).toBe(false);
    expect(parseEnv({ ...base, NODE_ENV: "production", DEMO_DATA: "1" }).demoData).toBe(true);
    expect(parseEnv({ ...base, DEMO_DATA: "0" }).demoData).toBe(false);
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

  it("refuses an https deployment without SESSION_SECRET, naming the variable", () => {
    expect(() => parseEnv({ APP_URL: "https://rueda.example", SESSION_SECRET: "" })).toThrow(/SESSION_SECRET/);
  });

  it("lists every invalid variable at once", () => {
    expect(() => parseEnv({ PORT: "not-a-port", APP_URL: "nope" })).toThrow(/PORT[\s\S]*APP_URL|APP_URL[\s\S]*PORT/);
  });
});
