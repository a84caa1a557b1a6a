import { schema, type Transaction } from "~/utils/db.server";
import { generateReference } from "./reference";

const { bookings } = schema;

const REFERENCE_ATTEMPTS = 5;

/**
 * Inserts under a fresh reference, drawing again on the rare clash. The clash is skipped by
 * ON CONFLICT on the reference alone (no savepoint round trips), so it does not abort the
 * checkout's transaction; an exclusion violation (the car was just taken) still goes up to
 * `createBooking`.
 */
export async function insertBooking(tx: Transaction, values: Omit<typeof bookings.$inferInsert, "reference">) {
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
