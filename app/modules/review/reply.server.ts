import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { StaffUser } from "~/modules/access/staff.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { getDb, schema } from "~/utils/db.server";

const { reviews } = schema;

/*
 * The supplier's one public reply to a review (docs/domain.md#reviews): written by its staff once
 * the review is published, once, never edited. Admins do not reply for a supplier.
 */

/**
 * - `replied`: saved, public from now on.
 * - `notFound`: no review of this booking for this writer (another supplier's, or an admin).
 * - `notPublished`: the review is still blind: nothing public to answer yet.
 * - `hidden`: an admin hid the review: it is out of every public place, the reply would be too.
 * - `already`: the supplier has replied; nothing changed.
 */
export type ReplyOutcome = "replied" | "notFound" | "notPublished" | "hidden" | "already";

/** Staff member `user` replies `text` to the review of booking `bookingId`, in one guarded write. */
export async function replyToReview(
  user: StaffUser,
  bookingId: number,
  text: string,
  now = new Date(),
): Promise<ReplyOutcome> {
  if (user.type !== "supplier") return "notFound";
  const db = await getDb();
  const theirs = and(eq(reviews.bookingId, bookingId), eq(reviews.supplierId, user.supplierId));
  const replied = await db.transaction(async (tx) => {
    // One statement: of two replies sent at once, the second finds the first's and changes nothing.
    const written = await tx
      .update(reviews)
      .set({ reply: text, repliedAt: now, repliedBy: user.id })
      .where(and(theirs, isNotNull(reviews.publishedAt), isNull(reviews.hiddenAt), isNull(reviews.reply)))
      .returning({ bookingId: reviews.bookingId });
    if (written.length === 0) return false;
    // Public words in the supplier's name: who wrote them is on the record (docs/domain.md#reviews).
    await recordAudit(tx, user, {
      action: "review.reply",
      subjectType: "review",
      subjectId: bookingId,
      supplierId: user.supplierId,
      changes: { reply: [null, text] },
    });
    return true;
  });
  if (replied) return "replied";
  const [review] = await db
    .select({ publishedAt: reviews.publishedAt, hiddenAt: reviews.hiddenAt, reply: reviews.reply })
    .from(reviews)
    .where(theirs);
  if (!review) return "notFound";
  if (review.publishedAt === null) return "notPublished";
  if (review.hiddenAt !== null) return "hidden";
  return "already";
}
