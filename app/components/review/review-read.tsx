import { useTranslation } from "~/modules/i18n/react";
import { reviewAspects, type ReviewAspect, type ReviewHiddenReason } from "~/modules/review/review";
import { StarsRead } from "./stars-field";

/**
 * A review as read (docs/domain.md#reviews): its stars, its comment, the supplier's reply once
 * written and, if an admin hid it, the mark and the reason (for its author and the back office:
 * the public no longer reads it).
 */
export function ReviewRead({
  review,
}: {
  review: {
    stars: Record<"overall" | ReviewAspect, number>;
    comment: string | null;
    reply: string | null;
    hiddenReason: ReviewHiddenReason | null;
  };
}) {
  const { t } = useTranslation("reviews");
  return (
    <>
      {review.hiddenReason ? (
        <p className="notice notice--warning">
          {t("hidden.notice", { reason: t(`hidden.reasons.${review.hiddenReason}`) })}
        </p>
      ) : null}
      <dl className="stars-list">
        <StarsRead label={t("aspects.overall")} value={review.stars.overall} />
        {reviewAspects.map((aspect) => (
          <StarsRead key={aspect} label={t(`aspects.${aspect}`)} value={review.stars[aspect]} />
        ))}
      </dl>
      {review.comment ? <blockquote className="review-comment">{review.comment}</blockquote> : null}
      {review.reply ? (
        <div className="stack review-reply">
          <p className="review-reply__title">{t("reply.title")}</p>
          <blockquote className="review-comment">{review.reply}</blockquote>
        </div>
      ) : null}
    </>
  );
}
