import { afterAll, describe, expect, it } from "vitest";
import { statusAccess } from "~/modules/http/status.server";
import { issueApiToken } from "~/utils/api-tokens.server";
import { getDb } from "~/utils/db.server";
import { createUserSession } from "~/utils/session.server";
import { closeDb } from "../../db/client";
import { createUser } from "../factories";

/* docs/operations.md#health: /status answers admins and the operator's STATUS_TOKEN only; /healthz stays public. */
afterAll(async () => {
  await closeDb();
});

const statusToken = "status-token-0123456789abcdef";
const cookieOf = (setCookie: string) => setCookie.split(";")[0];

describe("who may read /status", () => {
  it("nobody signed in → 401, whatever bearer they guess", async () => {
    expect(await statusAccess({ authorization: null, cookieHeader: null, statusToken })).toBe(401);
    expect(
      await statusAccess({ authorization: "Bearer wrong-token-0123456789", cookieHeader: null, statusToken }),
    ).toBe(401);
    // Without STATUS_TOKEN configured, no bearer opens it.
    expect(await statusAccess({ authorization: "Bearer ", cookieHeader: null, statusToken: undefined })).toBe(401);
  });

  it("the operator's token opens it", async () => {
    expect(await statusAccess({ authorization: `Bearer ${statusToken}`, cookieHeader: null, statusToken })).toBe(
      "allowed",
    );
  });

  it("an admin's session or API token opens it; a driver or supplier staff gets 403", async () => {
    const db = await getDb();
    const admin = await createUser(db, { type: "admin" });
    const driver = await createUser(db, { type: "user" });
    expect(
      await statusAccess({
        authorization: null,
        cookieHeader: cookieOf(await createUserSession(admin.id, false)),
        statusToken,
      }),
    ).toBe("allowed");
    expect(
      await statusAccess({
        authorization: `Bearer ${(await issueApiToken(admin.id)).token}`,
        cookieHeader: null,
        statusToken: undefined,
      }),
    ).toBe("allowed");
    expect(
      await statusAccess({
        authorization: null,
        cookieHeader: cookieOf(await createUserSession(driver.id, false)),
        statusToken,
      }),
    ).toBe(403);
    expect(
      await statusAccess({
        authorization: `Bearer ${(await issueApiToken(driver.id)).token}`,
        cookieHeader: null,
        statusToken,
      }),
    ).toBe(403);
  });
});
