/**
 * A booking's short human reference ("RD-7KQ2MX"), read over the phone and typed at the
 * counter: 32 symbols without the look-alikes 0/O and 1/I, so 32^6 ≈ 10^9 references and
 * each random byte maps to a symbol without bias. The unique index on `bookings.reference`
 * catches the rare repeat; the booking service then draws again.
 */
export const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const REFERENCE_PREFIX = "RD-";
const REFERENCE_LENGTH = 6;

export function generateReference(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(REFERENCE_LENGTH));
  let out = REFERENCE_PREFIX;
  for (const byte of bytes) out += REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length];
  return out;
}

export const referencePattern = new RegExp(`^${REFERENCE_PREFIX}[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`);
