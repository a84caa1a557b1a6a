import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterAll, describe } from "vitest";
import { issueToken } from "~/modules/user/tokens.server";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { createApiClient, signedInUser } from "../api/client";
import { contractSuite, fetchDocument, type Preparers } from "../api/contract";

type Fixture = Awaited<ReturnType<typeof signedInUser>>;

const api = createApiClient({ ip: "198.51.100.10" });
const document = await fetchDocument(api);
let counter = 0;
const freshEmail = () => `contract-${Date.now()}-${++counter}@example.com`;

afterAll(async () => {
  await closeDb();
});

async function activationLink(userId: number) {
  const db = await getDb();
  return (await issueToken(db, userId, "activation")).token;
}

async function pngUpload() {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#0b6e4f" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "me.png");
  return form;
}

const prepare: Preparers<Fixture> = {
  signInFrontend: ({ user, password }) => ({ init: { json: { email: user.email, password } } }),
  signUp: () => ({
    init: {
      json: {
        fullName: "Contract Test",
        email: freshEmail(),
        phone: "+584141112233",
        birthDate: "1990-01-01",
        password: "secret1",
        confirmPassword: "secret1",
        tos: true,
      },
    },
    expect: 201,
  }),
  checkToken: async ({ user }) => ({
    params: { appType: "frontend", userId: String(user.id), email: user.email, token: await activationLink(user.id) },
    init: {},
  }),
  deleteTokens: ({ user }) => ({ params: { userId: String(user.id) }, init: {} }),
  resend: ({ user }) => ({ params: { appType: "frontend", email: user.email, reset: "true" }, init: {} }),
  activate: async () => {
    const { user } = await signedInUser({ activated: false });
    return {
      init: {
        json: { token: await activationLink(user.id), password: "chosen-pass1", confirmPassword: "chosen-pass1" },
      },
    };
  },
  validateEmail: () => ({ init: { json: { email: freshEmail() } } }),
  resendLink: async ({ user }) => {
    const db = await getDb();
    await db.update(schema.users).set({ activated: false }).where(eq(schema.users.id, user.id));
    return { init: {} };
  },
  updateLanguage: () => ({ init: { json: { language: "fr" } } }),
  getUser: ({ user }) => ({ params: { id: String(user.id) }, init: {} }),
  updateUser: () => ({ init: { json: { fullName: "Renamed Person", location: "Mérida" } } }),
  updateEmailNotifications: () => ({ init: { json: { enableEmailNotifications: false } } }),
  updateAvatar: async ({ user }) => ({ params: { id: String(user.id) }, init: { body: await pngUpload() } }),
  deleteAvatar: ({ user }) => ({ params: { id: String(user.id) }, init: {} }),
  checkPassword: ({ user, password }) => ({ params: { id: String(user.id), password }, init: {} }),
  checkPasswordPost: ({ user, password }) => ({ params: { id: String(user.id) }, init: { json: { password } } }),
  changePassword: ({ password }) => ({
    init: { json: { currentPassword: password, password: "brand-new1", confirmPassword: "brand-new1" } },
  }),
};

describe("contract: the spec's session and account calls", () => {
  contractSuite({
    api,
    document,
    tags: ["Session", "Account"],
    fixture: () => signedInUser(),
    tokenOf: (f) => f.token,
    prepare,
  });
});
