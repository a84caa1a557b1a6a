import crypto from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { schema, type Executor } from "~/utils/db.server";
import { looksLikeToken, tokenExpiresAt, tokenStatus, type TokenKind, type TokenStatus } from "./tokens";

const { tokens } = schema;

export function generateToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** Only the hash is stored, so a leaked table holds no working links. */
export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/**
 * A fresh single-use token for the user; their earlier unused tokens of the same kind
 * stop working, so only the latest email's link is valid.
 */
export async function issueToken(executor: Executor, userId: number, kind: TokenKind, now = new Date()) {
  await executor.delete(tokens).where(and(eq(tokens.userId, userId), eq(tokens.kind, kind), isNull(tokens.usedAt)));
  const token = generateToken();
  const [row] = await executor
    .insert(tokens)
    .values({ userId, kind, tokenHash: hashToken(token), expiresAt: tokenExpiresAt(kind, now) })
    .returning({ id: tokens.id });
  return { id: row.id, token };
}

/** Every unused one-time link of the user stops working (used ones stay until the purge, so they say "used"). */
export async function discardUnusedTokens(executor: Executor, userId: number) {
  await executor.delete(tokens).where(and(eq(tokens.userId, userId), isNull(tokens.usedAt)));
}

export type TokenLookup = { status: TokenStatus; userId: number } | { status: "unknown" };

export async function checkToken(
  executor: Executor,
  kind: TokenKind,
  token: unknown,
  now = new Date(),
): Promise<TokenLookup> {
  if (!looksLikeToken(token)) return { status: "unknown" };
  const [row] = await executor
    .select({ userId: tokens.userId, expiresAt: tokens.expiresAt, usedAt: tokens.usedAt })
    .from(tokens)
    .where(and(eq(tokens.tokenHash, hashToken(token)), eq(tokens.kind, kind)));
  return row ? { status: tokenStatus(row, now), userId: row.userId } : { status: "unknown" };
}

/**
 * Spends a token in one conditional UPDATE: of two concurrent uses exactly one gets
 * `valid`; the other, like any later use, sees `used`.
 */
export async function useToken(
  executor: Executor,
  kind: TokenKind,
  token: unknown,
  now = new Date(),
): Promise<TokenLookup> {
  if (!looksLikeToken(token)) return { status: "unknown" };
  const [spent] = await executor
    .update(tokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(tokens.tokenHash, hashToken(token)),
        eq(tokens.kind, kind),
        isNull(tokens.usedAt),
        gt(tokens.expiresAt, now),
      ),
    )
    .returning({ userId: tokens.userId });
  if (spent) return { status: "valid", userId: spent.userId };
  return checkToken(executor, kind, token, now);
}
