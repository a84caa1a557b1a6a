import crypto from "node:crypto";

/*
 * TRON addresses (docs/domain.md#payments): base58check of 25 bytes — the `41` network
 * byte, the 20-byte account, and the first 4 bytes of sha256(sha256(those 21)). Server
 * only, because of node:crypto.
 */

const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

function sha256(data: Buffer): Buffer {
  return crypto.createHash("sha256").update(data).digest();
}

/** The payload of a base58check string, or null when it is not base58 or its checksum is wrong. */
export function decodeBase58Check(input: string): Buffer | null {
  let value = 0n;
  for (const char of input) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const hex = value === 0n ? "" : value.toString(16);
  const body = Buffer.from(hex.length % 2 ? `0${hex}` : hex, "hex");
  // Each leading "1" stands for a zero byte the number lost.
  const zeros = input.length - input.replace(/^1+/, "").length;
  const bytes = Buffer.concat([Buffer.alloc(zeros), body]);
  if (bytes.length < 5) return null;
  const payload = bytes.subarray(0, -4);
  const checksum = bytes.subarray(-4);
  return sha256(sha256(payload)).subarray(0, 4).equals(checksum) ? payload : null;
}

/** The 20-byte account of a TRON address as lower-case hex (without the `41`), or null when it is not one. */
export function tronAddressToHex(address: string): string | null {
  if (!TRON_ADDRESS.test(address)) return null;
  const payload = decodeBase58Check(address);
  if (!payload || payload.length !== 21 || payload[0] !== 0x41) return null;
  return payload.subarray(1).toString("hex");
}

export function isTronAddress(address: string): boolean {
  return tronAddressToHex(address) !== null;
}

/** A 20-byte account (hex, as in a Transfer log's topics) as its T… address; null when it is not 20 bytes of hex. */
export function hexToTronAddress(hex: string): string | null {
  if (!/^[0-9a-fA-F]{40}$/.test(hex)) return null;
  const payload = Buffer.from(`41${hex}`, "hex");
  const bytes = Buffer.concat([payload, sha256(sha256(payload)).subarray(0, 4)]);
  let value = BigInt(`0x${bytes.toString("hex")}`);
  let out = "";
  while (value > 0n) {
    out = ALPHABET[Number(value % 58n)] + out;
    value /= 58n;
  }
  // The `41` byte is never zero, so no leading "1"s are due.
  return out;
}
