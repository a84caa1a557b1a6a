import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { registerUser } from "~/modules/user/sign-up.server";
import { resetPassword } from "~/modules/user/password-reset.server";
import { activateWithPassword } from "~/modules/user/activation.server";
import { verifyCredentials } from "~/modules/user/auth.server";
import { hashPassword, verifyPassword } from "~/modules/user/password.server";
import { issueToken } from "~/modules/user/tokens.server";
import { action as resetAction } from "~/routes/reset-password";
import { action as signInAction } from "~/routes/sign-in";
import { getDb, schema } from "~/utils/db.server";
import { issueApiToken } from "~/utils/api-tokens.server";
import { createUserSession } from "~/utils/session.server";
import { closeDb } from "../../db/client";
import { createApiClient, sessionCookieOf } from "../api/client";
import { createUser, outboxTokens } from "../factories";
import { formPost, routeContext } from "../route-calls";

/*
 * docs/security.md#unproven-addresses, and the argon2 and enumeration limits around it
 * (docs/security.md#rate-limits): review findings M2, M4, L2 and L10.
 */
vi.mock("~/modules/user/password.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/modules/user/password.server")>();
  return { hashPassword: vi.fn(actual.hashPassword), verifyPassword: vi.fn(actual.verifyPassword) };
});

const { users, sessions, apiTokens } = schema;
let counter = 0;
const freshEmail = (prefix: string) => `${prefix}-${Date.now()}-${++counter}@example.com`;

afterAll(async () => {
  await closeDb();
});

/** An attacker signs up with someone else's address and a password of their own. */
async function signUpAs(email: string, password = "attacker1") {
  const result = await registerUser({
    fullName: "Not The Owner",
    email,
    phone: "+584141112233",
    birthDate: "1990-01-01",
    password,
    language: "en",
  });
  if (!result.ok) throw new Error("sign-up failed");
  return result.userId;
}

