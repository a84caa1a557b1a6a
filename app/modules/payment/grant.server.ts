import crypto from "node:crypto";
import { getEnv } from "~/utils/env.server";

/*
 * docs/security.md#payment-grants: whoever proves they know a booking's reference and its driver's
 * email may pay it without signing in (direct payment), and a visitor's checkout leads to its
 * booking the same way. The proof travels as `g=` in the pages' URLs: 18 bytes, base64url (24
 * characters) = the grant's expiry (4 bytes, seconds since 1970) and the first 14 bytes of an
 * HMAC-SHA256 of the booking id and that expiry under the session secret. It cannot be made for
 * another booking nor stretched, needs no storage, and ends after GRANT_DAYS.
 */
export const GRANT_DAYS = 7;
const MAC_BYTES = 14;

function mac(bookingId: number, expiresAt: number): Buffer {
  return crypto
    .createHmac("sha256", getEnv().SESSION_SECRET)
    .update(`payment-grant:${bookingId}:${expiresAt}`)
    .digest()
    .subarray(0, MAC_BYTES);
}

/** The grant of the first version (no expiry): still recognised, so its holder is told it has expired. */
function legacyMac(bookingId: number): Buffer {
  return crypto
    .createHmac("sha256", getEnv().SESSION_SECRET)
    .update(`payment-grant:${bookingId}`)
    .digest()
    .subarray(0, 18);
}

/** `hours`: shorter for a hand-off from the app (docs/security.md#payment-hand-off). */
export function paymentGrant(bookingId: number, now = new Date(), hours = GRANT_DAYS * 24): string {
  const expiresAt = Math.floor(now.getTime() / 1000) + hours * 3600;
  const head = Buffer.alloc(4);
  head.writeUInt32BE(expiresAt);
  return Buffer.concat([head, mac(bookingId, expiresAt)]).toString("base64url");
}

export type GrantStatus = "valid" | "expired" | "invalid";

/**
 * Whether `grant` opens this booking now. `expired` only for a grant this server made for this
 * booking (so a guess never learns anything); the page then asks for the reference and email again.
 */
export function grantStatus(bookingId: number, grant: string | null | undefined, now = new Date()): GrantStatus {
  if (!grant || grant.length !== 24 || !/^[\w-]+$/.test(grant)) return "invalid";
  const given = Buffer.from(grant, "base64url");
  if (given.length !== 18) return "invalid";
  if (crypto.timingSafeEqual(given, legacyMac(bookingId))) return "expired";
  const expiresAt = given.readUInt32BE(0);
  if (!crypto.timingSafeEqual(given.subarray(4), mac(bookingId, expiresAt))) return "invalid";
  return expiresAt * 1000 > now.getTime() ? "valid" : "expired";
}

export function grantMatches(bookingId: number, grant: string | null | undefined, now = new Date()): boolean {
  return grantStatus(bookingId, grant, now) === "valid";
}
