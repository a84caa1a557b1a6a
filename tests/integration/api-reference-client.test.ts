import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it, vi } from "vitest";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { createApiClient, signedInUser } from "../api/client";
import { HttpStatusError, referenceClient, type ReferenceClient } from "../api/reference-client";
import { outboxTokens } from "../factories";
import { issueToken } from "~/modules/user/tokens.server";

/*
 * The spec's reference client (§7) against Rueda, unchanged: each journey is driven the way the
 * reference client's pages drive its calls (which status means what, which field of the answer
 * is read next), through a client written from those calls (tests/api/reference-client.ts).
 * Google's reCAPTCHA is a local fake (tests/fakes/recaptcha.ts).
 */
const recaptcha = await vi.hoisted(async () => {
  const { startRecaptchaFake } = await import("../fakes/recaptcha");
  const started = await startRecaptchaFake();
  process.env.RECAPTCHA_SECRET = started.secret;
  process.env.RECAPTCHA_VERIFY_URL = started.url;
  return started;
});

const api = createApiClient({ ip: "198.51.100.140" });
const newClient = () => referenceClient((path, init) => api(path, init));
let counter = 0;
const freshEmail = () => `reference-${Date.now()}-${++counter}@example.com`;

afterAll(async () => {
  await recaptcha.close();
  await closeDb();
});

/** The reference client's sign-in page: sign in, then read the account by the stored user's `_id`. */
async function signInPage(client: ReferenceClient, email: string, password: string) {
  const result = await client.signin({ email, password, stayConnected: false });
  expect(result.status).toBe(200);
  expect(result.data.blacklisted).toBeFalsy();
  return client.getUser(result.data._id);
}

/** Its activation and reset pages: check the link, spend it with the new password, sign in, drop the links. */
async function linkPage(client: ReferenceClient, userId: string, email: string, token: string, password: string) {
  expect(await client.checkToken(userId, email, token)).toBe(200);
  expect(await client.activate({ userId, token, password })).toBe(200);
  const user = await signInPage(client, email, password);
  expect(await client.deleteTokens(userId)).toBe(200);
  return user;
}

async function lastEmail(to: string, template: string) {
  const db = await getDb();
  const rows = await db.select().from(schema.outbox).orderBy(desc(schema.outbox.id)).limit(50);
  return rows
    .map((row) => row.payload as { template: string; to: string[]; replyTo?: string })
    .find((payload) => payload.template === template && payload.to.includes(to));
}

