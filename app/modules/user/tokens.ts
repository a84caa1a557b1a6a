export type TokenKind = "activation" | "reset";

const HOUR = 3600_000;

/** DESIGN §5: activation links live one day, reset links one hour. */
export const TOKEN_LIFETIME_MS: Record<TokenKind, number> = {
  activation: 24 * HOUR,
  reset: 1 * HOUR,
};

/**
 * Expired and used tokens are kept a week before the purge job drops them, so an old
 * activation link still says "expired" (with a resend button) rather than "unknown".
 */
export const TOKEN_RETENTION_MS = 7 * 24 * HOUR;

/** 32 random bytes in base64url: 43 characters from this alphabet. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type TokenStatus = "valid" | "expired" | "used";

export function tokenExpiresAt(kind: TokenKind, now: Date): Date {
  return new Date(now.getTime() + TOKEN_LIFETIME_MS[kind]);
}

export function tokenStatus(token: { expiresAt: Date; usedAt: Date | null }, now: Date): TokenStatus {
  if (token.usedAt) return "used";
  // The expiry instant itself is already too late.
  return token.expiresAt.getTime() > now.getTime() ? "valid" : "expired";
}

/** Tokens that expired, or were used, before this instant may be deleted. */
export function purgeCutoff(now: Date): Date {
  return new Date(now.getTime() - TOKEN_RETENTION_MS);
}

export function looksLikeToken(value: unknown): value is string {
  return typeof value === "string" && TOKEN_PATTERN.test(value);
}
