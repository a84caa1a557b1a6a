export type TokenKind = "activation" | "reset";

const HOUR = 3600_000;

/** Activation links live one day, reset links one hour (docs/domain.md#tokens). */
export const TOKEN_LIFETIME_MS: Record<TokenKind, number> = {
  activation: 24 * HOUR,
  reset: 1 * HOUR,
};

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

export function looksLikeToken(value: unknown): value is string {
  return typeof value === "string" && TOKEN_PATTERN.test(value);
}
