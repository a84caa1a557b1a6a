import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/modules/forms/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { Pagination } from "~/components/catalogue/pagination";
import { FieldErrors } from "~/components/forms";
import { requiredText, rowIdField } from "~/modules/forms/fields";
import { requireAdmin, requireBackOffice } from "~/modules/access/staff.server";
import { wallClockLabel } from "~/modules/time/zoned-time";
import { useTranslation } from "~/modules/i18n/react";
import { queueOrders, readQueueOrder, type QueueOrder } from "~/modules/payment/mobile-payment";
import { isVerifiedMethod, verifiedMethods } from "~/modules/payment/transfer";
import { approveMobilePayment, rejectMobilePayment } from "~/modules/payment/verify-mobile-payment.server";
import { verificationQueue, type QueuePage } from "~/modules/payment/verification-queue.server";
import { unmatchedUsdtTransfers } from "~/modules/payment/unmatched-usdt.server";
import { PaymentTable } from "~/components/payment/payment-queue-table";
import { UnmatchedUsdt } from "~/components/payment/unmatched-usdt";
import { APP_TIME_ZONE } from "~/modules/time/calendar";
import { toastHeader, type Toast } from "~/utils/toast.server";
import { privatePageMeta } from "~/modules/http/meta";

export const meta = privatePageMeta;

const wallClock = (instant: Date) => wallClockLabel(instant, APP_TIME_ZONE);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireBackOffice(request, context);
  const params = new URL(request.url).searchParams;
  const order = readQueueOrder(params.get("order"));
  const rawMethod = params.get("method");
  // A plain GET filter (docs/domain.md#transfers): anything else lists every method.
  const method = isVerifiedMethod(rawMethod) ? rawMethod : null;
  const [{ awaiting, flagged }, unmatched] = await Promise.all([
    verificationQueue(user, { order, method, page: params.get("page"), flaggedPage: params.get("fpage") }),
    unmatchedUsdtTransfers(user),
  ]);
  const shown = (list: QueuePage) => ({
    ...list,
    rows: list.rows.map((row) => ({
      ...row,
      submittedAt: wallClock(row.submittedAt),
      receivedAt: wallClock(row.receivedAt),
    })),
  });
  return json({
    title: `${context.t("mobilePayment:queue.title")} · Rueda`,
    awaiting: shown(awaiting),
    flagged: shown(flagged),
    unmatched: unmatched.map((row) => ({ ...row, at: wallClock(row.at) })),
    order,
    method,
    readOnly: user.type !== "admin",
    zone: APP_TIME_ZONE,
  });
}

/** The queue's address for a page of each list, keeping the order and the method filter. */
function queueHref(order: QueueOrder, method: string | null, page: number, flaggedPage: number): string {
  const params = new URLSearchParams();
  if (order !== "oldest") params.set("order", order);
  if (method) params.set("method", method);
  if (page > 1) params.set("page", String(page));
  if (flaggedPage > 1) params.set("fpage", String(flaggedPage));
  const query = params.toString();
  return query ? `/admin/payments?${query}` : "/admin/payments";
}

const REASON_MAX = 500;
const paymentId = rowIdField();
const rejectSchema = z.object({
  intent: z.literal("reject"),
  paymentId,
  reason: requiredText(REASON_MAX, { multiline: true }),
});
const approveSchema = z.object({ intent: z.literal("approve"), paymentId });
/** What the browser checks before sending a rejection: the reason (the rest are hidden fields). */
const reasonSchema = z.object({ reason: requiredText(REASON_MAX, { multiline: true }) });

type RejectReply = { paymentId: number; result: SubmissionResult<string[]> };

const refusedOwn: Toast = { type: "error", message: "mobilePayment:queue.ownBooking" };

