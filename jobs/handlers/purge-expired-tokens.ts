import { lt, or } from "drizzle-orm";
import { purgeCutoff } from "../../app/modules/user/tokens";
import { getDb } from "../../db/client";
import { sessions, tokens } from "../../db/schema";

/**
 * Drops tokens that expired or were used more than the retention window ago (so a
 * recently expired activation link still shows "expired" with its resend button, and a
 * used one "already used"), and sessions past their expiry. Safe to repeat.
 */
export async function purgeExpired(now = new Date()) {
  const db = await getDb();
  const cutoff = purgeCutoff(now);
  const purgedTokens = await db
    .delete(tokens)
    .where(or(lt(tokens.expiresAt, cutoff), lt(tokens.usedAt, cutoff)))
    .returning({ id: tokens.id });
  const purgedSessions = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  return { tokens: purgedTokens.length, sessions: purgedSessions.length };
}

export async function purgeExpiredTokens() {
  await purgeExpired();
}
