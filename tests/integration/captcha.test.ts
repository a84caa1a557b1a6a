import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createCaptcha } from "~/modules/security/captcha.server";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { action as signUpAction, loader as signUpLoader } from "~/routes/sign-up";
import { getDb, schema } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { closeDb } from "../../db/client";
import { purgeExpired } from "../../jobs/handlers/purge-expired-tokens";
import { createApiClient, signedInUser } from "../api/client";
import { checkoutBody, checkoutQuery, nextPeriod, seedCatalogue } from "../api/resources";
import { startRecaptchaFake, type RecaptchaFake } from "../fakes/recaptcha";
import { formPost, routeContext } from "../route-calls";

/*
 * docs/security.md#captcha (review finding L4): when the captcha is on, sign-up (page and API) and
 * a visitor's checkout (page and API) prove a person on the server themselves, with a token that
 * is good once: Rueda's signed sum, or with RECAPTCHA_SECRET a Google reCAPTCHA token checked at
 * siteverify (here its fake). The check endpoint is rate-limited and says when the captcha is off.
 */
const catalogue = await seedCatalogue();
const { users, bookings, spentCaptchas } = schema;
const env = getEnv();
const configured = {
  CAPTCHA_ENABLED: env.CAPTCHA_ENABLED,
  RECAPTCHA_SECRET: env.RECAPTCHA_SECRET,
  RECAPTCHA_SITE_KEY: env.RECAPTCHA_SITE_KEY,
  RECAPTCHA_VERIFY_URL: env.RECAPTCHA_VERIFY_URL,
};
let google: RecaptchaFake;

beforeAll(async () => {
  google = await startRecaptchaFake();
});
afterEach(() => {
  Object.assign(env, configured);
});
afterAll(async () => {
  await google.close();
  await closeDb();
});

/** The site's captcha as the operator configures it (config/env.ts). */
function captcha(kind: "off" | "challenge" | "recaptcha") {
  Object.assign(env, {
    CAPTCHA_ENABLED: kind !== "off",
    RECAPTCHA_SECRET: kind === "recaptcha" ? google.secret : undefined,
    RECAPTCHA_SITE_KEY: kind === "recaptcha" ? "6Lc-test-site-key" : undefined,
    RECAPTCHA_VERIFY_URL: google.url,
  });
}

let counter = 0;
const freshEmail = (prefix: string) => `${prefix}-${Date.now()}-${++counter}@example.com`;
let addressCounter = 0;
/** A client address of the test's own, so rate limits of other tests never meet it. */
const freshIp = () => `192.0.2.${++addressCounter}`;

/** The answer a person types for a signed-sum challenge ("3 + 4"). */
const solve = (challenge: { question: string; token: string }) => ({
  captchaToken: challenge.token,
  captchaAnswer: String(
    challenge.question
      .split("+")
      .map(Number)
      .reduce((a, b) => a + b, 0),
  ),
});

const person = (email: string) => ({
  fullName: "Persona Verificada",
  email,
  phone: "+584141112233",
  birthDate: "1990-01-01",
});

async function accountOf(email: string) {
  const db = await getDb();
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row ?? null;
}

/** The sign-up page: its loader (which draws the challenge), then its form posted as a browser without JavaScript does. */
async function signUpPage(ip: string) {
  const data = (await signUpLoader({
    request: new Request("http://rueda.test/sign-up"),
    context: routeContext(ip),
    params: {},
  })) as { captcha: { kind?: string; question: string; token: string } | null };
  const submit = async (email: string, extra: Record<string, string>) =>
    (await signUpAction({
      request: formPost("/sign-up", {
        ...person(email),
        password: "secret1",
        confirmPassword: "secret1",
        tos: "on",
        ...extra,
      }),
      context: routeContext(ip),
      params: {},
    })) as Response;
  return { challenge: data.captcha, submit };
}

/** The checkout page of the catalogue's car for a fresh period: its loader's challenge and a visitor's post. */
async function checkoutPage(ip: string) {
  const { from, to } = nextPeriod();
  const link = checkoutQuery(catalogue, { from, to });
  const data = (await checkoutLoader({
    request: new Request(`http://rueda.test/checkout?${link}`),
    context: routeContext(ip),
    params: {},
  })) as { captcha?: { kind: string; question: string; token: string } | null };
  const submit = async (email: string, extra: Record<string, string>) =>
    (await checkoutAction({
      request: formPost(`/checkout?${link}`, { ...person(email), tos: "on", payment: "payLater", ...extra }),
      context: routeContext(ip),
      params: {},
    })) as Response;
  return { challenge: data.captcha, submit, period: { from, to } };
}

