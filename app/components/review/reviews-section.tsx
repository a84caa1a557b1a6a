import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormErrors, TextAreaField } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import type { BookingPage } from "~/modules/counter/booking-page.server";
import { formatNumber } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";
import {
  ratingAspects,
  ratingSchema,
  RATING_NOTE_MAX,
  REVIEW_COMMENT_MAX,
  reviewAspects,
  reviewSchema,
} from "~/modules/review/review";
import type { BookingReviews } from "~/modules/review/booking-reviews.server";
import { ReviewRead } from "./review-read";
import { StarsField, StarsRead } from "./stars-field";

type LastResult = SubmissionResult<string[]> | undefined;

/**
 * The booking page's reviews (docs/domain.md#reviews), once the car is back: the driver reviews
 * the supplier, the supplier's staff rate the driver privately; each side's words reach the other
 * only once both have written or the window has closed.
 */
export function ReviewsSection({
  reviews,
  supplier,
  lastReview,
  lastRating,
}: Pick<BookingPage, "reviews" | "supplier"> & { lastReview: LastResult; lastRating: LastResult }) {
  const { t } = useTranslation("reviews");
  if (!reviews) return null;
  return (
    <section className="card stack reviews-section" id="review" aria-labelledby="review-title">
      {reviews.role === "driver" ? (
        <>
          <h2 id="review-title">{t("review.title", { supplier: supplier.name })}</h2>
          <DriverSide reviews={reviews} supplier={supplier.name} lastResult={lastReview} />
        </>
      ) : (
        <>
          <h2 id="review-title">{t("rating.title")}</h2>
          <StaffSide reviews={reviews} lastResult={lastRating} />
        </>
      )}
    </section>
  );
}

function DriverSide({
  reviews,
  supplier,
  lastResult,
}: {
  reviews: BookingReviews;
  supplier: string;
  lastResult: LastResult;
}) {
  const { t } = useTranslation("reviews");
  if (reviews.review) {
    return (
      <>
        <p className="muted">
          {reviews.review.published ? t("review.published") : t("review.blind", { supplier, at: reviews.windowEnds })}
        </p>
        <ReviewRead review={reviews.review} />
      </>
    );
  }
  if (!reviews.open) return <p className="muted">{t("review.windowClosed")}</p>;
  return <ReviewForm windowEnds={reviews.windowEnds} supplier={supplier} lastResult={lastResult} />;
}

function ReviewForm({
  windowEnds,
  supplier,
  lastResult,
}: {
  windowEnds: string;
  supplier: string;
  lastResult: LastResult;
}) {
  const { t } = useTranslation("reviews");
  const [form, fields] = useZodForm(reviewSchema, lastResult, { id: "review-form", shouldRevalidate: "onSubmit" });
  const labels: Record<string, string> = {
    overall: t("aspects.overall"),
    ...Object.fromEntries(reviewAspects.map((a) => [a, t(`aspects.${a}`)])),
    comment: t("review.comment"),
  };
  return (
    <Form method="post" {...getFormProps(form)} className="stack">
      <p className="muted">{t("review.help", { supplier, at: windowEnds })}</p>
      <FormErrors form={form} labels={labels} />
      <StarsField field={fields.overall} legend={labels.overall} />
      {reviewAspects.map((aspect) => (
        <StarsField key={aspect} field={fields[aspect]} legend={labels[aspect]} />
      ))}
      <TextAreaField
        field={fields.comment}
        label={labels.comment}
        help={t("review.commentHelp", { max: formatNumber(REVIEW_COMMENT_MAX) })}
        rows={4}
      />
      <input type="hidden" name="intent" value="review" />
      <button type="submit">{t("review.send")}</button>
    </Form>
  );
}

function StaffSide({ reviews, lastResult }: { reviews: BookingReviews; lastResult: LastResult }) {
  const { t } = useTranslation("reviews");
  return (
    <>
      <p className="muted">{t("rating.private")}</p>
      {reviews.rating ? (
        <>
          <dl className="stars-list">
            {ratingAspects.map((aspect) => (
              <StarsRead key={aspect} label={t(`aspects.${aspect}`)} value={reviews.rating!.stars[aspect]} />
            ))}
          </dl>
          {reviews.rating.note ? <blockquote className="review-comment">{reviews.rating.note}</blockquote> : null}
        </>
      ) : reviews.open ? (
        <RatingForm windowEnds={reviews.windowEnds} lastResult={lastResult} />
      ) : (
        <p className="muted">{t("rating.windowClosed")}</p>
      )}
      <h3>{t("rating.driversReview")}</h3>
      {reviews.review ? (
        <ReviewRead review={reviews.review} />
      ) : (
        <p className="muted">
          {reviews.waiting ? t("rating.waiting", { at: reviews.windowEnds }) : t("rating.noReview")}
        </p>
      )}
    </>
  );
}

function RatingForm({ windowEnds, lastResult }: { windowEnds: string; lastResult: LastResult }) {
  const { t } = useTranslation("reviews");
  const [form, fields] = useZodForm(ratingSchema, lastResult, { id: "rating-form", shouldRevalidate: "onSubmit" });
  const labels: Record<string, string> = {
    ...Object.fromEntries(ratingAspects.map((a) => [a, t(`aspects.${a}`)])),
    note: t("rating.note"),
  };
  return (
    <Form method="post" {...getFormProps(form)} className="stack">
      <p className="muted">{t("rating.help", { at: windowEnds })}</p>
      <FormErrors form={form} labels={labels} />
      {ratingAspects.map((aspect) => (
        <StarsField key={aspect} field={fields[aspect]} legend={labels[aspect]} />
      ))}
      <TextAreaField
        field={fields.note}
        label={labels.note}
        help={t("rating.noteHelp", { max: formatNumber(RATING_NOTE_MAX) })}
        rows={3}
      />
      <input type="hidden" name="intent" value="rate-driver" />
      <button type="submit">{t("rating.send")}</button>
    </Form>
  );
}
