/*
 * What a person reads as a payment's reference (docs/domain.md#payments): never the internal
 * unique key (`pm:…`, `stripe:…`, `tron:…`), which exists to make one transfer pay once.
 */

/** How many characters of a card session id are shown: enough to find it in the gateway's list. */
const CARD_TAIL = 8;

/**
 * The reference for receipts and the booking page: for pago móvil, Zelle and bank transfer the
 * reference as the payer typed it (leading zeros kept, stored in the details); for a card the end of the gateway's
 * session id; for USDT the transaction id, for Binance Pay our order number. Null when there is nothing readable (a card payment
 * with no session id, money taken at the counter): the method's name says enough.
 */
export function readableReference(
  method: string,
  providerReference: string | null,
  details: Record<string, unknown>,
): string | null {
  // Transfers verified by reference (docs/domain.md#transfers): the reference as the payer typed it.
  if (method === "mobilePayment" || method === "zelle" || method === "bankTransfer")
    return typeof details.reference === "string" && details.reference ? details.reference : null;
  if (method === "Cash" || method === "PointOfSell") return null;
  const id = providerReference?.slice(providerReference.indexOf(":") + 1) ?? "";
  if (!id) return null;
  if (method === "walletPayment" || method === "binancePay") return id;
  return id.length > CARD_TAIL ? `…${id.slice(-CARD_TAIL)}` : id;
}
