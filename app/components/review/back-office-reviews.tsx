import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { SelectField } from "~/components/form-choices";
import { FormErrors, TextAreaField } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { formatNumber } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";
import type { MonthAverages } from "~/modules/review/back-office.server";
import { hideSchema, replySchema, REVIEW_REPLY_MAX, reviewAspects, reviewHiddenReasons } from "~/modules/review/review";

type LastResult = SubmissionResult<string[]> | undefined;

/** The last form-wide refusal of a result (`already`, `hidden`, …), shown where the form was. */
export function RefusalNotice({ result }: { result: LastResult }) {
  const { t } = useTranslation();
  const errors = result?.error?.[""] ?? [];
  if (errors.length === 0) return null;
  return (
    <div className="form-errors" role="alert">
      {errors.map((e) => (
        <p key={e}>{t(e)}</p>
      ))}
    </div>
  );
}

/**
 * The averages of overall and each aspect by month, a plain table: a month with no review shows
 * an empty cell, not 0. On a phone it scrolls sideways inside its own focusable region.
 */
export function MonthlyAverages({ months }: { months: MonthAverages[] }) {
  const { t } = useTranslation("adminReviews");
  const columns = ["overall", ...reviewAspects] as const;
  return (
    <section className="card stack" aria-labelledby="averages-title">
      <h2 id="averages-title">{t("averages.title")}</h2>
      <p className="muted">{t("averages.help")}</p>
      <div className="admin-reviews__scroll" role="region" aria-label={t("averages.scrollLabel")} tabIndex={0}>
        <table className="admin-reviews__averages">
          <thead>
            <tr>
              <th scope="col">{t("averages.month")}</th>
              <th scope="col">{t("averages.count")}</th>
              {columns.map((aspect) => (
                <th key={aspect} scope="col">
                  {t(`reviews:aspects.${aspect}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.month}>
                <th scope="row">{month.label}</th>
                <td>{formatNumber(month.count)}</td>
                {columns.map((aspect) => {
                  const value = month.averages[aspect];
                  return <td key={aspect}>{value === null ? "" : value.toFixed(1)}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The supplier staff's one public reply: a plain POST, checked again by the server. */
export function ReplyForm({
  bookingId,
  action,
  lastResult,
}: {
  bookingId: number;
  action: string;
  lastResult: LastResult;
}) {
  const { t } = useTranslation("adminReviews");
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "reply" &&
    navigation.formData.get("bookingId") === String(bookingId);
  const [form, fields] = useZodForm(replySchema, lastResult, { id: `reply-${bookingId}` });
  const labels = { reply: t("reply.label") };
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="stack">
      <FormErrors form={form} labels={labels} />
      <TextAreaField
        field={fields.reply}
        label={labels.reply}
        help={t("reply.help", { max: formatNumber(REVIEW_REPLY_MAX) })}
        rows={3}
      />
      <input type="hidden" name="bookingId" value={bookingId} />
      <button
        type="submit"
        name="intent"
        value="reply"
        className="button"
        disabled={busy}
        aria-busy={busy}
        aria-describedby={`review-${bookingId}-title`}
      >
        {t("reply.submit")}
      </button>
    </Form>
  );
}

/**
 * The admin's confirmation before hiding, a page state (`?hide=<booking>`) as the house's
 * ConfirmForm, so it works without JavaScript: the question, the reason of the fixed list, the
 * danger button and the way back.
 */
export function HideForm({
  bookingId,
  reference,
  action,
  cancelHref,
  lastResult,
}: {
  bookingId: number;
  reference: string;
  action: string;
  cancelHref: string;
  lastResult: LastResult;
}) {
  const { t } = useTranslation("adminReviews");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "hide";
  const [form, fields] = useZodForm(hideSchema, lastResult, { id: "hide-form" });
  const labels = { reason: t("hide.reason") };
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="notice notice--warning stack">
      <p role="alert">{t("hide.question", { reference })}</p>
      <FormErrors form={form} labels={labels} />
      <SelectField
        field={fields.reason}
        label={labels.reason}
        options={[
          { value: "", label: t("hide.choose") },
          ...reviewHiddenReasons.map((reason) => ({ value: reason, label: t(`reviews:hidden.reasons.${reason}`) })),
        ]}
      />
      <input type="hidden" name="bookingId" value={bookingId} />
      <p className="actions">
        <button
          type="submit"
          name="intent"
          value="hide"
          className="button button--danger"
          disabled={busy}
          aria-busy={busy}
        >
          {t("hide.submit")}
        </button>
        <Link to={cancelHref} className="button button--secondary" preventScrollReset>
          {t("admin:common.cancel")}
        </Link>
      </p>
    </Form>
  );
}
