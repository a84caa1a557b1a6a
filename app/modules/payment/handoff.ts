import type { OnlineMethod } from "~/modules/booking/methods";
import { isListedOrigin } from "~/modules/http/cors";

/*
 * The payment hand-off (docs/security.md#payment-hand-off): an app signed in with a bearer token
 * opens a booking's payment page in a browser through a single-use link, and the pages send the
 * browser back to the app when paying ends. The pure rules, shared with the tests.
 */

/** How long a hand-off link can be opened: the app opens it at once, so minutes are plenty. */
export const HANDOFF_MINUTES = 10;

/** How long the browser's grant (and its way back to the app) lasts once the link is opened. */
export const HANDOFF_GRANT_HOURS = 24;

/** The payment pages a link can open, named as the API's payment paths name them. */
export const handoffMethods = ["card", "mobile", "usdt", "zelle", "bank-transfer", "binance"] as const;
export type HandoffMethod = (typeof handoffMethods)[number];

export const onlineMethodOf: Record<HandoffMethod, OnlineMethod> = {
  card: "cardPayment",
  mobile: "mobilePayment",
  usdt: "walletPayment",
  binance: "binancePay",
  zelle: "zelle",
  "bank-transfer": "bankTransfer",
};

/** The hand-off's name of each online method (onlineMethodOf, the other way). */
export const handoffMethodOf: Record<OnlineMethod, HandoffMethod> = {
  cardPayment: "card",
  mobilePayment: "mobile",
  walletPayment: "usdt",
  binancePay: "binance",
  zelle: "zelle",
  bankTransfer: "bank-transfer",
};

export const isHandoffMethod = (value: unknown): value is HandoffMethod =>
  handoffMethods.includes(value as HandoffMethod);

/** What the app reads from the return URL's `status`: paid, waiting for a check, or not paid. */
export const appReturnStatuses = ["paid", "pending", "cancelled"] as const;
export type AppReturnStatus = (typeof appReturnStatuses)[number];

export const RETURN_URL_MAX = 2048;

/**
 * `scheme://host[:port]` of an absolute URL, lower-case, as API_CORS_ORIGINS lists origins; custom
 * schemes too (`capacitor://localhost/done` → `capacitor://localhost`). Null when the URL has no
 * host, carries credentials or does not parse.
 */
export function originOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!parsed.host || parsed.username || parsed.password) return null;
  return `${parsed.protocol}//${parsed.host}`.toLowerCase();
}

/**
 * Whether the browser may be sent to `url` after paying: an absolute URL, at most 2,048
 * characters, without spaces or control characters, on an origin the operator listed.
 */
export function returnUrlAllowed(url: string, allowed: readonly string[]): boolean {
  if (url.length > RETURN_URL_MAX || /[\s\u0000-\u001f\u007f-\u009f]/.test(url)) return false;
  return isListedOrigin(originOf(url), allowed);
}

/** The return URL with what the app reads: `booking=<id>&status=paid|pending|cancelled` (other parameters kept). */
export function appReturnHref(returnUrl: string, bookingId: number, status: AppReturnStatus): string {
  const url = new URL(returnUrl);
  url.searchParams.set("booking", String(bookingId));
  url.searchParams.set("status", status);
  return url.toString();
}
