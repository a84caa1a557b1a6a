import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { sessionCookieOf, signedInUser, createApiClient } from "../api/client";
import { api, userRow, tokensOf, json, freshEmail } from "./fixtures/api-account";

/*
 * The authorization matrix of the account API's {id} calls, suspension and deletion stopping a
 * token and a session, and the rate limits it shares with the forms (docs/architecture.md#api).
 */

afterAll(async () => {
  await closeDb();
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
