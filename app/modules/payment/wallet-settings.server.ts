import { qrSvg } from "~/modules/images/qr.server";
import { getEnv } from "~/utils/env.server";
import { tronAddressToHex } from "./tron-address.server";

/*
 * USDT (TRC20) payments (docs/domain.md#usdt): the page opens an attempt — the balance plus a tag
 * of micro-USDT no other running attempt has — the payer sends exactly that to our deposit address
 * and gives us the transaction id; a job asks TronGrid for the solidified transaction until it can
 * judge it, for a bounded time, and it pays only the booking whose attempt it matches.
 */

export type WalletSettings = { address: string; recipientHex: string; contractHex: string };

/** Our deposit address and the USDT contract, decoded; null when the deposit address is unset or not a TRON address. */
export function walletSettings(): WalletSettings | null {
  const env = getEnv();
  const recipientHex = env.WALLET_ADDRESS ? tronAddressToHex(env.WALLET_ADDRESS) : null;
  const contractHex = tronAddressToHex(env.USDT_CONTRACT);
  if (!env.WALLET_ADDRESS || !recipientHex || !contractHex) return null;
  return { address: env.WALLET_ADDRESS, recipientHex, contractHex };
}

/** The deposit address as a QR code, an SVG document rendered here so the page needs no script for it. */
export function depositQrSvg(address: string): Promise<string> {
  return qrSvg(address);
}
