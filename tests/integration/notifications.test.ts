import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildLoadContext } from "~/modules/http/load-context.server";
import { deleteNotifications, listNotifications, markNotifications } from "~/modules/notification/notifications.server";
import { notify } from "~/modules/notification/notify.server";
import { sessionCookie } from "~/utils/cookies.server";
import { getDb, schema } from "~/utils/db.server";
import { findSessionUser } from "~/utils/session.server";
import { closeDb } from "../../db/client";
import { withQueryCount } from "../../db/query-count";
import { createUser, resetDatabase } from "../factories";

const { notifications, sessions } = schema;

/** `count` notifications for `userId`, one minute apart, the last the newest; returns their ids oldest first. */
async function seed(userId: number, count: number, read = false) {
  const db = await getDb();
  const start = Date.now() - count * 60_000;
  const rows = await db
    .insert(notifications)
    .values(
      Array.from({ length: count }, (_, i) => ({
        userId,
        messageKey: "notifications:messages.statusChanged",
        params: { reference: `R${i + 1}`, status: "paid" },
        isRead: read,
        createdAt: new Date(start + i * 60_000),
      })),
    )
    .returning({ id: notifications.id });
  return rows.map((r) => r.id);
}

async function rowsOf(userId: number) {
  const db = await getDb();
  return db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);
}

async function addSession(userId: number) {
  const db = await getDb();
  const id = crypto.randomBytes(16).toString("hex");
  await db.insert(sessions).values({ id, userId, expiresAt: new Date(Date.now() + 3600_000) });
  return id;
}

beforeAll(async () => {
  await getDb();
});
beforeEach(async () => {
  await resetDatabase(await getDb());
});
afterAll(async () => {
  await closeDb();
});

describe("listNotifications", () => {
  it("lists only the reader's notifications, newest first, 30 a page, clamping the page", async () => {
    const db = await getDb();
    const me = await createUser(db);
    const other = await createUser(db);
    const ids = await seed(me.id, 32);
    await seed(other.id, 3);

    const first = await listNotifications(me.id, null, "en");
    expect(first).toMatchObject({ page: 1, pages: 2, total: 32 });
    expect(first.items.map((n) => n.id)).toEqual(ids.slice(2).reverse());
    expect(first.items[0]).toMatchObject({
      messageKey: "notifications:messages.statusChanged",
      params: { reference: "R32", status: "paid" },
      isRead: false,
      bookingId: null,
    });
    expect(first.items[0].date).toMatch(/\d{4}/);

    const second = await listNotifications(me.id, "2", "en");
    expect(second.items.map((n) => n.id)).toEqual([ids[1], ids[0]]);
    expect((await listNotifications(me.id, "9", "en")).page).toBe(2);
    expect((await listNotifications(me.id, "x", "en")).page).toBe(1);

    const none = await listNotifications((await createUser(db)).id, null, "en");
    expect(none).toMatchObject({ items: [], page: 1, pages: 1, total: 0 });
  });

  it("lists what notify() wrote, with its booking-free params", async () => {
    const db = await getDb();
    const me = await createUser(db);
    await notify(db, [
      { userId: me.id, messageKey: "notifications:messages.cancelRequested", params: { reference: "ABC" } },
    ]);
    const { items } = await listNotifications(me.id, "1", "es");
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      messageKey: "notifications:messages.cancelRequested",
      params: { reference: "ABC" },
    });
  });
});

describe("markNotifications and deleteNotifications", () => {
  it("mark one read and unread, then all, touching only the reader's rows", async () => {
    const db = await getDb();
    const me = await createUser(db);
    const other = await createUser(db);
    const [a] = await seed(me.id, 2);
    const [theirs] = await seed(other.id, 1);

    expect(await markNotifications(me.id, a, true)).toBe(1);
    expect((await rowsOf(me.id)).map((n) => n.isRead)).toEqual([true, false]);
    expect(await markNotifications(me.id, a, false)).toBe(1);
    expect((await rowsOf(me.id)).map((n) => n.isRead)).toEqual([false, false]);

    expect(await markNotifications(me.id, "all", true)).toBe(2);
    expect((await rowsOf(me.id)).every((n) => n.isRead)).toBe(true);
    expect(await markNotifications(me.id, "all", false)).toBe(2);
    expect((await rowsOf(me.id)).every((n) => !n.isRead)).toBe(true);

    // A forged id of someone else's notification changes nothing.
    expect(await markNotifications(me.id, theirs, true)).toBe(0);
    expect((await rowsOf(other.id))[0].isRead).toBe(false);
  });

  it("delete one, then all, leaving other users' notifications alone", async () => {
    const db = await getDb();
    const me = await createUser(db);
    const other = await createUser(db);
    const [a, b, c] = await seed(me.id, 3);
    const [theirs] = await seed(other.id, 2);

    expect(await deleteNotifications(me.id, theirs)).toBe(0);
    expect(await rowsOf(other.id)).toHaveLength(2);

    expect(await deleteNotifications(me.id, b)).toBe(1);
    expect((await rowsOf(me.id)).map((n) => n.id)).toEqual([a, c]);
    expect(await deleteNotifications(me.id, "all")).toBe(2);
    expect(await rowsOf(me.id)).toHaveLength(0);
    expect(await rowsOf(other.id)).toHaveLength(2);
  });
});

describe("the header's unread counter", () => {
  it("findSessionUser counts the user's unread notifications", async () => {
    const db = await getDb();
    const me = await createUser(db);
    const other = await createUser(db);
    const sessionId = await addSession(me.id);
    expect((await findSessionUser(sessionId))?.unreadNotifications).toBe(0);
    await seed(me.id, 3);
    await seed(me.id, 2, true);
    await seed(other.id, 4);
    expect((await findSessionUser(sessionId))?.unreadNotifications).toBe(3);
    await markNotifications(me.id, "all", true);
    expect((await findSessionUser(sessionId))?.unreadNotifications).toBe(0);
  });

  it("costs no query of its own: a signed-in request's context is still one query", async () => {
    const db = await getDb();
    const me = await createUser(db);
    await seed(me.id, 2);
    const cookieHeader = await sessionCookie.serialize(await addSession(me.id));
    const { counter, result } = withQueryCount(() =>
      buildLoadContext({ url: new URL("http://rueda.test/search"), cookieHeader, nonce: "n" }),
    );
    const { context } = await result;
    expect(context.user?.unreadNotifications).toBe(2);
    expect(counter.queries).toBe(1);

    const anonymous = withQueryCount(() =>
      buildLoadContext({ url: new URL("http://rueda.test/search"), cookieHeader: null, nonce: "n" }),
    );
    await anonymous.result;
    expect(anonymous.counter.queries).toBe(0);
  });
});
