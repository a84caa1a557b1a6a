import crypto from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { contentKey } from "~/modules/images/images.server";
import { replaceAvatar } from "~/modules/user/profile.server";
import { processImage } from "~/modules/images/process.server";
import { avatarShape } from "~/modules/user/avatar.server";
import { loader } from "~/routes/media.$name";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { createUser } from "../factories";

const { images, users } = schema;

/** An avatar as the settings page stores it, made from noise: bytes no other test or run has. */
async function avatar() {
  const noise = await sharp(crypto.randomBytes(64 * 64 * 3), { raw: { width: 64, height: 64, channels: 3 } })
    .png()
    .toBuffer();
  const processed = await processImage(noise, avatarShape);
  const webp = processed.ok ? processed.webp : null;
  if (!webp) throw new Error("the avatar was refused");
  return { webp, key: contentKey(webp), path: `/media/${contentKey(webp)}.webp` };
}

const context = {} as AppLoadContext;

/** GET /media/<name> through the route's loader, as Remix calls it. */
async function get(name: string | undefined, headers: Record<string, string> = {}) {
  const request = new Request(`http://rueda.test/media/${encodeURIComponent(name ?? "")}`, { headers });
  return (await loader({ request, params: name === undefined ? {} : { name }, context })) as Response;
}

async function avatarOf(userId: number) {
  const db = await getDb();
  const [row] = await db.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId));
  return row.avatar;
}

async function isStored(key: string) {
  const db = await getDb();
  return (await db.select({ key: images.key }).from(images).where(eq(images.key, key))).length === 1;
}

afterAll(async () => {
  await closeDb();
});

describe("stored images", () => {
  it("an avatar stored through one connection is served through a fresh one, with immutable caching and 304s", async () => {
    const user = await createUser(await getDb());
    const picture = await avatar();
    await replaceAvatar(user.id, picture.webp);
    expect(await avatarOf(user.id)).toBe(picture.path);

    // Another web process: nothing it reads comes from this connection or from local files.
    await closeDb();
    const name = `${picture.key}.webp`;
    const response = await get(name);
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "image/webp",
      "cache-control": "public, max-age=31536000, immutable",
      etag: `"${picture.key}"`,
      "x-content-type-options": "nosniff",
    });
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.equals(picture.webp)).toBe(true);
    expect(await sharp(body).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });

    for (const ifNoneMatch of [`"${picture.key}"`, `W/"${picture.key}"`, `"other", "${picture.key}"`]) {
      const revalidated = await get(name, { "If-None-Match": ifNoneMatch });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers.get("etag")).toBe(`"${picture.key}"`);
      expect(revalidated.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(await revalidated.text()).toBe("");
    }
    expect((await get(name, { "If-None-Match": `"${"0".repeat(64)}"` })).status).toBe(200);
  });

  it("replacing or deleting an avatar deletes the old picture, unless another account still shows it", async () => {
    const db = await getDb();
    const alice = await createUser(db);
    const bruno = await createUser(db);
    const first = await avatar();
    const second = await avatar();

    await replaceAvatar(alice.id, first.webp);
    await replaceAvatar(bruno.id, first.webp);
    expect([await avatarOf(alice.id), await avatarOf(bruno.id)]).toEqual([first.path, first.path]);

    await replaceAvatar(alice.id, second.webp);
    expect(await isStored(first.key)).toBe(true);
    expect(await isStored(second.key)).toBe(true);

    await replaceAvatar(bruno.id, null);
    expect(await avatarOf(bruno.id)).toBeNull();
    expect(await isStored(first.key)).toBe(false);
    expect((await get(`${first.key}.webp`)).status).toBe(404);

    // The same picture again changes nothing; a new one replaces it.
    await replaceAvatar(alice.id, second.webp);
    expect(await isStored(second.key)).toBe(true);
    const third = await avatar();
    await replaceAvatar(alice.id, third.webp);
    expect(await isStored(second.key)).toBe(false);
    expect(await avatarOf(alice.id)).toBe(third.path);
    expect((await get(`${third.key}.webp`)).status).toBe(200);
  });

  it("leaves a demo picture's path alone when an avatar replaces it", async () => {
    const user = await createUser(await getDb(), { avatar: "/images/avatars/demo.svg" });
    const picture = await avatar();
    await replaceAvatar(user.id, picture.webp);
    expect(await avatarOf(user.id)).toBe(picture.path);
  });

  it("never deletes a picture that a concurrent upload is about to show", async () => {
    const db = await getDb();
    const alice = await createUser(db);
    const bruno = await createUser(db);
    const shared = await avatar();
    const other = await avatar();
    for (let round = 0; round < 10; round++) {
      await replaceAvatar(bruno.id, null);
      await replaceAvatar(alice.id, shared.webp);
      await Promise.all([replaceAvatar(alice.id, other.webp), replaceAvatar(bruno.id, shared.webp)]);
      expect(await avatarOf(bruno.id)).toBe(shared.path);
      expect(await isStored(shared.key)).toBe(true);
    }
  });

  const unknownKey = crypto.randomBytes(32).toString("hex");
  it.each([
    ["an unknown picture", `${unknownKey}.webp`],
    ["a short name", "abc.webp"],
    ["an upper-case key", `${unknownKey.toUpperCase()}.webp`],
    ["another extension", `${unknownKey}.png`],
    ["no extension", unknownKey],
    ["a path", `../../${unknownKey}.webp`],
    ["a NUL byte", `${unknownKey}.webp\0`],
    ["SQL", "' or 1=1 --.webp"],
    ["a huge name", "f".repeat(100_000)],
    ["no name", undefined],
  ])("answers 404 in plain text to %s", async (_label, name) => {
    const response = await get(name);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe("Not Found");
  });
});
