import type { SubmissionResult } from "@conform-to/react";
import { json, redirect } from "@remix-run/node";
import { isStaff } from "~/modules/access/booking-scope.server";
import { bookingDetail } from "~/modules/booking/booking-detail.server";
import { parseForm } from "~/modules/forms/parse-form";
import { notFound } from "~/modules/http/not-found";
import { refundMessages, refundSchema } from "~/modules/payment/deposit-ledger";
import type { SessionUser } from "~/utils/session.server";
import { toastHeader } from "~/utils/toast.server";
import { closeSchema, type CloseAsks } from "./close";
import { closeRental, loadSettlement } from "./close.server";
import { refundHeldDeposit } from "./deposit-refund.server";

/*
 * The booking page's counter forms after the return (docs/domain.md#closing,
 * docs/domain.md#deposit-ledger): settle and close (`close`), and refund what the deposit ledger
 * still holds after it (`depositRefund`). Anyone outside the booking's supplier finds no booking.
 */

type User = Pick<SessionUser, "id" | "type" | "supplierId">;

/** The refusal said next to the refund's amount: more than is held. */
const tooLarge = { refundAmount: [refundMessages.tooLarge] };

/**
 * Staff settle and close a returned rental: the form's asks come from the settlement (the stored
 * bill against the payments, and the ledger), and `closeRental` decides.
 */
export async function closeAction(user: User, id: number, formData: FormData) {
  if (!isStaff(user)) throw notFound();
  const detail = await bookingDetail(user, id);
  if (!detail?.rental) throw notFound();
  const settlement = await loadSettlement(id);
  const asks: CloseAsks = settlement?.asks ?? { payment: false, refund: false };
  const submission = parseForm(formData, { schema: closeSchema(asks) });
  if (submission.status !== "success")
    return json<{ close: SubmissionResult<string[]> }>({ close: submission.reply() }, { status: 400 });
  const outcome = await closeRental(user, id, submission.value);
  if (outcome === "notFound") throw notFound();
  if (outcome === "refundTooLarge")
    return json({ close: submission.reply({ fieldErrors: tooLarge }) }, { status: 400 });
  if (outcome !== "closed") {
    const reason = outcome === "asksChanged" ? "notReturned" : outcome;
    return json({ close: submission.reply({ formErrors: [`bookings:close.errors.${reason}`] }) }, { status: 400 });
  }
  return redirect(`/booking?b=${id}`, {
    headers: { "Set-Cookie": await toastHeader({ type: "success", message: "bookings:close.done" }) },
  });
}

/** Staff refund the deposit still held after the close. */
export async function depositRefundAction(user: User, id: number, formData: FormData) {
  if (!isStaff(user)) throw notFound();
  const submission = parseForm(formData, { schema: refundSchema });
  if (submission.status !== "success")
    return json<{ depositRefund: SubmissionResult<string[]> }>({ depositRefund: submission.reply() }, { status: 400 });
  const outcome = await refundHeldDeposit(user, id, submission.value);
  if (outcome === "notFound") throw notFound();
  if (outcome === "tooLarge")
    return json({ depositRefund: submission.reply({ fieldErrors: tooLarge }) }, { status: 400 });
  if (outcome !== "refunded")
    return json(
      { depositRefund: submission.reply({ formErrors: [`bookings:deposit.errors.${outcome}`] }) },
      { status: 400 },
    );
  return redirect(`/booking?b=${id}#deposit`, {
    headers: { "Set-Cookie": await toastHeader({ type: "success", message: "bookings:deposit.refunded" }) },
  });
}
