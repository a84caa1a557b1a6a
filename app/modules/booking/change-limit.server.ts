import { consume } from "~/modules/security/rate-limit.server";

/**
 * Runs one change of a booking asked for by a person (amend, its preview, cancel, amendment
 * request, status) under the account's `booking-change` budget: each may write notifications and
 * emails to staff (docs/security.md#rate-limits). Counted first, before the booking is even looked
 * up, so posts for bookings that are not the caller's count too; the page and the API share it.
 */
export async function withinChangeLimit<T>(userId: number, change: () => Promise<T>): Promise<T | "rateLimited"> {
  if (!(await consume("booking-change", String(userId)))) return "rateLimited";
  return change();
}
