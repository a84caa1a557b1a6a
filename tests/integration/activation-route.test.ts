import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { registerUser } from "~/modules/user/sign-up.server";
import { hashToken } from "~/modules/user/tokens.server";
import { action, loader } from "~/routes/activate";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { outboxTokens } from "../factories";
import { formPost, routeContext } from "../route-calls";

/*
 * The browser tests cannot age a token inside the app's embedded database, so the
 * expired-link page is exercised here through the route's own loader and action.
 */
const context = routeContext("127.0.0.1");

const activationTokens = async (to: string) => outboxTokens(await getDb(), to, "activation");

const post = (body: Record<string, string>) => formPost("/activate", body);

afterAll(async () => {
  await closeDb();
});

describe("/activate with an expired link", () => {
  it("shows the expiry message, and its resend button emails a new link that works", async () => {
    const email = `expired-${Date.now()}@example.com`;
    const created = await registerUser({
      fullName: "Late Reader",
      email,
      phone: "+584141112233",
      birthDate: "1990-01-01",
      password: "secret1",
      language: "en",
    });
    expect(created.ok).toBe(true);
    const [token] = await activationTokens(email);
    const db = await getDb();
    await db
      .update(schema.tokens)
      .set({ expiresAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(schema.tokens.tokenHash, hashToken(token)));

    const page = await loader({
      request: new Request(`http://rueda.test/activate?token=${token}`),
      context,
      params: {},
    });
    expect(page).toMatchObject({ view: "expired", token });
    expect(context.t("auth:activate.expired")).toBe("Your account activation link expired.");

    // Activating the expired link changes nothing and shows the page again.
    const refused = (await action({
      request: post({ intent: "activate", token, password: "chosen1", confirmPassword: "chosen1" }),
      context,
      params: {},
    })) as Response;
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe(`/activate?token=${token}`);

    const resent = (await action({ request: post({ intent: "resend", token }), context, params: {} })) as Response;
    expect(resent.headers.get("Location")).toBe("/activate?sent=1");
    const tokens = await activationTokens(email);
    expect(tokens).toHaveLength(2);

    const fresh = tokens[1];
    const activated = (await action({
      request: post({ intent: "activate", token: fresh, password: "chosen1", confirmPassword: "chosen1" }),
      context,
      params: {},
    })) as Response;
    expect(activated.headers.get("Location")).toBe("/activate?activated=1");
    expect(activated.headers.get("Set-Cookie")).toMatch(/^__session=/);
  });

  it("answers 429 after five resends for one account", async () => {
    const email = `resend-${Date.now()}@example.com`;
    await registerUser({
      fullName: "Impatient",
      email,
      phone: "+584141112233",
      birthDate: "1990-01-01",
      password: "secret1",
      language: "en",
    });
    const [token] = await activationTokens(email);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const current = (await activationTokens(email)).at(-1)!;
      const result = await action({
        request: post({ intent: "resend", token: i === 0 ? token : current }),
        context,
        params: {},
      });
      statuses.push(result.status);
    }
    expect(statuses).toEqual([302, 302, 302, 302, 302, 429]);
  });
});
