import crypto from "node:crypto";
import { and, eq, gt, ne, sql } from "drizzle-orm";
import { sessionCookie } from "./cookies.server";
import { getDb, schema, type Executor } from "./db.server";

const { apiTokens, notifications, sessions, users } = schema;

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

/** The columns of a SessionUser, for a query that joins `users` (a session's or an API token's). */
export const sessionUserFields = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  type: users.type,
  language: users.language,
  activated: users.activated,
  supplierId: users.supplierId,
  avatar: users.avatar,
  enableEmailNotifications: users.enableEmailNotifications,
  unreadNotifications:
    sql<number>`(select count(*) from ${notifications} where ${notifications.userId} = ${users.id} and not ${notifications.isRead})`.mapWith(
      Number,
    ),
};

/** A suspended (blacklisted) or deleted account stops resolving at once, whatever credential it presents. */
export const signInAllowed = and(eq(users.blacklisted, false), eq(users.status, "active"));

/**
 * One query: the session row joined to its (active, not blacklisted) user, with the
 * user's unread notifications counted in a subquery (an index scan of
 * notifications_user_idx), so the header's counter costs no query of its own.
 */
export async function findSessionUser(sessionId: string): Promise<SessionUser | null> {
  const db = await getDb();
  const [row] = await db
    .select(sessionUserFields)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date()), signInAllowed));
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

/** What a request signed in with: a browser session (cookie) or an API token (bearer). */
export type Credential = { kind: "session"; id: string } | { kind: "token"; id: number };

/**
 * After a password change every other device is signed out, browsers and API clients alike
 * (all of them when `keep` is null): docs/security.md#sessions, docs/security.md#api-tokens.
 */
export async function endOtherSignIns(userId: number, keep: Credential | null, executor?: Executor) {
  const db = executor ?? (await getDb());
  const keepSession = keep?.kind === "session" ? keep.id : null;
  const keepToken = keep?.kind === "token" ? keep.id : null;
  await db
    .delete(sessions)
    .where(keepSession ? and(eq(sessions.userId, userId), ne(sessions.id, keepSession)) : eq(sessions.userId, userId));
  await db
    .delete(apiTokens)
    .where(keepToken ? and(eq(apiTokens.userId, userId), ne(apiTokens.id, keepToken)) : eq(apiTokens.userId, userId));
}
