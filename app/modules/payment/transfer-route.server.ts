import type { SubmissionResult } from "@conform-to/react";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { payableQuery, methodHref } from "~/modules/booking/methods";
import { messages } from "~/modules/forms/messages";
import { parseForm } from "~/modules/forms/parse-form";
import { appToday } from "~/modules/time/calendar";
import { toastHeader } from "~/utils/toast.server";
import { appReturnFor } from "./handoff.server";
import { isPaid, paymentSummary, requirePayableBooking } from "./payable.server";
import { bankList } from "./submit-mobile-payment.server";
import { submitTransferLimited, transferPage, transferRefusals } from "./submit-transfer.server";
import { dollarsToCents, transferSchemas, type TransferMethod } from "./transfer";

/*
 * The loader and action of the Zelle and bank transfer pages (routes/payment.zelle.tsx,
 * payment.bank-transfer.tsx; docs/domain.md#transfers): one page, two methods. Scoped like every
 * payment page: the booking's driver, or the grant of a reference + email lookup carried in `g`.
 */

/**
 * The page for the part named by `?amount=` (a plain GET form, so the amount to send, with its
 * IGTF line, shows before paying without JavaScript), by default all that is still open.
 */
export async function transferLoader(method: TransferMethod, { request, context }: LoaderFunctionArgs) {
  const { booking, grant } = await requirePayableBooking(request, context);
  const asked = new URL(request.url).searchParams.get("amount");
  const cents = asked ? dollarsToCents(asked) : null;
  const page = await transferPage(booking, method, cents);
  const asks = page !== null && booking.payable && page.openCents > 0;
  return json({
    title: `${context.t(`transfer:title.${method}`)} · Rueda`,
    method,
    summary: paymentSummary(booking),
    page,
    asks,
    amountInvalid: asked !== null && cents === null,
    banks: asks && method === "bankTransfer" ? await bankList() : [],
    today: appToday(),
    grant,
    bookingId: booking.id,
    query: payableQuery(booking.id, grant),
    bookingHref: booking.driverId === context.user?.id ? `/booking?b=${booking.id}` : null,
    appReturn: await appReturnFor(
      request,
      booking.id,
      isPaid(booking) ? "paid" : page && page.openCents < booking.balanceCents ? "pending" : "cancelled",
    ),
  });
}

export async function transferAction(method: TransferMethod, { request, context }: ActionFunctionArgs) {
  const { booking, grant } = await requirePayableBooking(request, context);
  const formData = await request.formData();
  if (formData.get("intent") !== "pay") throw new Response(null, { status: 400 });
  const submission = parseForm(formData, { schema: transferSchemas[method] });
  if (submission.status !== "success") return json<SubmissionResult<string[]>>(submission.reply(), { status: 400 });
  // Per booking, counted before the answer, so references cannot be tried by the hundred (docs/security.md#rate-limits).
  const outcome = await submitTransferLimited(booking, method, submission.value);
  if (outcome === "rateLimited")
    return json<SubmissionResult<string[]>>(submission.reply({ formErrors: [messages.rateLimited] }), { status: 429 });
  if (!outcome.ok) {
    const { field, message } = transferRefusals[outcome.reason];
    return json<SubmissionResult<string[]>>(
      submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }),
      { status: outcome.reason === "duplicate" ? 409 : 400 },
    );
  }
  return redirect(methodHref(method, booking.id, grant), {
    headers: { "Set-Cookie": await toastHeader({ type: "success", message: "transfer:submitted" }) },
  });
}
