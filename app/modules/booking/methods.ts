/** The ways to pay online (docs/domain.md#payments); pay later is the other choice at checkout. */
export const onlineMethods = [
  "cardPayment",
  "mobilePayment",
  "walletPayment",
  "zelle",
  "bankTransfer",
  "binancePay",
] as const;
export type OnlineMethod = (typeof onlineMethods)[number];

/** The spec's ways to pay at the counter, recorded by staff at the pick-up (docs/domain.md#pick-up). */
export const counterMethods = ["Cash", "PointOfSell"] as const;
export type CounterMethod = (typeof counterMethods)[number];

export const isOnlineMethod = (value: unknown): value is OnlineMethod => onlineMethods.includes(value as OnlineMethod);

/** How long a booking made for online payment holds its car (docs/domain.md#availability). */
export const HOLD_MINUTES = 30;

const paths: Record<OnlineMethod, string> = {
  cardPayment: "/payment/card",
  mobilePayment: "/payment/mobile",
  walletPayment: "/payment/usdt",
  binancePay: "/payment/binance",
  zelle: "/payment/zelle",
  bankTransfer: "/payment/bank-transfer",
};

/**
 * A method's payment page for one booking. `grant` is the proof of a reference + email lookup
 * (docs/security.md#payments) that lets someone who is not signed in as the driver pay.
 */
export function methodHref(method: OnlineMethod, bookingId: number, grant?: string | null): string {
  return `${paths[method]}?${payableQuery(bookingId, grant)}`;
}

/** `b=<id>` and, when given, `g=<grant>`: the query every payment page reads its booking from. */
export function payableQuery(bookingId: number, grant?: string | null): string {
  const params = new URLSearchParams({ b: String(bookingId) });
  if (grant) params.set("g", grant);
  return params.toString();
}
