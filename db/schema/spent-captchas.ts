import { index, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";

/*
 * Captcha proofs already used (docs/security.md#captcha): a solved challenge or a reCAPTCHA token
 * is good once. Only its SHA-256 is kept, until the proof could no longer be valid anyway; the
 * hourly purge drops the rest. A table rather than Redis, so it holds on the embedded database too.
 */
export const spentCaptchas = pgTable(
  "spent_captchas",
  {
    digest: varchar("digest", { length: 64 }).primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("spent_captchas_expires_idx").on(t.expiresAt)],
);
