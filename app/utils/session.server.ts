import crypto from "node:crypto";
import { and, eq, gt, ne, sql } from "drizzle-orm";
import { sessionCookie } from "./cookies.server";
import { getDb, schema, type Executor } from "./db.server";

const { notifications, sessions, users } = schema;

export const STAY_CONNECTED_DAYS = 30;
/** A browser session still expires on the server after a day of the cookie's life. */
const BROWSER_SESSION_HOURS = 24;

export type SessionUser = Pick<
  typeof users.$inferSelect,
  "id" | "email" | "fullName" | "type" | "language" | "activated" | "supplierId" | "avatar" | "enableEmailNotifications"
> & {
  /** For the header's counter on every page. */
  unreadNotifications: number;
};

export async function readSessionId(cookieHeader: string | null): Promise<string | null> {
  const value = await sessionCookie.parse(cookieHeader);
  return typeof value === "string" && value.length > 0 ? value : null;
}

/**
 * One query: the session row joined to its (active, not blacklisted) user, with the
 * user's unread notifications counted in a subquery (an index scan of
 * notifications_user_idx), so the header's counter costs no query of its own.
 */
export async function findSessionUser(sessionId: string): Promise<SessionUser | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      type: users.type,
      language: users.language,
      activated: users.activated,
      supplierId: users.supplierId,
      avatar: users.avatar,
      enableEmailNotifications: users.enableEmailNotifications,
      unreadNotifications: sql<number>`(select count(*) from ${notifications} where ${notifications.userId} = ${users.id} and not ${notifications.isRead})`.mapWith(Number),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date()), eq(users.blacklisted, false), eq(users.status, "active")));
  return row ?? null;
}

/** Creates a fresh session row (a new id on every sign-in) and the cookie that carries it. */
export async function createUserSession(userId: number, stayConnected: boolean): Promise<string> {
  const db = await getDb();
  const id = crypto.randomBytes(32).toString("base64url");
  const hours = stayConnected ? STAY_CONNECTED_DAYS * 24 : BROWSER_SESSION_HOURS;
  const expiresAt = new Date(Date.now() + hours * 3600_000);
  await db.insert(sessions).values({ id, userId, persistent: stayConnected, expiresAt });
  return sessionCookie.serialize(id, stayConnected ? { expires: expiresAt } : {});
}

export async function destroySession(sessionId: string | null): Promise<string> {
  if (sessionId) {
    const db = await getDb();
    await db.delete(sessions).where(eq(sessions.id, sessionId));
  }
  return sessionCookie.serialize("", { maxAge: 0 });
}

/** After a password change every other device is signed out (all of them when `keepSessionId` is null). */
export async function destroyOtherSessions(userId: number, keepSessionId: string | null, executor?: Executor) {
  const db = executor ?? (await getDb());
  await db
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId));
}
