import { afterEach, describe, expect, it, vi } from "vitest";

async function envWith(values: Record<string, string>) {
  vi.resetModules();
  for (const [k, v] of Object.entries(values)) vi.stubEnv(k, v);
  const { getEnv } = await import("./env.server");
  return getEnv;
}

afterEach(() => vi.unstubAllEnvs());

describe("getEnv", () => {
  it("has working defaults for the embedded setup", async () => {
    const getEnv = await envWith({ DATA_DIR: ".data/test-env", APP_URL: "http://localhost:3000" });
    const env = getEnv();
    expect(env.PORT).toBe(3000);
    expect(env.secureCookies).toBe(false);
    expect(env.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(env.CAPTCHA_ENABLED).toBe(false);
  });

  it("refuses an https deployment without SESSION_SECRET, naming the variable", async () => {
    const getEnv = await envWith({ APP_URL: "https://rueda.example", SESSION_SECRET: "" });
    expect(() => getEnv()).toThrow(/SESSION_SECRET/);
  });

  it("lists every invalid variable at once", async () => {
    const getEnv = await envWith({ PORT: "not-a-port", APP_URL: "nope" });
    expect(() => getEnv()).toThrow(/PORT[\s\S]*APP_URL|APP_URL[\s\S]*PORT/);
  });
});
