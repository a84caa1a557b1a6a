import { and, asc, eq } from "drizzle-orm";
import { recordAudit } from "~/modules/audit/audit.server";
import { bookingScope, isStaff } from "~/modules/access/booking-scope.server";
import { getDb, schema } from "~/utils/db.server";
import { isRowId } from "~/utils/row-id";
import type { SessionUser } from "~/utils/session.server";

/*
 * Staff's internal notes on a booking (docs/domain.md#internal-notes): only staff of the booking's
 * supplier and admins read or write them. A driver never gets them: not on the booking's page,
 * not in the API (no operation reads this table), and asking to add one is a missing booking.
 */

const { bookingNotes, bookings, users } = schema;

type User = Pick<SessionUser, "id" | "type" | "supplierId">;

export type BookingNote = { id: number; body: string; author: string | null; at: Date };

/** The notes of a booking in `user`'s scope, oldest first; none for a driver or another supplier's staff. */
export async function listNotes(user: User, bookingId: number): Promise<BookingNote[]> {
  if (!isStaff(user) || !isRowId(bookingId)) return [];
  const db = await getDb();
  return db
    .select({ id: bookingNotes.id, body: bookingNotes.body, author: users.fullName, at: bookingNotes.createdAt })
    .from(bookingNotes)
    .innerJoin(bookings, eq(bookings.id, bookingNotes.bookingId))
    .leftJoin(users, eq(users.id, bookingNotes.authorId))
    .where(and(eq(bookingNotes.bookingId, bookingId), bookingScope(user)))
    .orderBy(asc(bookingNotes.createdAt), asc(bookingNotes.id));
}

/**
 * Adds a note by `user` to a booking of their scope, with its audit entry (`booking.note`) in the
 * same transaction; "notFound" for a driver or a booking outside the scope, so nothing tells it exists.
 */
export async function addNote(user: User, bookingId: number, body: string): Promise<"added" | "notFound"> {
  if (!isStaff(user) || !isRowId(bookingId)) return "notFound";
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .select({ id: bookings.id, supplierId: bookings.supplierId })
      .from(bookings)
      .where(and(eq(bookings.id, bookingId), bookingScope(user)));
    if (!booking) return "notFound";
    const [note] = await tx
      .insert(bookingNotes)
      .values({ bookingId, authorId: user.id, body })
      .returning({ id: bookingNotes.id });
    await recordAudit(tx, user, {
      action: "booking.note",
      subjectType: "booking",
      subjectId: bookingId,
      supplierId: booking.supplierId,
      changes: { note: [null, body], noteId: [null, note.id] },
    });
    return "added";
  });
}
