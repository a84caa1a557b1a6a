import { lt, or } from "drizzle-orm";
import { getDb } from "../../db/client";
import { apiTokens, paymentHandoffs, sessions, spentCaptchas, tokens } from "../../db/schema";

/**
 * Expired and used tokens are kept a week before this job drops them, so an old
 * activation link still says "expired" (with a resend button) rather than "unknown".
 */
export const TOKEN_RETENTION_MS = 7 * 24 * 3600_000;

/** Tokens that expired, or were used, before this instant may be deleted. */
export function purgeCutoff(now: Date): Date {
  return new Date(now.getTime() - TOKEN_RETENTION_MS);
}

/**
 * Drops tokens that expired or were used more than the retention window ago, and
 * sessions and API tokens past their expiry; hand-off links as tokens; spent captcha proofs once
 * the proof could not be valid anyway (docs/security.md#captcha). Safe to repeat.
 */
export async function purgeExpired(now = new Date()) {
  const db = await getDb();
  const cutoff = purgeCutoff(now);
  const purgedTokens = await db
    .delete(tokens)
    .where(or(lt(tokens.expiresAt, cutoff), lt(tokens.usedAt, cutoff)))
    .returning({ id: tokens.id });
  const purgedSessions = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  const purgedApiTokens = await db
    .delete(apiTokens)
    .where(lt(apiTokens.expiresAt, now))
    .returning({ id: apiTokens.id });
  // Hand-off links likewise, so a late second opening still says "used" or "expired" (docs/security.md#payment-hand-off).
  const purgedHandoffs = await db
    .delete(paymentHandoffs)
    .where(or(lt(paymentHandoffs.expiresAt, cutoff), lt(paymentHandoffs.usedAt, cutoff)))
    .returning({ id: paymentHandoffs.id });
  const purgedCaptchas = await db
    .delete(spentCaptchas)
    .where(lt(spentCaptchas.expiresAt, now))
    .returning({ digest: spentCaptchas.digest });
  return {
    tokens: purgedTokens.length,
    sessions: purgedSessions.length,
    apiTokens: purgedApiTokens.length,
    handoffs: purgedHandoffs.length,
    spentCaptchas: purgedCaptchas.length,
  };
}

export async function purgeExpiredTokens() {
  await purgeExpired();
}
