import { afterAll, describe, expect, it } from "vitest";
import { verifyPassword } from "~/modules/user/password.server";
import { getDb } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { sessionCookieOf, signedInUser } from "../api/client";
import { outboxTokens } from "../factories";
import { api, freshEmail, userRow, tokensOf, json } from "./fixtures/api-account";

/*
 * The spec's account calls over the in-process API (real routing and load context): a whole
 * account's life with a bearer token, the bodies it takes, its answers to what it does not know, and
 * the calls in the reference client's forms beside Rueda's own (docs/architecture.md#api).
 */

afterAll(async () => {
  await closeDb();
});

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