/** A visitor's body for POST /api/bookings in a fresh period. */
const visitorBooking = (email: string, extra: Record<string, unknown> = {}) =>
  checkoutBody(catalogue, { driver: { ...person(email), acceptTerms: true }, ...extra });

const signUpBody = (email: string, extra: Record<string, unknown> = {}) => ({
  ...person(email),
  password: "secret1",
  confirmPassword: "secret1",
  tos: true,
  ...extra,
});

describe("with the captcha on (Rueda's signed sum)", () => {
  it("the sign-up page refuses a post without the solved challenge, takes it solved, and refuses the same challenge again", async () => {
    captcha("challenge");
    const page = await signUpPage(freshIp());
    expect(page.challenge).not.toBeNull();

    const bare = freshEmail("no-captcha");
    const refused = await page.submit(bare, {});
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("auth:validation.captcha");
    expect(await accountOf(bare)).toBeNull();

    const first = freshEmail("solved");
    const solved = await page.submit(first, solve(page.challenge!));
    expect(solved.status).toBe(302);
    expect(await accountOf(first)).not.toBeNull();

    // The same solved challenge, posted again (a bot replaying one answer for 10 minutes).
    const replayed = freshEmail("replayed");
    const again = await page.submit(replayed, solve(page.challenge!));
    expect(again.status).toBe(400);
    expect(JSON.stringify(await again.json())).toContain("auth:validation.captcha");
    expect(await accountOf(replayed)).toBeNull();
  });

  it("the sign-up API asks the same: 400 without it, 201 with it, 400 for a challenge already spent", async () => {
    captcha("challenge");
    const api = createApiClient({ ip: freshIp() });
    const bare = await api("/api/sign-up?l=en", { method: "POST", json: signUpBody(freshEmail("api-bare")) });
    expect(bare.status).toBe(400);
    expect((await bare.json()).error.fields).toEqual({ captchaAnswer: "Fill out the captcha to continue" });

    const challenge = solve(createCaptcha(env.SESSION_SECRET));
    const created = await api("/api/sign-up", { method: "POST", json: signUpBody(freshEmail("api"), challenge) });
    expect(created.status).toBe(201);
    const replayedEmail = freshEmail("api-replayed");
    const replayed = await api("/api/sign-up", { method: "POST", json: signUpBody(replayedEmail, challenge) });
    expect(replayed.status).toBe(400);
    expect(await accountOf(replayedEmail)).toBeNull();
  });

  it("a visitor's checkout page refuses a post without it (nothing booked, the form back with the message), books with it, and refuses the same challenge again", async () => {
    captcha("challenge");
    const page = await checkoutPage(freshIp());
    expect(page.challenge?.kind).toBe("challenge");

    const bare = freshEmail("visitor-bare");
    const refused = await page.submit(bare, {});
    expect(refused.status).toBe(400);
    const reply = JSON.stringify(await refused.json());
    expect(reply).toContain("auth:validation.captcha");
    // What was typed comes back to the form.
    expect(reply).toContain(bare);
    expect(await accountOf(bare)).toBeNull();

    const booked = await page.submit(freshEmail("visitor"), solve(page.challenge!));
    expect(booked.status).toBe(302);
    expect(booked.headers.get("Location")).toMatch(/^\/booking\?b=\d+&g=/);

    const again = await (await checkoutPage(freshIp())).submit(freshEmail("visitor-replayed"), solve(page.challenge!));
    expect(again.status).toBe(400);
    expect(JSON.stringify(await again.json())).toContain("auth:validation.captcha");
  });

  it("a visitor's API checkout needs it too; a signed-in driver's does not", async () => {
    captcha("challenge");
    const api = createApiClient({ ip: freshIp() });
    const email = freshEmail("api-visitor");
    const refused = await api("/api/bookings?l=en", { method: "POST", json: visitorBooking(email) });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.fields).toEqual({ captchaAnswer: "Fill out the captcha to continue" });
    expect(await accountOf(email)).toBeNull();

    const challenge = solve(createCaptcha(env.SESSION_SECRET));
    const booked = await api("/api/bookings", { method: "POST", json: visitorBooking(email, challenge) });
    expect(booked.status).toBe(201);
    const replayed = await api("/api/bookings", {
      method: "POST",
      json: visitorBooking(freshEmail("api-visitor-replayed"), challenge),
    });
    expect(replayed.status).toBe(400);

    const { token } = await signedInUser({ phone: "+584141112233", birthDate: "1990-01-01" });
    const { driver: _visitor, ...ownBooking } = visitorBooking("unused@example.com");
    expect((await api("/api/bookings", { token, method: "POST", json: ownBooking })).status).toBe(201);
  });
});

