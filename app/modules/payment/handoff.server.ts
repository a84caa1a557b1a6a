import { and, eq, gt, isNull } from "drizzle-orm";
import { methodHref, payableQuery, type OnlineMethod } from "~/modules/booking/methods";
import { generateToken, hashToken } from "~/modules/user/tokens.server";
import { looksLikeToken } from "~/modules/user/tokens";
import { appReturnCookie } from "~/utils/cookies.server";
import { getDb, schema } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { enabledOnlineMethods } from "./config.server";
import { paymentGrant } from "./grant.server";
import {
  appReturnHref,
  HANDOFF_GRANT_HOURS,
  HANDOFF_MINUTES,
  onlineMethodOf,
  handoffMethodOf,
  returnUrlAllowed,
  isHandoffMethod,
  type AppReturnStatus,
  type HandoffMethod,
} from "./handoff";
import { isPaid, loadPayableBooking, type PayableBooking } from "./payable.server";

const { paymentHandoffs, users } = schema;

/*
 * The payment hand-off (docs/security.md#payment-hand-off): an app holding a bearer token but no
 * Rueda cookie asks for a link; the browser that opens it gets the booking's payment grant (the
 * visitor's `g=`, for that one booking) and nothing else, and is sent back to the app at the end.
 * The link is 32 random bytes stored as its SHA-256 (like the emailed links of user/tokens.server.ts),
 * spent by one conditional UPDATE, and lives HANDOFF_MINUTES.
 */

/** The origins a return URL may go to: the API's app origins and the operator's extra ones. */
export function appReturnOrigins(): string[] {
  const env = getEnv();
  return [...env.API_CORS_ORIGINS, ...env.APP_RETURN_ORIGINS];
}

export type HandoffRefusal = "returnUrlNotAllowed" | "notPayable" | "notOffered";

/**
 * A new hand-off link for `booking`, which the caller already loaded as its driver. A new link for
 * the same booking ends the earlier unused ones, so a booking holds at most one that works.
 */
export async function createHandoff(
  booking: PayableBooking,
  input: { method?: HandoffMethod; returnUrl?: string },
  now = new Date(),
): Promise<{ ok: true; token: string; expiresAt: Date } | { ok: false; reason: HandoffRefusal }> {
  if (input.returnUrl !== undefined && !returnUrlAllowed(input.returnUrl, appReturnOrigins()))
    return { ok: false, reason: "returnUrlNotAllowed" };
  if (!booking.payable) return { ok: false, reason: "notPayable" };
  const offered = await enabledOnlineMethods();
  if (input.method ? !offered.includes(onlineMethodOf[input.method]) : offered.length === 0)
    return { ok: false, reason: "notOffered" };
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + HANDOFF_MINUTES * 60_000);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx
      .delete(paymentHandoffs)
      .where(and(eq(paymentHandoffs.bookingId, booking.id), isNull(paymentHandoffs.usedAt)));
    await tx.insert(paymentHandoffs).values({
      bookingId: booking.id,
      userId: booking.driverId,
      tokenHash: hashToken(token),
      method: input.method ?? null,
      returnUrl: input.returnUrl ?? null,
      expiresAt,
    });
  });
  return { ok: true, token, expiresAt };
}

/** The address the app opens: the token travels in the query, which the access log never writes. */
export function handoffUrl(token: string, language: string): string {
  return new URL(`/payment/handoff?${new URLSearchParams({ t: token, l: language })}`, getEnv().APP_URL).toString();
}

/**
 * Where a booking just made through the API sends its payer's browser to pay by `method`
 * (docs/security.md#payment-hand-off). A browser signed in with the cookie, or a visitor holding
 * the booking's grant, opens the method's page as it is. An app signed in with a bearer token has
 * no cookie in the browser it opens, where the page would be a 404: it gets a hand-off link to
 * that page instead, single-use and short-lived (a new one, with the app's return URL, comes
 * from `POST /api/bookings/{id}/payment-link`).
 */