describe("an address nobody has proven (M2)", () => {
  it("gets no API token and no session from POST /api/sign-in/frontend: 403 notActivated, translated", async () => {
    const api = createApiClient({ ip: "198.51.100.61" });
    const email = freshEmail("victim");
    const userId = await signUpAs(email);
    const response = await api("/api/sign-in/frontend?l=en", {
      method: "POST",
      json: { email, password: "attacker1" },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: {
        code: "notActivated",
        message:
          "Your account is not activated yet. Open the link in the activation email we sent you, or ask for a new one.",
      },
    });
    expect(sessionCookieOf(response)).toBeNull();
    const db = await getDb();
    expect(await db.select().from(apiTokens).where(eq(apiTokens.userId, userId))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
    // A wrong password still gets the usual answer: the refusal tells a guesser nothing.
    expect(
      (await api("/api/sign-in/frontend", { method: "POST", json: { email, password: "wrong-one" } })).status,
    ).toBe(401);
  });

  it("is refused on the sign-in page with the message and a resend button, and no session", async () => {
    const email = freshEmail("page");
    await signUpAs(email);
    const response = (await signInAction({
      request: formPost("/sign-in", { email, password: "attacker1" }),
      context: routeContext("198.51.100.62"),
      params: {},
    })) as Response;
    expect(response.status).toBe(403);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    const body = (await response.json()) as { error: Record<string, string[]>; resendFor: string };
    expect(body.error[""]).toEqual(["auth:signIn.notActivated"]);
    expect(body.resendFor).toBe(email);

    const resent = (await signInAction({
      request: formPost("/sign-in", { intent: "resendActivation", email }),
      context: routeContext("198.51.100.62"),
      params: {},
    })) as Response;
    expect(resent.status).toBe(200);
    expect(await resent.json()).toEqual({ resent: "auth:signIn.resendSent" });
    expect(await outboxTokens(await getDb(), email, "activation")).toHaveLength(2);
  });

  it("activation sets the password its owner chooses and ends every session and API token, in one transaction", async () => {
    const email = freshEmail("takeover");
    const userId = await signUpAs(email);
    // Sessions and tokens made before this change (or any other way) do not survive activation.
    await createUserSession(userId, true);
    await issueApiToken(userId);
    const [token] = await outboxTokens(await getDb(), email, "activation");
    expect(await activateWithPassword(token, "owner-pass1")).toEqual({ status: "activated", userId });
    const db = await getDb();
    expect(await db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
    expect(await db.select().from(apiTokens).where(eq(apiTokens.userId, userId))).toEqual([]);
    // The registrant's password is gone; the owner's works.
    await expect(verifyCredentials(email, "attacker1")).rejects.toMatchObject({ reason: "incorrect" });
    await expect(verifyCredentials(email, "owner-pass1")).resolves.toMatchObject({ id: userId });
  });

  it("POST /api/activate asks for the password of an account made by sign-up", async () => {
    const api = createApiClient({ ip: "198.51.100.63" });
    const email = freshEmail("api-activate");
    await signUpAs(email);
    const [token] = await outboxTokens(await getDb(), email, "activation");
    const bare = await api("/api/activate?l=en", { method: "POST", json: { token } });
    expect(bare.status).toBe(400);
    const [row] = await (
      await getDb()
    )
      .select({ activated: users.activated })
      .from(users)
      .where(eq(users.email, email));
    expect(row.activated).toBe(false);
    expect(
      (
        await api("/api/activate", {
          method: "POST",
          json: { token, password: "owner-pass1", confirmPassword: "owner-pass1" },
        })
      ).status,
    ).toBe(200);
    await expect(verifyCredentials(email, "owner-pass1")).resolves.toBeDefined();
  });
});

describe("password reset and activation hash only for a valid link (M4)", () => {
  it("a forged reset or activation link costs no argon2 hash", async () => {
    vi.mocked(hashPassword).mockClear();
    expect(await resetPassword("x".repeat(43), "whatever1")).toEqual({ status: "unknown" });
    expect(await activateWithPassword("y".repeat(43), "whatever1")).toEqual({ status: "unknown" });
    expect(hashPassword).not.toHaveBeenCalled();
    // A valid link still works, and hashes once.
    const db = await getDb();
    const user = await createUser(db, { email: freshEmail("reset") });
    const { token } = await issueToken(db, user.id, "reset");
    expect(await resetPassword(token, "new-pass1")).toMatchObject({ status: "changed" });
    expect(hashPassword).toHaveBeenCalledTimes(1);
  });

  it("POST /reset-password is limited per client: the 21st in 15 minutes is 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const response = (await resetAction({
        request: formPost("/reset-password", { token: "x".repeat(43), password: "aaaaaa", confirmPassword: "aaaaaa" }),
        context: routeContext("198.51.100.64"),
        params: {},
      })) as Response;
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 302)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another client is not affected.
    const other = (await resetAction({
      request: formPost("/reset-password", { token: "x".repeat(43), password: "aaaaaa", confirmPassword: "aaaaaa" }),
      context: routeContext("198.51.100.65"),
      params: {},
    })) as Response;
    expect(other.status).toBe(302);
  });
});

describe("the API's resend (L2)", () => {
  it("counts every lookup per client before it: unknown addresses get 429 after 20", async () => {
    const api = createApiClient({ ip: "198.51.100.66" });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push(
        (await api(`/api/resend/frontend/${encodeURIComponent(freshEmail("nobody"))}/false`, { method: "POST" }))
          .status,
      );
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(404));
    expect(statuses[20]).toBe(429);
  });
});

describe("sign-in timing (L10)", () => {
  it("an account without a password pays the same hash check as any other", async () => {
    const db = await getDb();
    const email = freshEmail("passwordless");
    await createUser(db, { email, passwordHash: null, activated: false });
    vi.mocked(verifyPassword).mockClear();
    await expect(verifyCredentials(email, "guess1")).rejects.toMatchObject({ reason: "incorrect" });
    expect(verifyPassword).toHaveBeenCalledTimes(1);
    // The decoy is a real argon2 hash, checked like a stored one.
    expect(vi.mocked(verifyPassword).mock.calls[0][0]).toMatch(/^\$argon2id\$/);
  });
});