describe("with the captcha on and RECAPTCHA_SECRET (Google's reCAPTCHA)", () => {
  it("sign-up, page and API, asks Google about the token with the client's own address, once", async () => {
    captcha("recaptcha");
    const ip = freshIp();
    const page = await signUpPage(ip);
    expect(page.challenge).toEqual({ kind: "recaptcha", siteKey: "6Lc-test-site-key" });

    const bare = await page.submit(freshEmail("g-bare"), {});
    expect(bare.status).toBe(400);
    expect(JSON.stringify(await bare.json())).toContain("auth:validation.captcha");
    const forged = await page.submit(freshEmail("g-forged"), { "g-recaptcha-response": `03A-forged-${Date.now()}` });
    expect(forged.status).toBe(400);

    // The widget's field, as Google's checkbox adds it to the form.
    const token = google.issue();
    const email = freshEmail("g-page");
    expect((await page.submit(email, { "g-recaptcha-response": token })).status).toBe(302);
    expect(await accountOf(email)).not.toBeNull();
    expect(google.remoteIpOf(token)).toBe(ip);
    const replayed = freshEmail("g-replayed");
    expect((await page.submit(replayed, { "g-recaptcha-response": token })).status).toBe(400);
    expect(await accountOf(replayed)).toBeNull();

    const api = createApiClient({ ip: freshIp() });
    const noToken = await api("/api/sign-up?l=en", { method: "POST", json: signUpBody(freshEmail("g-api-bare")) });
    expect(noToken.status).toBe(400);
    expect((await noToken.json()).error.fields).toEqual({ captchaToken: "Fill out the captcha to continue" });
    const created = await api("/api/sign-up", {
      method: "POST",
      json: signUpBody(freshEmail("g-api"), { captchaToken: google.issue() }),
    });
    expect(created.status).toBe(201);
    // Rueda's own sum is no way around Google's check.
    const sum = await api("/api/sign-up", {
      method: "POST",
      json: signUpBody(freshEmail("g-api-sum"), solve(createCaptcha(env.SESSION_SECRET))),
    });
    expect(sum.status).toBe(400);
  });

  it("a visitor's checkout page books with Google's token only", async () => {
    captcha("recaptcha");
    const page = await checkoutPage(freshIp());
    expect(page.challenge).toEqual({ kind: "recaptcha", siteKey: "6Lc-test-site-key" });
    const refused = await page.submit(freshEmail("g-visitor-bare"), {});
    expect(refused.status).toBe(400);
    const booked = await page.submit(freshEmail("g-visitor"), { "g-recaptcha-response": google.issue() });
    expect(booked.status).toBe(302);
  });

  it("Google not answering: the form says the check could not be made (translated), the API answers 502; nothing is created", async () => {
    captcha("recaptcha");
    env.RECAPTCHA_VERIFY_URL = "http://127.0.0.1:9/recaptcha/api/siteverify";
    const page = await signUpPage(freshIp());
    const email = freshEmail("g-down");
    const answer = await page.submit(email, { "g-recaptcha-response": `03A-down-${Date.now()}` });
    expect(answer.status).toBe(502);
    expect(JSON.stringify(await answer.json())).toContain("auth:validation.captchaUnavailable");
    expect(await accountOf(email)).toBeNull();
    const api = await createApiClient({ ip: freshIp() })("/api/sign-up?l=en", {
      method: "POST",
      json: signUpBody(freshEmail("g-down-api"), { captchaToken: `03A-down-api-${Date.now()}` }),
    });
    expect(api.status).toBe(502);
    expect((await api.json()).error.code).toBe("badGateway");
  });
});

