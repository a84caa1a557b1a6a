import { lt, or, isNotNull } from "drizzle-orm";
import { getDb } from "../../db/client";
import { sessions, tokens } from "../../db/schema";

/** Drops tokens past their expiry or already used, and sessions past theirs. Safe to repeat. */
export async function purgeExpiredTokens() {
  const db = await getDb();
  const now = new Date();
  await db.delete(tokens).where(or(lt(tokens.expiresAt, now), isNotNull(tokens.usedAt)));
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