describe("the spec's reference client, run unchanged against the API", () => {
  it("signs in and stores the user with its id, language, notifications flag and token; the session check passes", async () => {
    const { user, password } = await signedInUser({ fullName: "Ref Driver", language: "en" });
    const client = newClient();
    const account = await signInPage(client, user.email, password);
    expect(client.getCurrentUser()).toMatchObject({
      _id: user.id,
      email: user.email,
      language: "en",
      enableEmailNotifications: true,
      accessToken: expect.stringMatching(/^[\w-]{43}$/),
    });
    expect(account).toMatchObject({ _id: user.id, fullName: "Ref Driver", email: user.email });
    expect(await client.validateAccessToken()).toBe(200);

    // A wrong password rejects (the page shows its sign-in error).
    await expect(newClient().signin({ email: user.email, password: "not-it" })).rejects.toMatchObject({ status: 401 });
    await client.signout();
    await expect(client.validateAccessToken()).rejects.toBeInstanceOf(HttpStatusError);
  });

  it("updates the profile from the settings page: only what it sends changes, and its Date birth date is the day picked", async () => {
    const { user, password } = await signedInUser({
      documentType: 2,
      documentNumber: "P1234567",
      phone: "+584141112233",
    });
    const client = newClient();
    const stored = await signInPage(client, user.email, password);
    // The settings form's payload: a date picker's local midnight in Athens (UTC+3 in summer) is a Date.
    const pickedInAthens = new Date("1991-06-14T00:00:00+03:00");
    const status = await client.updateUser({
      _id: stored!._id,
      fullName: "Ref Renamed",
      birthDate: pickedInAthens,
      phone: "+58 412 555 0101",
      location: "Valencia",
      bio: "",
    });
    expect(status).toBe(200);
    expect(await client.getUser(stored!._id)).toMatchObject({
      fullName: "Ref Renamed",
      birthDate: "1991-06-14",
      location: "Valencia",
      bio: null,
      // Not in the form: kept, not cleared.
      documentType: "2",
      documentNumber: "P1234567",
    });
  });

  it("changes language and email notifications, updating the stored user on 200", async () => {
    const { user, password } = await signedInUser({ language: "es" });
    const client = newClient();
    await signInPage(client, user.email, password);
    expect(await client.updateLanguage({ id: String(user.id), language: "fr" })).toBe(200);
    expect(await client.updateEmailNotifications({ _id: String(user.id), enableEmailNotifications: false })).toBe(200);
    expect(client.getCurrentUser()).toMatchObject({ language: "fr", enableEmailNotifications: false });
    expect(await client.getUser(user.id)).toMatchObject({ language: "fr", enableEmailNotifications: false });
  });

  it("uploads and deletes the avatar, reading the account after each", async () => {
    const { user, password } = await signedInUser();
    const client = newClient();
    await signInPage(client, user.email, password);
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#0055aa" } })
      .png()
      .toBuffer();
    expect(await client.updateAvatar(user.id, new Blob([new Uint8Array(png)], { type: "image/png" }))).toBe(200);
    // Picture URLs are absolute (docs/architecture.md#api-contract).
    expect((await client.getUser(user.id))?.avatar).toMatch(/^https?:\/\/[^/]+\/media\/[0-9a-f]{64}\.webp$/);
    expect(await client.deleteAvatar(user.id)).toBe(200);
    expect((await client.getUser(user.id))?.avatar).toBeNull();
  });

  it("changes the password as its page does: check-password 200 is right, 204 wrong; then change-password", async () => {
    const { user, password } = await signedInUser();
    const client = newClient();
    await signInPage(client, user.email, password);
    // A wrong current password reads as wrong, so the page stops there.
    expect(await client.checkPassword(user.id, "not-the-password")).toBe(204);
    expect(await client.checkPassword(user.id, password)).toBe(200);
    const changed = await client.changePassword({ _id: user.id, password, newPassword: "brand-new-1", strict: true });
    expect(changed).toBe(200);
    expect(await client.getUser(user.id)).toMatchObject({ _id: user.id });
    // The session that changed it goes on; the new password signs in, the old one no longer does.
    expect(await client.validateAccessToken()).toBe(200);
    await signInPage(newClient(), user.email, "brand-new-1");
    await expect(newClient().signin({ email: user.email, password })).rejects.toMatchObject({ status: 401 });
  });

  it("resets a forgotten password: validate-email 204 is registered, then resend, then the link spent through activate", async () => {
    const { user } = await signedInUser();
    const client = newClient();
    expect(await client.validateEmail({ email: user.email })).toBe(204);
    expect(await client.resend(user.email, true)).toBe(200);
    const [token] = (await outboxTokens(await getDb(), user.email, "password-reset")).slice(-1);
    const account = await linkPage(client, String(user.id), user.email, token, "reset-pass-1");
    expect(account).toMatchObject({ _id: user.id });
    // The link is spent.
    await expect(client.activate({ userId: String(user.id), token, password: "again-pass-1" })).rejects.toMatchObject({
      status: 409,
    });
  });

  it("activates an account from its emailed link", async () => {
    const email = freshEmail();
    const client = newClient();
    expect(await client.validateEmail({ email })).toBe(200);
    // The reference client's own sign-up sends no `tos`: Rueda keeps requiring the terms.
    const refused = await client
      .signup({ email, password: "secret1", fullName: "Ref New", birthDate: new Date("1990-05-01T04:00:00Z") })
      .catch((error: HttpStatusError) => error);
    expect(refused).toMatchObject({ status: 400, data: { error: { fields: { tos: expect.any(String) } } } });
    // A sign-up that shows the terms.
    const signUp = await api("/api/sign-up", {
      method: "POST",
      json: {
        fullName: "Ref New",
        email,
        phone: "+58 414 111 2233",
        birthDate: "1990-05-01T04:00:00.000Z",
        password: "secret1",
        confirmPassword: "secret1",
        tos: true,
      },
    });
    expect(signUp.status).toBe(201);
    const created = (await signUp.json()) as { user: { id: number; birthDate: string } };
    expect(created.user.birthDate).toBe("1990-05-01");
    const [token] = await outboxTokens(await getDb(), email, "activation");
    const account = await linkPage(client, String(created.user.id), email, token, "chosen-pass-1");
    expect(account).toMatchObject({ _id: created.user.id, activated: true });
    // Spent: its activation page reads 204 as "offer a new link", not as a form to fill again.
    expect(await client.checkToken(String(created.user.id), email, token)).toBe(204);
  });

  it("reads an expired activation link as 204, offers a new one, and a link that is none as not found", async () => {
    const { user } = await signedInUser({ activated: false });
    const db = await getDb();
    const { token } = await issueToken(db, user.id, "activation");
    const client = newClient();
    expect(await client.checkToken(String(user.id), user.email, token)).toBe(200);
    await db
      .update(schema.tokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.tokens.userId, user.id));
    expect(await client.checkToken(String(user.id), user.email, token)).toBe(204);
    // The page's Resend button.
    expect(await client.resend(user.email, false)).toBe(200);
    await expect(client.checkToken(String(user.id), "someone@example.com", token)).rejects.toMatchObject({
      status: 404,
    });
  });

  it("sends the contact form as a visitor, with `from` as the address to answer", async () => {
    const client = newClient();
    const from = freshEmail();
    const status = await client.sendEmail({
      from,
      to: "info@rueda.example",
      subject: "Airport pick-up",
      message: "Can I collect the car at 6 am?",
      isContactForm: true,
    });
    expect(status).toBe(200);
    const db = await getDb();
    const [message] = await db.select().from(schema.contactMessages).where(eq(schema.contactMessages.email, from));
    expect(message).toMatchObject({ subject: "Airport pick-up", userId: null });
    expect(await lastEmail(from, "contact-message")).toBeUndefined(); // it goes to the team, not to the visitor
  });

  it("checks a reCAPTCHA token with Google: 200 for a genuine one, 204 for a spent, unknown or low-score one", async () => {
    const client = newClient();
    const token = recaptcha.issue({ score: 0.9 });
    expect(await client.verifyRecaptcha(token, "203.0.113.7")).toBe(200);
    // Google is told the caller's own address, not the one the path names (docs/security.md#captcha).
    expect(recaptcha.remoteIpOf(token)).toBe("198.51.100.140");
    expect(await client.verifyRecaptcha(token, "203.0.113.7")).toBe(204);
    expect(await client.verifyRecaptcha(`03Anot-a-token-${Date.now()}`, "203.0.113.7")).toBe(204);
    expect(await client.verifyRecaptcha(recaptcha.issue({ score: 0.1 }), "203.0.113.7")).toBe(204);
  });
});
