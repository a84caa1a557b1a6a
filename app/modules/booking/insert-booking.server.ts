import { rateOn } from "~/modules/pricing/exchange-rate.server";
import { appToday } from "~/modules/time/calendar";
import { schema, type Transaction } from "~/utils/db.server";
import { generateReference } from "./reference";

const { bookings } = schema;

const REFERENCE_ATTEMPTS = 5;

/**
 * Inserts under a fresh reference, drawing again on the rare clash. The clash is skipped by
 * ON CONFLICT on the reference alone (no savepoint round trips), so it does not abort the
 * checkout's transaction; an exclusion violation (the car was just taken) still goes up to
 * `createBooking`. The booking keeps the Bs/USD rate that applies on the day it is made (`now` in
 * Caracas), so its bolívares never follow a later rate (docs/domain.md#exchange-rate).
 */
export async function insertBooking(
  tx: Transaction,
  booked: Omit<typeof bookings.$inferInsert, "reference" | "usdToBsRate" | "rateDate">,
  now: Date,
) {
  const rate = await rateOn(tx, appToday(now));
  const values = { ...booked, usdToBsRate: rate?.usdToBsRate ?? null, rateDate: rate?.rateDate ?? null };
  for (let attempt = 1; attempt <= REFERENCE_ATTEMPTS; attempt++) {
    const [row] = await tx
      .insert(bookings)
      .values({ ...values, reference: generateReference() })
      .onConflictDoNothing({ target: bookings.reference })
      .returning({ id: bookings.id, reference: bookings.reference });
    if (row) return row;
  }
  throw new Error(`No free booking reference in ${REFERENCE_ATTEMPTS} draws`);
}