export async function browserPaymentUrl(
  booking: PayableBooking,
  method: OnlineMethod,
  caller: { grant: string | null; bearer: boolean; language: string },
): Promise<{ url: string; expiresAt: Date | null }> {
  const page = {
    url: new URL(methodHref(method, booking.id, caller.grant), getEnv().APP_URL).toString(),
    expiresAt: null,
  };
  if (!caller.bearer || caller.grant) return page;
  const made = await createHandoff(booking, { method: handoffMethodOf[method] });
  // Refused only when the booking cannot be paid that way any more; the page then says why.
  return made.ok ? { url: handoffUrl(made.token, caller.language), expiresAt: made.expiresAt } : page;
}

export type HandoffOpening =
  /** No such link, or it opens nothing any more (the booking or the account is gone). */
  | { kind: "unknown" }
  | { kind: "used" }
  | { kind: "expired" }
  /** Nothing to pay: paid already, or cancelled or lapsed. The browser still learns the way back. */
  | { kind: "paid" | "closed"; bookingId: number; returnUrl: string | null }
  | { kind: "pay"; bookingId: number; returnUrl: string | null; location: string };

/**
 * Spends the link (once: of two openings exactly one gets it) and says where the browser goes:
 * the payment page of the method asked for, with a grant for that booking only.
 */
export async function openHandoff(token: unknown, now = new Date()): Promise<HandoffOpening> {
  if (!looksLikeToken(token)) return { kind: "unknown" };
  const db = await getDb();
  const hash = hashToken(token);
  const [spent] = await db
    .update(paymentHandoffs)
    .set({ usedAt: now })
    .where(and(eq(paymentHandoffs.tokenHash, hash), isNull(paymentHandoffs.usedAt), gt(paymentHandoffs.expiresAt, now)))
    .returning({
      bookingId: paymentHandoffs.bookingId,
      userId: paymentHandoffs.userId,
      method: paymentHandoffs.method,
      returnUrl: paymentHandoffs.returnUrl,
    });
  if (!spent) {
    const [row] = await db
      .select({ usedAt: paymentHandoffs.usedAt })
      .from(paymentHandoffs)
      .where(eq(paymentHandoffs.tokenHash, hash));
    return { kind: row ? (row.usedAt ? "used" : "expired") : "unknown" };
  }
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, spent.userId), eq(users.blacklisted, false), eq(users.status, "active")));
  // Still the driver's booking (payable.server.ts's scope), of an account that is not suspended or deleted.
  const booking = account ? await loadPayableBooking(spent.bookingId, { userId: spent.userId, grant: null }) : null;
  if (!booking) return { kind: "unknown" };
  // The operator may have taken the app's origin off the list since the link was made.
  const returnUrl = spent.returnUrl && returnUrlAllowed(spent.returnUrl, appReturnOrigins()) ? spent.returnUrl : null;
  if (isPaid(booking)) return { kind: "paid", bookingId: booking.id, returnUrl };
  if (!booking.payable) return { kind: "closed", bookingId: booking.id, returnUrl };
  const grant = paymentGrant(booking.id, now, HANDOFF_GRANT_HOURS);
  const location = isHandoffMethod(spent.method)
    ? methodHref(onlineMethodOf[spent.method], booking.id, grant)
    : `/payment?${payableQuery(booking.id, grant)}`;
  return { kind: "pay", bookingId: booking.id, returnUrl, location };
}

/** The cookie that remembers, in this browser, the way back to the app for the booking. */
export function appReturnSetCookie(bookingId: number, returnUrl: string | null): Promise<string> {
  return appReturnCookie.serialize({ b: bookingId, r: returnUrl });
}

/** What a payment page shows a browser that came from the app: the way back, or null when it did not. */
export type AppReturn = { href: string | null } | null;

/**
 * For the payment pages' loaders: when this browser opened a hand-off link for `bookingId`, the
 * link back to the app with `status` (null href when the app gave no return URL: the page then
 * only says the app can be opened again).
 */
export async function appReturnFor(request: Request, bookingId: number, status: AppReturnStatus): Promise<AppReturn> {
  const value: unknown = await appReturnCookie.parse(request.headers.get("Cookie"));
  if (typeof value !== "object" || value === null) return null;
  const { b, r } = value as { b?: unknown; r?: unknown };
  if (b !== bookingId) return null;
  const allowed = typeof r === "string" && returnUrlAllowed(r, appReturnOrigins());
  return { href: allowed ? appReturnHref(r, bookingId, status) : null };
}
