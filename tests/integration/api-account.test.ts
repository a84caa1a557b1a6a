import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { verifyPassword } from "~/modules/user/password.server";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { createApiClient, sessionCookieOf, signedInUser } from "../api/client";
import { outboxTokens } from "../factories";

/*
 * The spec's account calls over the in-process API (real routing and load context): a whole
 * account's life with a bearer token, the authorization matrix of the {id} calls, suspension,
 * and the rate limits shared with the forms (docs/architecture.md#api).
 */
const api = createApiClient({ ip: "198.51.100.30" });
let counter = 0;
const freshEmail = () => `api-${Date.now()}-${++counter}@example.com`;

afterAll(async () => {
  await closeDb();
});

async function userRow(id: number) {
  const db = await getDb();
  const [row] = await db.select().from(schema.users).where(eq(schema.users.id, id));
  return row;
}

async function tokensOf(userId: number) {
  const db = await getDb();
  return db.select().from(schema.apiTokens).where(eq(schema.apiTokens.userId, userId));
}

const json = async (response: Response) => (await response.json()) as Record<string, any>;

describe("an account's life through the API", () => {
  it("signs up, activates, signs in with a bearer token, changes language and password, and signs out", async () => {
    const email = freshEmail();
    const signUp = await api("/api/sign-up?l=en", {
      method: "POST",
      json: {
        fullName: "Api Driver",
        email,
        phone: "+58 414 111 2233",
        birthDate: "1990-01-01",
        password: "secret1",
        confirmPassword: "secret1",
        tos: true,
      },
    });
    expect(signUp.status).toBe(201);
    const { user: created } = await json(signUp);
    expect(created).toMatchObject({ email, activated: false, language: "en", type: "user" });
    expect(created).not.toHaveProperty("passwordHash");

    // The same address again: 409 with the page's message, in the caller's language.
    const again = await api("/api/sign-up", {
      method: "POST",
      headers: { "Accept-Language": "fr-FR,fr;q=0.9" },
      json: {
        fullName: "Copy",
        email,
        phone: "+584141112233",
        birthDate: "1990-01-01",
        password: "secret1",
        confirmPassword: "secret1",
        tos: true,
      },
    });
    expect(again.status).toBe(409);
    expect((await json(again)).error).toEqual({
      code: "emailTaken",
      message: "Cette adresse e-mail est déjà enregistrée",
      fields: { email: "Cette adresse e-mail est déjà enregistrée" },
    });

    const [activationToken] = await outboxTokens(await getDb(), email, "activation");
    expect(
      await api(`/api/check-token/frontend/${created.id}/${encodeURIComponent(email)}/${activationToken}`).then(json),
    ).toEqual({ status: "valid", kind: "activation" });
    // Activating chooses the password (docs/security.md#unproven-addresses): here the same as at sign-up.
    const activation = { token: activationToken, password: "secret1", confirmPassword: "secret1" };
    expect((await api("/api/activate", { method: "POST", json: activation })).status).toBe(200);
    const spent = await api("/api/activate?l=en", { method: "POST", json: activation });
    expect(spent.status).toBe(409);
    expect((await json(spent)).error.message).toBe("This activation link has already been used.");

    const signIn = await api("/api/sign-in/frontend", { method: "POST", json: { email, password: "secret1" } });
    expect(signIn.status).toBe(200);
    const { accessToken, user } = await json(signIn);
    expect(user).toMatchObject({ id: created.id, activated: true });
    expect(accessToken).toMatch(/^[\w-]{43}$/);
    expect(sessionCookieOf(signIn)).toMatch(/^__session=/);
    // Stored hashed: the table never holds the token itself.
    expect((await tokensOf(user.id)).map((row) => row.tokenHash)).not.toContain(accessToken);

    expect((await api(`/api/user/${user.id}`, { token: accessToken }).then(json)).user.email).toBe(email);

    const language = await api("/api/update-language", {
      method: "POST",
      token: accessToken,
      json: { language: "fr", id: user.id },
    });
    expect((await json(language)).user.language).toBe("fr");
    // Without ?l= or Accept-Language, answers now speak the account's language.
    const missing = await api("/api/user/999999", { token: accessToken });
    expect(missing.status).toBe(404);
    expect((await json(missing)).error).toEqual({ code: "notFound", message: "Introuvable." });

    // Another device (a second token) and a browser (the cookie) are signed in too.
    const other = await api("/api/sign-in/frontend", { method: "POST", json: { email, password: "secret1" } }).then(
      json,
    );
    const browser = sessionCookieOf(
      await api("/api/sign-in/frontend", { method: "POST", json: { email, password: "secret1" } }),
    )!;
    expect((await api("/api/validate-access-token", { method: "POST", headers: { Cookie: browser } })).status).toBe(
      200,
    );

    const wrong = await api("/api/change-password?l=en", {
      method: "POST",
      token: accessToken,
      json: { currentPassword: "nope!!", password: "brand-new", confirmPassword: "brand-new" },
    });
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).error).toMatchObject({
      code: "wrongPassword",
      fields: { currentPassword: "Wrong password" },
    });
    const changed = await api("/api/change-password", {
      method: "POST",
      token: accessToken,
      json: { currentPassword: "secret1", password: "brand-new", confirmPassword: "brand-new" },
    });
    expect(changed.status).toBe(200);
    expect(await verifyPassword((await userRow(user.id)).passwordHash, "brand-new")).toBe(true);
    // The caller's token keeps working; the other token and the browser session are signed out.
    expect((await api("/api/validate-access-token", { method: "POST", token: accessToken })).status).toBe(200);
    expect((await api("/api/validate-access-token", { method: "POST", token: other.accessToken })).status).toBe(401);
    expect((await api("/api/validate-access-token", { method: "POST", headers: { Cookie: browser } })).status).toBe(
      401,
    );

    expect((await api("/api/sign-out", { method: "POST", token: accessToken })).status).toBe(200);
    const after = await api("/api/validate-access-token?l=en", { method: "POST", token: accessToken });
    expect(after.status).toBe(401);
    expect((await json(after)).error.code).toBe("unauthorized");
    expect(await tokensOf(user.id)).toHaveLength(0);
    // Password hashing dominates: several argon2 runs on a shared machine.
  }, 90_000);

  it("signs out a browser session and clears its cookie", async () => {
    const { user, password } = await signedInUser();
    const cookie = sessionCookieOf(
      await api("/api/sign-in/frontend", { method: "POST", json: { email: user.email, password } }),
    )!;
    const out = await api("/api/sign-out", { method: "POST", headers: { Cookie: cookie } });
    expect(out.headers.get("Set-Cookie")).toMatch(/__session=;.*Max-Age=0/);
    expect((await api("/api/validate-access-token", { method: "POST", headers: { Cookie: cookie } })).status).toBe(401);
  });

  it("validates bodies with the forms' messages in the caller's language", async () => {
    const response = await api("/api/sign-up?l=es", { method: "POST", json: { email: "nope", password: "123" } });
    expect(response.status).toBe(400);
    const { error } = await json(response);
    expect(error.code).toBe("validation");
    expect(error.message).toBe("Por favor, corrija los errores");
    expect(error.fields).toMatchObject({
      email: "Correo electrónico no válido",
      password: "La contraseña debe tener al menos 6 caracteres",
    });
    const empty = await api("/api/send-email?l=en", { method: "POST", json: {} });
    expect((await json(empty)).error.message).toBe("Please fill in the fields: subject, message");
    // A visitor must say where to answer; a signed-in caller's account address is used.
    const anonymous = await api("/api/send-email?l=en", { method: "POST", json: { subject: "Hi", message: "Hello" } });
    expect((await json(anonymous)).error.fields).toEqual({ email: "Please fill in the field: email" });
  });

  it("takes forms as well as JSON, and refuses unreadable bodies", async () => {
    const { user, token } = await signedInUser();
    const form = await api("/api/update-email-notifications", {
      method: "POST",
      token,
      body: new URLSearchParams({ enableEmailNotifications: "on" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect((await json(form)).user.enableEmailNotifications).toBe(true);
    const off = await api("/api/update-email-notifications", {
      method: "POST",
      token,
      json: { enableEmailNotifications: false },
    });
    expect((await json(off)).user.enableEmailNotifications).toBe(false);
    const broken = await api("/api/update-email-notifications?l=en", {
      method: "POST",
      token,
      body: '{"enable',
      headers: { "Content-Type": "application/json" },
    });
    expect(broken.status).toBe(400);
    expect((await json(broken)).error.code).toBe("badRequest");
    expect((await userRow(user.id)).enableEmailNotifications).toBe(false);
  });

  it("answers unknown paths and wrong methods in the API's shape", async () => {
    const unknown = await api("/api/no-such-call?l=en");
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toEqual({ error: { code: "notFound", message: "Not found." } });
    const wrong = await api("/api/sign-up?l=en", { method: "GET" });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("Allow")).toBe("POST");
  });
});

describe("authorization: another user's id", () => {
  async function picture() {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#ff0000" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "x.png");
    return form;
  }

  it("in a path answers 404 and changes nothing; in a body 403", async () => {
    const me = await signedInUser();
    const victim = await signedInUser();
    expect(
      (
        await api(`/api/update-avatar/${victim.user.id}`, {
          method: "POST",
          token: victim.token,
          body: await picture(),
        })
      ).status,
    ).toBe(200);
    const before = await userRow(victim.user.id);
    expect(before.avatar).toMatch(/^\/media\//);

    const pathCalls: Array<[string, RequestInit & { json?: unknown; body?: BodyInit }]> = [
      [`/api/user/${victim.user.id}`, { method: "GET" }],
      [`/api/update-avatar/${victim.user.id}`, { method: "POST", body: await picture() }],
      [`/api/delete-avatar/${victim.user.id}`, { method: "POST" }],
      [`/api/delete-tokens/${victim.user.id}`, { method: "DELETE" }],
      [`/api/check-password/${victim.user.id}/${victim.password}`, { method: "GET" }],
      [`/api/check-password/${victim.user.id}`, { method: "POST", json: { password: victim.password } }],
    ];
    for (const [path, init] of pathCalls) {
      const response = await api(path, { ...init, token: me.token } as never);
      expect(response.status, path).toBe(404);
      expect((await json(response)).error.code, path).toBe("notFound");
    }
    const bodyCalls: Array<[string, unknown]> = [
      ["/api/update-language", { language: "el", id: victim.user.id }],
      ["/api/update-user", { fullName: "Hijacked", id: victim.user.id }],
      ["/api/update-email-notifications", { enableEmailNotifications: false, id: victim.user.id }],
      // The reference client's name for the id.
      ["/api/update-user", { fullName: "Hijacked", _id: victim.user.id }],
      ["/api/update-email-notifications", { enableEmailNotifications: false, _id: String(victim.user.id) }],
      ["/api/change-password", { _id: victim.user.id, password: "secret1", newPassword: "hijacked1", strict: true }],
    ];
    for (const [path, body] of bodyCalls) {
      const response = await api(path, { method: "POST", token: me.token, json: body });
      expect(response.status, path).toBe(403);
    }

    const after = await userRow(victim.user.id);
    expect(after).toEqual(before);
    expect(await tokensOf(victim.user.id)).toHaveLength(1);
    expect((await userRow(me.user.id)).fullName).toBe("Test Person");
    // The victim's password guesses were never counted: their own check still has all its attempts.
    const own = await api(`/api/check-password/${victim.user.id}`, {
      method: "POST",
      token: victim.token,
      json: { password: victim.password },
    });
    expect(await json(own)).toEqual({ matches: true });
  });

  it("without credentials answers 401, with a token that is not ours too", async () => {
    const { user } = await signedInUser();
    expect((await api(`/api/user/${user.id}`)).status).toBe(401);
    expect((await api(`/api/user/${user.id}`, { token: "A".repeat(43) })).status).toBe(401);
    expect((await api(`/api/user/${user.id}`, { headers: { Authorization: "Bearer not-a-token" } })).status).toBe(401);
  });
});

describe("the reference client's forms beside Rueda's own", () => {
  it("update-user changes only the fields sent; an empty string clears one", async () => {
    const { user, token } = await signedInUser({
      phone: "+584141112233",
      location: "Caracas",
      bio: "Hello",
      documentType: 1,
      documentNumber: "V12345678",
    });
    const response = await api("/api/update-user", { method: "POST", token, json: { location: "Mérida", bio: "" } });
    expect(response.status).toBe(200);
    expect((await json(response)).user).toMatchObject({
      fullName: "Test Person",
      phone: "+584141112233",
      location: "Mérida",
      bio: null,
      documentType: "1",
      documentNumber: "V12345678",
    });
    // A document number needs a type, sent or saved.
    const { token: other } = await signedInUser();
    const refused = await api("/api/update-user?l=en", {
      method: "POST",
      token: other,
      json: { documentNumber: "X1" },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys((await json(refused)).error.fields)).toEqual(["documentType"]);
    // An empty name is refused, not saved.
    expect((await api("/api/update-user", { method: "POST", token, json: { fullName: " " } })).status).toBe(400);
    expect((await userRow(user.id)).fullName).toBe("Test Person");
  });

  it("change-password: a wrong current password in the reference client's form is a field error on `password`", async () => {
    const { user, token, password } = await signedInUser();
    const wrong = await api("/api/change-password?l=en", {
      method: "POST",
      token,
      json: { _id: user.id, password: "not-it", newPassword: "brand-new", strict: true },
    });
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).error).toMatchObject({ code: "wrongPassword", fields: { password: "Wrong password" } });
    const same = await api("/api/change-password?l=en", {
      method: "POST",
      token,
      json: { password, newPassword: password },
    });
    expect((await json(same)).error.fields).toEqual({ newPassword: "Please choose a new password" });
  });

  it("validate-email: 200 with available for a free address, 204 with no body for a registered one", async () => {
    const { user } = await signedInUser();
    const free = await api("/api/validate-email", { method: "POST", json: { email: freshEmail() } });
    expect([free.status, await json(free)]).toEqual([200, { available: true }]);
    const taken = await api("/api/validate-email", { method: "POST", json: { email: user.email } });
    expect([taken.status, await taken.text(), taken.headers.get("Content-Type")]).toEqual([204, "", null]);
  });
});

describe("suspension and deletion", () => {
  it("stop a token and a session at the next request", async () => {
    const { user, token, password } = await signedInUser();
    const cookie = sessionCookieOf(
      await api("/api/sign-in/frontend", { method: "POST", json: { email: user.email, password } }),
    )!;
    expect((await api(`/api/user/${user.id}`, { token })).status).toBe(200);
    const db = await getDb();
    await db.update(schema.users).set({ blacklisted: true }).where(eq(schema.users.id, user.id));
    expect((await api(`/api/user/${user.id}`, { token })).status).toBe(401);
    expect((await api(`/api/user/${user.id}`, { headers: { Cookie: cookie } })).status).toBe(401);
    const signIn = await api("/api/sign-in/frontend?l=en", { method: "POST", json: { email: user.email, password } });
    expect(signIn.status).toBe(403);
    expect((await json(signIn)).error).toEqual({ code: "suspended", message: "Your account is suspended" });

    const deleted = await signedInUser();
    await db.update(schema.users).set({ status: "deleted" }).where(eq(schema.users.id, deleted.user.id));
    expect((await api(`/api/user/${deleted.user.id}`, { token: deleted.token })).status).toBe(401);
  });
});

describe("rate limits shared with the forms", () => {
  it("sign-in: the 11th attempt for one address in 15 minutes is refused, even with the right password", async () => {
    const { user, password } = await signedInUser();
    const limited = createApiClient({ ip: "198.51.100.31" });
    for (let i = 0; i < 10; i++) {
      expect(
        (await limited("/api/sign-in/frontend", { method: "POST", json: { email: user.email, password: "wrong-one" } }))
          .status,
      ).toBe(401);
    }
    const refused = await limited("/api/sign-in/frontend?l=en", {
      method: "POST",
      json: { email: user.email, password },
    });
    expect(refused.status).toBe(429);
    expect((await json(refused)).error).toEqual({
      code: "rateLimited",
      message: "Too many attempts. Please wait a few minutes and try again.",
    });
  });

  it("check-password POST: counted with change-password, 10 per account", async () => {
    const { user, token, password } = await signedInUser();
    for (let i = 0; i < 10; i++) {
      const response = await api(`/api/check-password/${user.id}`, {
        method: "POST",
        token,
        json: { password: `guess-${i}` },
      });
      // A wrong password is a 204 with no body (the reference client reads anything but 200 as wrong).
      expect(response.status).toBe(204);
    }
    expect((await api(`/api/check-password/${user.id}`, { method: "POST", token, json: { password } })).status).toBe(
      429,
    );
    const change = await api("/api/change-password", {
      method: "POST",
      token,
      json: { currentPassword: password, password: "brand-new", confirmPassword: "brand-new" },
    });
    expect(change.status).toBe(429);
  });

  it("check-password GET (a cross-site link can send it with the victim's cookie) never spends the change-password budget", async () => {
    const { user, token, password } = await signedInUser();
    // Twelve navigations from one client: ten verdicts, then that client is limited.
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await api(`/api/check-password/${user.id}/guess-${i}`, { token, ip: "198.51.100.90" })).status);
    expect(statuses).toEqual([...Array(10).fill(204), 429, 429]);
    // Another client still gets its own verdicts.
    expect(await json(await api(`/api/check-password/${user.id}/${password}`, { token, ip: "198.51.100.91" }))).toEqual(
      { matches: true },
    );
    // The account's change-password budget is whole: its owner changes the password.
    const change = await api("/api/change-password", {
      method: "POST",
      token,
      json: { currentPassword: password, password: "brand-new", confirmPassword: "brand-new" },
    });
    expect(change.status).toBe(200);
  });

  it("sign-up: 50 per client per hour, validate-email included", async () => {
    const limited = createApiClient({ ip: "198.51.100.32" });
    for (let i = 0; i < 50; i++) {
      expect((await limited("/api/validate-email", { method: "POST", json: { email: freshEmail() } })).status).toBe(
        200,
      );
    }
    const refused = await limited("/api/sign-up", {
      method: "POST",
      json: {
        fullName: "Late",
        email: freshEmail(),
        phone: "+584141112233",
        birthDate: "1990-01-01",
        password: "secret1",
        confirmPassword: "secret1",
        tos: true,
      },
    });
    expect(refused.status).toBe(429);
  });

  it("resend: 5 activation emails per account per 15 minutes", async () => {
    const { user } = await signedInUser({ activated: false });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await api(`/api/resend/frontend/${encodeURIComponent(user.email)}/false`, { method: "POST" })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const unknown = await api(`/api/resend/frontend/${encodeURIComponent(freshEmail())}/true?l=en`, { method: "POST" });
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).error).toEqual({
      code: "emailNotRegistered",
      message: "Email address not registered",
    });
  });
});