describe("POST /api/verify-recaptcha/{token}/{ip}", () => {
  it("with the captcha off, says so instead of calling garbage valid", async () => {
    captcha("off");
    const api = createApiClient({ ip: freshIp() });
    const answer = await api("/api/verify-recaptcha/garbage/1.2.3.4", { method: "POST", json: {} });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ valid: true, captcha: "off" });
  });

  it("checks a solved challenge once: a token it found valid is spent for sign-up too", async () => {
    captcha("challenge");
    const api = createApiClient({ ip: freshIp() });
    const { captchaToken, captchaAnswer } = solve(createCaptcha(env.SESSION_SECRET));
    const path = `/api/verify-recaptcha/${captchaToken}/1.2.3.4`;
    const valid = await api(path, { method: "POST", json: { answer: captchaAnswer } });
    expect(valid.status).toBe(200);
    expect(await valid.json()).toEqual({ valid: true, captcha: "challenge" });
    expect((await api(path, { method: "POST", json: { answer: captchaAnswer } })).status).toBe(204);
    const signUp = await api("/api/sign-up", {
      method: "POST",
      json: signUpBody(freshEmail("checked-first"), { captchaToken, captchaAnswer }),
    });
    expect(signUp.status).toBe(400);
  });

  it("asks Google with the caller's own address, whatever the path says", async () => {
    captcha("recaptcha");
    const ip = freshIp();
    const token = google.issue();
    const answer = await createApiClient({ ip })(`/api/verify-recaptcha/${token}/1.2.3.4`, {
      method: "POST",
      json: {},
    });
    expect(await answer.json()).toEqual({ valid: true, captcha: "recaptcha" });
    expect(google.remoteIpOf(token)).toBe(ip);
  });

  it("is rate-limited per client: 20 checks in 15 minutes, then 429; another client is not held back", async () => {
    captcha("off");
    const api = createApiClient({ ip: freshIp() });
    for (let i = 0; i < 20; i++) {
      const answer = await api(`/api/verify-recaptcha/garbage-${i}/1.2.3.4`, { method: "POST", json: {} });
      expect(answer.status, `check ${i + 1}`).toBe(200);
    }
    const limited = await api("/api/verify-recaptcha/garbage/1.2.3.4?l=en", { method: "POST", json: {} });
    expect(limited.status).toBe(429);
    expect((await limited.json()).error.code).toBe("rateLimited");
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    const other = await createApiClient({ ip: freshIp() })("/api/verify-recaptcha/garbage/1.2.3.4", {
      method: "POST",
      json: {},
    });
    expect(other.status).toBe(200);
  });
});

describe("with the captcha off (the default)", () => {
  it("sign-up and a visitor's checkout ask for nothing", async () => {
    captcha("off");
    const page = await signUpPage(freshIp());
    expect(page.challenge).toBeNull();
    expect((await page.submit(freshEmail("off"), {})).status).toBe(302);
    const checkout = await checkoutPage(freshIp());
    expect(checkout.challenge).toBeNull();
    const email = freshEmail("off-visitor");
    expect((await checkout.submit(email, {})).status).toBe(302);
    const db = await getDb();
    const account = await accountOf(email);
    expect(await db.select().from(bookings).where(eq(bookings.driverId, account!.id))).toHaveLength(1);
  });
});

describe("spent proofs", () => {
  it("are kept as digests until they could no longer be valid, then the hourly purge drops them", async () => {
    captcha("challenge");
    const db = await getDb();
    const challenge = createCaptcha(env.SESSION_SECRET);
    const api = createApiClient({ ip: freshIp() });
    const email = freshEmail("purge");
    expect((await api("/api/sign-up", { method: "POST", json: signUpBody(email, solve(challenge)) })).status).toBe(201);
    const rows = await db.select().from(spentCaptchas);
    // Never the token itself.
    expect(rows.some((row) => row.digest.includes(challenge.token))).toBe(false);
    const expires = Number(challenge.token.split(".")[2]);
    expect(rows.some((row) => row.expiresAt.getTime() === expires)).toBe(true);

    expect((await purgeExpired(new Date(expires - 1000))).spentCaptchas).toBeGreaterThanOrEqual(0);
    expect((await db.select().from(spentCaptchas)).some((row) => row.expiresAt.getTime() === expires)).toBe(true);
    expect((await purgeExpired(new Date(expires + 1000))).spentCaptchas).toBeGreaterThanOrEqual(1);
    expect((await db.select().from(spentCaptchas)).some((row) => row.expiresAt.getTime() === expires)).toBe(false);
  });
});
