import type { AppLoadContext } from "@remix-run/node";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { action } from "~/routes/settings";
import { closeDb } from "../../db/client";
import { createApiClient, signedInUser } from "../api/client";

/*
 * docs/security.md#uploads: decoding an upload is the costliest thing an account can ask for, so
 * avatar uploads are limited per account (10 an hour), the page and the API counting together,
 * with the translated message once over.
 */
const api = createApiClient({ ip: "198.51.100.79" });

afterAll(async () => {
  await closeDb();
});

const png = (r = 10) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r, g: 120, b: 200 } } })
    .png()
    .toBuffer();
const LIMIT_MESSAGE = "You have changed your picture too many times in a short while. Please try again in an hour.";

function multipart(field: string, bytes: Buffer, extra: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(extra)) form.append(name, value);
  form.append(field, new Blob([new Uint8Array(bytes)], { type: "image/png" }), "me.png");
  return form;
}

async function pageUpload(user: Awaited<ReturnType<typeof signedInUser>>["user"], bytes: Buffer) {
  const context = {
    user,
    sessionId: "s",
    credential: null,
    language: "en",
    ip: "198.51.100.79",
    nonce: "",
    t: getFixedT("en"),
  } as unknown as AppLoadContext;
  const request = new Request("http://rueda.test/settings?l=en", {
    method: "POST",
    body: multipart("avatar", bytes, { intent: "avatar" }),
  });
  return (await action({ request, context, params: {} })) as Response;
}

describe("avatar uploads per account", () => {
  it("ten an hour, page and API together; the eleventh is refused with the translated message and changes nothing", async () => {
    const { user, token } = await signedInUser();
    const bytes = await png();
    for (let i = 0; i < 5; i++)
      expect(
        (await api(`/api/update-avatar/${user.id}`, { token, method: "POST", body: multipart("image", bytes) })).status,
      ).toBe(200);
    for (let i = 0; i < 5; i++) expect((await pageUpload(user, bytes)).status).toBe(302);

    const before = (await (await api(`/api/user/${user.id}`, { token })).json()).user.avatar;
    // An absolute URL on the app's origin (docs/architecture.md#api-contract).
    expect(new URL(before).pathname).toMatch(/^\/media\//);
    const refused = await api(`/api/update-avatar/${user.id}?l=en`, {
      token,
      method: "POST",
      body: multipart("image", await png(250)),
    });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toEqual({ code: "rateLimited", message: LIMIT_MESSAGE });

    const page = await pageUpload(user, bytes);
    expect(page.status).toBe(429);
    const { result } = await page.json();
    expect(result.error.avatar).toEqual(["auth:avatar.limit"]);
    expect(getFixedT("en")("auth:avatar.limit")).toBe(LIMIT_MESSAGE);
    expect((await (await api(`/api/user/${user.id}`, { token })).json()).user.avatar).toBe(before);
  });

  it("another account is not affected", async () => {
    const { user, token } = await signedInUser();
    expect(
      (await api(`/api/update-avatar/${user.id}`, { token, method: "POST", body: multipart("image", await png()) }))
        .status,
    ).toBe(200);
  });
});
