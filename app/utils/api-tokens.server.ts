import crypto from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { getDb, schema, type Executor } from "./db.server";
import { sessionUserFields, signInAllowed, type SessionUser } from "./session.server";

const { apiTokens, users } = schema;

/** docs/security.md#api-tokens: a token works for 30 days, then the client signs in again. */
export const API_TOKEN_DAYS = 30;
/** `last_used_at` is refreshed at most this often, so reading a token is not a write per request. */
const LAST_USED_PRECISION_MS = 3600_000;

/** 32 random bytes in base64url: 43 characters from this alphabet. */
const API_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The token of an `Authorization: Bearer <token>` header, or null when there is none or it cannot be one of ours. */
export function bearerToken(header: string | null | undefined): string | null {
  const match = /^Bearer +(\S+)\s*$/i.exec(header ?? "");
  return match && API_TOKEN_PATTERN.test(match[1]) ? match[1] : null;
}

/** Whether the request presents a bearer credential at all (valid or not). */
export function presentsBearer(header: string | null | undefined): boolean {
  return /^Bearer\b/i.test(header ?? "");
}

/** Only the SHA-256 is stored: a leaked table holds no working token. */
const hashApiToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** A new token for the user; the token itself is returned once and never stored. */
export async function issueApiToken(
  userId: number,
  now = new Date(),
  executor?: Executor,
): Promise<{ token: string; expiresAt: Date }> {
  const db = executor ?? (await getDb());
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + API_TOKEN_DAYS * 24 * 3600_000);
  await db.insert(apiTokens).values({ userId, tokenHash: hashApiToken(token), expiresAt });
  return { token, expiresAt };
}

/**
 * One query: the token's row joined to its user, under the same conditions as a session
 * (not expired, account active and not suspended), so a suspension takes effect at the next request.
 */
export async function findTokenUser(
  token: string,
  now = new Date(),
): Promise<{ user: SessionUser; tokenId: number } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ user: sessionUserFields, tokenId: apiTokens.id, lastUsedAt: apiTokens.lastUsedAt })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, hashApiToken(token)), gt(apiTokens.expiresAt, now), signInAllowed));
  if (!row) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_PRECISION_MS) {
    await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.tokenId));
  }
  return { user: row.user, tokenId: row.tokenId };
}

/** Sign-out of an API client: its token stops working. */
export async function revokeApiToken(tokenId: number) {
  const db = await getDb();
  await db.delete(apiTokens).where(eq(apiTokens.id, tokenId));
}
