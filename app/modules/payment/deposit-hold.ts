/*
 * The card deposit hold (docs/domain.md#card-deposit-hold), the parts shared with the browser:
 * how long a card authorisation lasts, and what a hold amounts to at a given moment.
 */

/**
 * Stripe keeps an uncaptured online (customer-initiated) card authorisation 7 days for Visa,
 * Mastercard, American Express and Discover (docs.stripe.com/payments/place-a-hold-on-a-payment-method,
 * "Authorization validity windows"); the charge's `capture_before` says it exactly and wins.
 */
export const HOLD_DAYS = 7;
/** Staff are warned this long before a hold lapses (the booking page and the dashboard). */
export const LAPSE_WARNING_MS = 24 * 60 * 60 * 1000;

export type HoldStatus = "open" | "held" | "captured" | "released" | "expired" | "failed";

/**
 * What a hold is worth now: `held` (`lapsing` within a day), `lapsed` when its authorisation ran
 * out uncaptured (whether or not Stripe has said so yet: a lapsed hold is a deposit not held),
 * `settling` once staff asked for it to be captured or released and Stripe has not confirmed.
 */
export type HoldState = "open" | "held" | "lapsing" | "lapsed" | "settling" | "captured" | "released" | "failed";

export function holdState(
  hold: { status: HoldStatus; heldUntil: Date | null; settleCents: number | null },
  now: Date,
): HoldState {
  if (hold.status === "expired") return "lapsed";
  if (hold.status !== "held") return hold.status;
  if (hold.settleCents !== null) return "settling";
  if (!hold.heldUntil || hold.heldUntil <= now) return "lapsed";
  return hold.heldUntil.getTime() - now.getTime() <= LAPSE_WARNING_MS ? "lapsing" : "held";
}

/** Whether the hold still holds its money for a claim or a release: held and not lapsed. */
export const isHeld = (state: HoldState) => state === "held" || state === "lapsing";