export async function action({ request, context }: ActionFunctionArgs) {
  // Only admins approve or reject (docs/security.md#payments): supplier staff get 403.
  const user = requireAdmin(request, context);
  const formData = await request.formData();
  let toast: Toast;
  if (formData.get("intent") === "reject") {
    const submission = parseForm(formData, { schema: rejectSchema });
    if (submission.status !== "success") {
      const id = paymentId.safeParse(formData.get("paymentId"));
      if (!id.success) throw new Response(null, { status: 400 });
      return json<RejectReply>({ paymentId: id.data, result: submission.reply() }, { status: 400 });
    }
    const outcome = await rejectMobilePayment(user, submission.value.paymentId, submission.value.reason);
    if (outcome === "notFound") throw new Response(null, { status: 404 });
    toast = {
      rejected: { type: "success", message: "mobilePayment:queue.rejected" },
      handled: { type: "info", message: "mobilePayment:queue.handled" },
      ownBooking: refusedOwn,
    }[outcome] as Toast;
  } else {
    const parsed = approveSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) throw new Response(null, { status: 400 });
    const outcome = await approveMobilePayment(user, parsed.data.paymentId);
    if (outcome === "notFound") throw new Response(null, { status: 404 });
    toast = {
      paid: { type: "success", message: "mobilePayment:queue.approved" },
      flagged: { type: "error", message: "mobilePayment:queue.approvedFlagged" },
      partial: { type: "info", message: "mobilePayment:queue.approvedPartial" },
      credit: { type: "info", message: "mobilePayment:queue.approvedCredit" },
      handled: { type: "info", message: "mobilePayment:queue.handled" },
      ownBooking: refusedOwn,
    }[outcome] as Toast;
  }
  // Back to the page the admin was reading (the form posts to the page's own address).
  return redirect(`/admin/payments${new URL(request.url).search}`, {
    headers: { "Set-Cookie": await toastHeader(toast) },
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["awaiting"]["rows"][number];

export default function PaymentsQueuePage() {
  const { t } = useTranslation("mobilePayment");
  const { awaiting, flagged, unmatched, order, method, readOnly, zone } = useLoaderData<typeof loader>();
  return (
    <section className="page stack">
      <h1>{t("queue.title")}</h1>
      <p className="muted">{t("queue.help")}</p>
      {readOnly ? <p className="notice">{t("queue.readOnly")}</p> : null}
      <Form method="get" className="bookings-filters" aria-label={t("queue.sortLabel")}>
        <div className="field">
          <label htmlFor="queue-order">{t("queue.order")}</label>
          <select id="queue-order" name="order" defaultValue={order}>
            {queueOrders.map((value) => (
              <option key={value} value={value}>
                {t(`queue.orders.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="queue-method">{t("queue.methodFilter")}</label>
          <select id="queue-method" name="method" defaultValue={method ?? ""}>
            <option value="">{t("queue.allMethods")}</option>
            {verifiedMethods.map((value) => (
              <option key={value} value={value}>
                {t(`payment:methods.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit">{t("queue.sort")}</button>
      </Form>
      <p className="muted">{t("queue.count", { count: awaiting.total })}</p>
      <PaymentTable
        rows={awaiting.rows}
        empty={t("queue.empty")}
        timeHeader={t("queue.submitted", { zone })}
        actionsHeader={readOnly ? undefined : t("queue.actions")}
        at={(row) => row.submittedAt}
      >
        {readOnly
          ? undefined
          : (row) => (
              <td className="stack">
                {row.canVerify ? (
                  <>
                    <Form method="post">
                      <input type="hidden" name="paymentId" value={row.paymentId} />
                      <button
                        type="submit"
                        name="intent"
                        value="approve"
                        aria-label={t("queue.approveLabel", { reference: row.reference })}
                      >
                        {t("queue.approve")}
                      </button>
                    </Form>
                    <RejectForm row={row} />
                  </>
                ) : (
                  <p className="muted">{t("queue.ownBookingNote")}</p>
                )}
              </td>
            )}
      </PaymentTable>
      <Pagination
        page={awaiting.page}
        pages={awaiting.pages}
        hrefFor={(p) => queueHref(order, method, p, flagged.page)}
      />

      <h2>{t("queue.flaggedTitle")}</h2>
      <p className="muted">{t("queue.flaggedHelp")}</p>
      <PaymentTable
        rows={flagged.rows}
        empty={t("queue.flaggedEmpty")}
        timeHeader={t("queue.paidAt", { zone })}
        at={(row) => row.receivedAt}
      />
      <Pagination
        page={flagged.page}
        pages={flagged.pages}
        hrefFor={(p) => queueHref(order, method, awaiting.page, p)}
      />

      <UnmatchedUsdt rows={unmatched} zone={zone} />
    </section>
  );
}

/** Rejecting needs a reason the driver will read; its errors show in this row's form only. */
function RejectForm({ row }: { row: Row }) {
  const { t } = useTranslation("mobilePayment");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `reject-${row.paymentId}`,
    lastResult: actionData?.paymentId === row.paymentId ? actionData.result : undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseForm(formData, { schema: reasonSchema }),
  });
  const label = t("queue.reason");
  const busy = navigation.state === "submitting" && navigation.formData?.get("paymentId") === String(row.paymentId);
  return (
    <Form method="post" {...getFormProps(form)} className="stack">
      <input type="hidden" name="paymentId" value={row.paymentId} />
      <div className="field">
        <label htmlFor={fields.reason.id}>{label}</label>
        <textarea {...getTextareaProps(fields.reason)} rows={2} maxLength={REASON_MAX} />
        <p className="field__help">{t("queue.rejectHelp")}</p>
        <FieldErrors id={fields.reason.errorId} errors={fields.reason.errors} label={label} />
      </div>
      <button
        type="submit"
        name="intent"
        value="reject"
        className="button--danger"
        disabled={busy}
        aria-label={t("queue.rejectLabel", { reference: row.reference })}
      >
        {t("queue.reject")}
      </button>
    </Form>
  );
}
