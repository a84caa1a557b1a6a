import crypto from "node:crypto";
import { getEnv } from "~/utils/env.server";

/*
 * docs/security.md#payments: whoever proves they know a booking's reference and its driver's
 * email may pay it without signing in (direct payment). The proof travels as `g=` in the payment
 * pages' URLs: an HMAC of the booking id under the session secret, so it cannot be forged for
 * another booking and needs no storage.
 */
function sign(bookingId: number): Buffer {
  return crypto.createHmac("sha256", getEnv().SESSION_SECRET).update(`payment-grant:${bookingId}`).digest();
}

export function paymentGrant(bookingId: number): string {
  return sign(bookingId).subarray(0, 18).toString("base64url");
}

export function grantMatches(bookingId: number, grant: string | null | undefined): boolean {
  if (!grant || grant.length !== 24) return false;
  const given = Buffer.from(grant, "base64url");
  const expected = sign(bookingId).subarray(0, 18);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
