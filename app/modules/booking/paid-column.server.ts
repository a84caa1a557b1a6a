import { sql } from "drizzle-orm";
import { schema } from "~/utils/db.server";

const { bookings, payments } = schema;

/** What a booking's succeeded payments cover, in cents, as a column of any query over `bookings` (docs/domain.md#payments). */
export const paidCentsColumn =
  sql<number>`(select coalesce(sum(${payments.amountCents}), 0)::int from ${payments} where ${payments.bookingId} = ${bookings.id} and ${payments.status} = 'succeeded')`.mapWith(
    Number,
  );
