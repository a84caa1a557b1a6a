import { afterAll, describe, expect, it } from "vitest";
import { closeDb } from "../../db/client";
import { createApiClient, signedInUser } from "../api/client";
import { api, freshEmail, json } from "./fixtures/api-account";

/* The account API's rate limits, shared with the forms (docs/architecture.md#api). */

afterAll(async () => {
  await closeDb();
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
