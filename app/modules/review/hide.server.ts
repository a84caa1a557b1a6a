import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { StaffUser } from "~/modules/access/staff.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { notify } from "~/modules/notification/notify.server";
import { getDb, schema } from "~/utils/db.server";
import type { ReviewHiddenReason } from "./review";
import { refreshSupplierScore } from "./supplier-scores.server";

const { bookings, reviews, suppliers } = schema;

/*
 * Moderation (docs/domain.md#reviews): an admin hides a published review with a reason of the
 * fixed list. Hidden, never deleted: it leaves every public place and the supplier's score, the
 * change is audited and its author told, all in one transaction.
 */

/**
 * - `hidden`: done.
 * - `notFound`: no review of this booking.
 * - `notPublished`: the review is still blind: nothing public to hide.
 * - `already`: an admin hid it before; nothing changed.
 */
export type HideOutcome = "hidden" | "notFound" | "notPublished" | "already";

/** The author's notification for each reason: the reason is part of the sentence, in the reader's language. */
const hiddenMessages = {
  personalData: "notifications:messages.reviewHiddenPersonalData",
  abuse: "notifications:messages.reviewHiddenAbuse",
  offTopic: "notifications:messages.reviewHiddenOffTopic",
  spam: "notifications:messages.reviewHiddenSpam",
} as const satisfies Record<ReviewHiddenReason, `notifications:messages.${string}`>;

/** Admin `admin` hides the review of booking `bookingId` for `reason`. */
export async function hideReview(
  admin: StaffUser & { type: "admin" },
  bookingId: number,
  reason: ReviewHiddenReason,
  now = new Date(),
): Promise<HideOutcome> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [hidden] = await tx
      .update(reviews)
      .set({ hiddenAt: now, hiddenReason: reason, hiddenBy: admin.id })
      .where(and(eq(reviews.bookingId, bookingId), isNotNull(reviews.publishedAt), isNull(reviews.hiddenAt)))
      .returning({ supplierId: reviews.supplierId, authorId: reviews.authorId });
    if (!hidden) {
      const [review] = await tx
        .select({ publishedAt: reviews.publishedAt })
        .from(reviews)
        .where(eq(reviews.bookingId, bookingId));
      if (!review) return "notFound";
      return review.publishedAt === null ? "notPublished" : "already";
    }
    await recordAudit(tx, admin, {
      action: "review.hide",
      subjectType: "review",
      subjectId: bookingId,
      supplierId: hidden.supplierId,
      changes: { reason: [null, reason] },
    });
    await refreshSupplierScore(tx, hidden.supplierId);
    if (hidden.authorId !== null) {
      const [about] = await tx
        .select({ reference: bookings.reference, supplier: suppliers.name })
        .from(bookings)
        .innerJoin(suppliers, eq(suppliers.id, bookings.supplierId))
        .where(eq(bookings.id, bookingId));
      await notify(tx, [
        {
          userId: hidden.authorId,
          bookingId,
          messageKey: hiddenMessages[reason],
          params: { reference: about.reference, supplier: about.supplier },
        },
      ]);
    }
    return "hidden";
  });
}
