import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { SupplierSelect } from "~/components/backoffice/supplier-select";
import { Pagination } from "~/components/catalogue/pagination";
import { HideForm, MonthlyAverages, RefusalNotice, ReplyForm } from "~/components/review/back-office-reviews";
import { ReviewRead } from "~/components/review/review-read";
import { stylesheets } from "~/components/stylesheets";
import { requireBackOffice } from "~/modules/access/staff.server";
import { parseForm } from "~/modules/forms/parse-form";
import { privatePageMeta } from "~/modules/http/meta";
import { useTranslation } from "~/modules/i18n/react";
import { readReviewsQuery, reviewsHref } from "~/modules/review/back-office";
import { backOfficeReviews } from "~/modules/review/back-office.server";
import { hideReview } from "~/modules/review/hide.server";
import { replyToReview } from "~/modules/review/reply.server";
import { hideSchema, replySchema } from "~/modules/review/review";
import { toastHeader } from "~/utils/toast.server";
import bookingStyles from "~/styles/booking.css?url";

export const links = stylesheets(bookingStyles);
export const meta = privatePageMeta;

/** The back office's reviews (docs/domain.md#reviews): staff read and answer their supplier's, admins moderate all. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireBackOffice(request, context);
  const query = readReviewsQuery(new URL(request.url).searchParams);
  const data = await backOfficeReviews(user, query, context.language);
  // Hiding is confirmed on a page state: only an admin, for a shown review still public.
  const confirmHide =
    user.type === "admin" ? (data.items.find((item) => item.bookingId === query.hide && !item.hidden) ?? null) : null;
  return {
    title: `${context.t("adminReviews:title")} · Rueda`,
    admin: user.type === "admin",
    query: { ...query, page: data.page },
    confirmHide: confirmHide?.bookingId ?? null,
    ...data,
  };
}

type ActionData = { bookingId: string; intent: "reply" | "hide"; result: SubmissionResult<string[]> };

const refused = (
  bookingId: FormDataEntryValue | number | null,
  intent: ActionData["intent"],
  result: ActionData["result"],
) => json<ActionData>({ bookingId: String(bookingId ?? ""), intent, result }, { status: 400 });

export async function action({ request, context }: ActionFunctionArgs) {
  const user = requireBackOffice(request, context);
  const form = await request.formData();
  const query = readReviewsQuery(new URL(request.url).searchParams);
  const back = async (bookingId: number, message: string) =>
    redirect(`${reviewsHref(query, query.page)}#review-${bookingId}`, {
      headers: { "Set-Cookie": await toastHeader({ type: "success", message }) },
    });
  const intent = form.get("intent");
  if (intent === "reply") {
    const submission = parseForm(form, { schema: replySchema });
    if (submission.status !== "success") return refused(form.get("bookingId"), "reply", submission.reply());
    const { bookingId, reply } = submission.value;
    const outcome = await replyToReview(user, bookingId, reply);
    if (outcome === "notFound") throw new Response(null, { status: 404 });
    if (outcome !== "replied")
      return refused(bookingId, "reply", submission.reply({ formErrors: [`adminReviews:errors.reply.${outcome}`] }));
    return back(bookingId, "adminReviews:reply.sent");
  }
  if (intent === "hide") {
    // Moderation is the admins': staff are refused before anything is read.
    if (user.type !== "admin") throw new Response(null, { status: 403 });
    const submission = parseForm(form, { schema: hideSchema });
    if (submission.status !== "success") return refused(form.get("bookingId"), "hide", submission.reply());
    const { bookingId, reason } = submission.value;
    const outcome = await hideReview(user, bookingId, reason);
    if (outcome === "notFound") throw new Response(null, { status: 404 });
    if (outcome !== "hidden")
      return refused(bookingId, "hide", submission.reply({ formErrors: [`adminReviews:errors.hide.${outcome}`] }));
    return back(bookingId, "adminReviews:hide.done");
  }
  throw new Response(null, { status: 400 });
}

export default function AdminReviewsPage() {
  const { t } = useTranslation("adminReviews");
  const { t: ta } = useTranslation("admin");
  const { admin, query, items, total, page, pages, months, suppliers, confirmHide } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const here = reviewsHref(query, page);
  const resultFor = (bookingId: number, intent: ActionData["intent"]) =>
    actionData && actionData.intent === intent && actionData.bookingId === String(bookingId)
      ? actionData.result
      : undefined;
  return (
    <section className="page stack admin-reviews">
      <h1>{t("title")}</h1>
      <p className="muted">{admin ? t("helpAdmin") : t("help")}</p>
      {admin && suppliers.length > 0 ? (
        <Form method="get" className="bookings-filters" aria-label={t("filters.label")}>
          <SupplierSelect
            id="reviews-supplier"
            label={t("filters.supplier")}
            anyLabel={t("filters.all")}
            value={query.supplierId}
            suppliers={suppliers}
          />
          <button type="submit">{ta("common.filter")}</button>
          {query.supplierId ? <Link to="/admin/reviews">{ta("common.clear")}</Link> : null}
        </Form>
      ) : null}
      <MonthlyAverages months={months} />
      <p className="muted">{t("count", { count: total })}</p>
      {items.length === 0 ? (
        <p className="empty-state">{t("empty")}</p>
      ) : (
        <ol className="admin-reviews__list">
          {items.map((item) => {
            const replyResult = resultFor(item.bookingId, "reply");
            const hideResult = resultFor(item.bookingId, "hide");
            return (
              <li key={item.bookingId} id={`review-${item.bookingId}`}>
                <article className="card stack" aria-labelledby={`review-${item.bookingId}-title`}>
                  <h2 id={`review-${item.bookingId}-title`}>
                    <Link to={`/booking?b=${item.bookingId}`}>{t("item.title", { reference: item.reference })}</Link>
                  </h2>
                  <p className="muted">
                    {admin ? `${item.supplier} · ` : ""}
                    {t("item.byOn", { author: item.author ?? t("item.formerAuthor"), date: item.published })}
                  </p>
                  <ReviewRead
                    review={{
                      stars: item.stars,
                      comment: item.comment,
                      reply: item.reply?.text ?? null,
                      hiddenReason: item.hidden?.reason ?? null,
                    }}
                  />
                  {item.reply ? <p className="muted">{t("item.repliedOn", { date: item.reply.at })}</p> : null}
                  {item.reply || item.hidden || admin ? (
                    <RefusalNotice result={replyResult} />
                  ) : (
                    <ReplyForm bookingId={item.bookingId} action={here} lastResult={replyResult} />
                  )}
                  {admin && item.hidden ? <RefusalNotice result={hideResult} /> : null}
                  {admin && !item.hidden ? (
                    confirmHide === item.bookingId ? (
                      <HideForm
                        bookingId={item.bookingId}
                        reference={item.reference}
                        action={reviewsHref(query, page, item.bookingId)}
                        cancelHref={`${here}#review-${item.bookingId}`}
                        lastResult={hideResult}
                      />
                    ) : (
                      <p>
                        <Link
                          to={`${reviewsHref(query, page, item.bookingId)}#review-${item.bookingId}`}
                          aria-describedby={`review-${item.bookingId}-title`}
                          preventScrollReset
                        >
                          {t("hide.link")}
                        </Link>
                      </p>
                    )
                  ) : null}
                </article>
              </li>
            );
          })}
        </ol>
      )}
      <Pagination page={page} pages={pages} hrefFor={(p) => reviewsHref(query, p)} />
    </section>
  );
}
