import { eq } from "drizzle-orm";
import { schema, type Executor } from "~/utils/db.server";

const { rentals } = schema;

/**
 * Whether the booking's car was picked up: its rental record exists (docs/domain.md#pick-up).
 * From then on the booking is neither cancelled, deleted nor amended, whoever asks.
 */
export async function isPickedUp(executor: Executor, bookingId: number): Promise<boolean> {
  const [row] = await executor
    .select({ bookingId: rentals.bookingId })
    .from(rentals)
    .where(eq(rentals.bookingId, bookingId));
  return row !== undefined;
}
