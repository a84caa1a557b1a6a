import type { SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/modules/forms/parse-form";
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AmendSection } from "~/components/booking/amend-section";
import { CancelRequestSection, CancelSection, StatusSection } from "~/components/booking/booking-actions";
import { BookingHeading, BookingLinks } from "~/components/booking/booking-links";
import { amendPreviewOf, replyOf } from "~/components/booking/action-reply";
import { BookingSummary, DriversSection } from "~/components/booking/booking-summary";
import { ClaimSection } from "~/components/booking/claim-section";
import { CloseSection } from "~/components/booking/close-section";
import { DepositSection } from "~/components/booking/deposit-section";
import { DepositHoldStatus } from "~/components/counter/deposit-hold";
import { HistorySection } from "~/components/booking/history-section";
import { AmendRequestSection, NotesSection } from "~/components/booking/note-forms";
import { PriceSection } from "~/components/booking/price-section";
import { ReceivedPayments } from "~/components/booking/received-payments";
import { PickedUpNotice, ReturnSection } from "~/components/booking/rental-sections";
import { Voucher } from "~/components/booking/voucher";
import { WhatsappSection } from "~/components/booking/whatsapp-section";
import { ReviewsSection } from "~/components/review/reviews-section";
import { InspectionSummary } from "~/components/counter/inspection-summary";
import { amendRequestSchema, amendSchema } from "~/modules/booking/amend-schema";
import { isStaff } from "~/modules/access/booking-scope.server";
import { bookingDetail } from "~/modules/booking/booking-detail.server";
import { closeAction, depositRefundAction } from "~/modules/counter/close-action.server";
import { claimAnswerAction, claimDecideAction, claimOpenAction } from "~/modules/counter/claim-action.server";
import { bookingPage } from "~/modules/counter/booking-page.server";
import { noteSchema } from "~/modules/booking/notes";
import { addNote } from "~/modules/booking/notes.server";
import { cancelBookingLimited, resolveCancelRequestLimited } from "~/modules/booking/cancel-booking.server";
import { changeStatusLimited } from "~/modules/booking/change-status.server";
import { requestAmendmentLimited } from "~/modules/booking/request-amendment.server";
import { bookingStatuses } from "~/modules/booking/status";
import { amendClosingCardAttemptsLimited } from "~/modules/payment/amend-closing-card-attempts.server";
import { messages } from "~/modules/forms/messages";
import { hoursRefusalMessage } from "~/modules/availability/opening-hours";
import { requireUser } from "~/modules/user/auth.server";
import { reviewAction } from "~/modules/review/booking-action.server";
import { grantRefusal, loadPayableBooking } from "~/modules/payment/payable.server";
import type { SessionUser } from "~/utils/session.server";
import { toastHeader, type Toast } from "~/utils/toast.server";
import { placeName } from "~/modules/i18n/place-name";
import { bookingIdParam, notFound } from "~/modules/http/not-found";
import { stylesheets } from "~/components/stylesheets";
import mapStyles from "~/styles/maps.css?url";
import bookingStyles from "~/styles/booking.css?url";

export const links = stylesheets(mapStyles, bookingStyles);

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rueda" }];

/**
 * Who looks at the booking: the signed-in user, or a visitor holding the booking's grant (`g=`,
 * docs/security.md#unproven-addresses), which shows this one booking as its driver sees it,
 * read-only and without the driver's contact details; anyone else is sent to sign in.
 */
async function viewer(
  request: Request,
  context: AppLoadContext,
): Promise<{ user: Pick<SessionUser, "id" | "type" | "supplierId">; grant: string | null }> {
  const grant = new URL(request.url).searchParams.get("g");
  if (context.user || grant === null) return { user: requireUser(request, context), grant: null };
  const id = bookingIdParam(request);
  const granted = await loadPayableBooking(id, { userId: null, grant });
  if (!granted) throw grantRefusal(id, grant);
  return { user: { id: granted.driverId, type: "user", supplierId: null }, grant };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, grant } = await viewer(request, context);
  // What shows and for whom is bookingView's (modules/booking/booking-view.ts); the data, bookingPage's.
  const page = await bookingPage(user, bookingIdParam(request), { grant, language: context.language });
  if (!page) throw notFound();
  const { voucher, ...rest } = page;
  return {
    voucher,
    title: `${context.t("bookings:detail.title", { reference: page.booking.reference })} · Rueda`,
    ...rest,
  };
}

/**
 * A post over the account's booking-change budget (counted inside the module's call, page and API
 * alike): nothing was done; back to the booking with the message (docs/security.md#rate-limits).
 */
async function overLimit(id: number) {
  return redirect(`/booking?b=${id}`, {
    headers: { "Set-Cookie": await toastHeader({ type: "error", message: messages.rateLimited }) },
  });
}

/** The driver's amendment: times read at the chosen pick-up place, then amendBooking decides (docs/domain.md#cancellation). */
async function amend(
  user: Parameters<typeof amendClosingCardAttemptsLimited>[0],
  id: number,
  formData: FormData,
  context: AppLoadContext,
) {
  const submission = parseForm(formData, { schema: amendSchema });
  if (submission.status !== "success")
    return json<{ result: SubmissionResult<string[]> }>({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  const outcome = await amendClosingCardAttemptsLimited(user, id, {
    preview: v.intent === "amend-preview",
    expectedTotalCents: v.intent === "amend" ? v.expectedTotal : undefined,
    pickUp: v.pickUp,
    dropOff: v.dropOff,
    pickupLocationId: v.pickupLocationId,
    dropoffLocationId: v.dropoffLocationId,
    options: v.options,
    // Any detail given counts as naming a driver; the service refuses incomplete details (the checkout's rule).
    additionalDriver:
      v.additionalDriverName || v.additionalDriverEmail || v.additionalDriverPhone || v.additionalDriverBirthDate
        ? {
            name: v.additionalDriverName ?? "",
            email: v.additionalDriverEmail ?? "",
            phone: v.additionalDriverPhone ?? "",
            birthDate: v.additionalDriverBirthDate ?? "",
          }
        : null,
  });
  if (outcome === "rateLimited") return overLimit(id);
  if (outcome === "notFound") throw notFound();
  if (typeof outcome === "object" && "preview" in outcome) {
    // Nothing saved: the form comes back as typed, with the new price and the button that saves it.
    return json({
      result: submission.reply(),
      preview: { breakdown: outcome.preview, changed: outcome.changed },
    });
  }
  if (typeof outcome === "object" && "outsideHours" in outcome) {
    // The place's hours, named in the reader's language (docs/domain.md#opening-hours).
    const refusal = outcome.outsideHours;
    const { key, values } = hoursRefusalMessage(refusal, placeName(refusal.place, context.language), context.language);
    const field = refusal.handover === "pickUp" ? "pickUp" : "dropOff";
    return json({ result: submission.reply({ fieldErrors: { [field]: [context.t(key, values)] } }) }, { status: 400 });
  }
  if (typeof outcome === "object" && "driverUnderAge" in outcome) {
    // The checkout's rule and sentence; the birth date is the booking's, not a field of this form.
    const message = context.t("booking:errors.underAge", { count: outcome.driverUnderAge });
    return json({ result: submission.reply({ formErrors: [message] }) }, { status: 400 });
  }
  if (typeof outcome === "object") {
    // The checkout's rule and sentence (the age is in it).
    const message = context.t("booking:errors.additionalUnderAge", { count: outcome.additionalUnderAge });
    return json(
      { result: submission.reply({ fieldErrors: { additionalDriverBirthDate: [message] } }) },
      { status: 400 },
    );
  }
  if (outcome !== "amended") {
    // docs/domain.md#pick-up: once the car is out, the booking page's one sentence says why.
    const key = outcome === "pickedUp" ? "bookings:detail.pickedUp" : `bookings:amend.${outcome}`;
    return json({ result: submission.reply({ formErrors: [key] }) }, { status: 400 });
  }
  return redirect(`/booking?b=${id}`, {
    headers: { "Set-Cookie": await toastHeader({ type: "success", message: "bookings:amend.done" }) },
  });
}

/** The driver of an online-paid booking asks for a change; staff are told and will contact them. */
async function askAmendment(user: Parameters<typeof requestAmendmentLimited>[0], id: number, formData: FormData) {
  const submission = parseForm(formData, { schema: amendRequestSchema });
  if (submission.status !== "success")
    return json<{ request: SubmissionResult<string[]> }>({ request: submission.reply() }, { status: 400 });
  const outcome = await requestAmendmentLimited(user, id, submission.value.request);
  if (outcome === "rateLimited") return overLimit(id);
  if (outcome === "notFound") throw notFound();
  const toast: Toast =
    outcome === "requested"
      ? { type: "success", message: "bookings:amendRequest.sent" }
      : { type: "error", message: "bookings:amendRequest.refused" };
  return redirect(`/booking?b=${id}`, { headers: { "Set-Cookie": await toastHeader(toast) } });
}

/** Staff add an internal note (docs/domain.md#internal-notes); anyone else is told the booking is missing. */
async function note(user: Parameters<typeof addNote>[0], id: number, formData: FormData) {
  if (!isStaff(user)) throw notFound();
  const submission = parseForm(formData, { schema: noteSchema });
  if (submission.status !== "success")
    return json<{ note: SubmissionResult<string[]> }>({ note: submission.reply() }, { status: 400 });
  if ((await addNote(user, id, submission.value.note)) === "notFound") throw notFound();
  return redirect(`/booking?b=${id}#notes`, {
    headers: { "Set-Cookie": await toastHeader({ type: "success", message: "bookings:notes.added" }) },
  });
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("status"), status: z.enum(bookingStatuses) }),
  z.object({ intent: z.literal("accept-cancel") }),
  z.object({ intent: z.literal("decline-cancel") }),
]);

export async function action({ request, context }: ActionFunctionArgs) {
  const user = requireUser(request, context);
  const id = bookingIdParam(request);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "amend" || intent === "amend-preview") return amend(user, id, form, context);
  if (form.get("intent") === "amend-request") return askAmendment(user, id, form);
  if (intent === "add-note") return note(user, id, form);
  if (intent === "close") return closeAction(user, id, form);
  if (intent === "depositRefund") return depositRefundAction(user, id, form);
  if (intent === "claimOpen") return claimOpenAction(user, id, form);
  if (intent === "claimAnswer") return claimAnswerAction(user, id, form);
  if (intent === "claimDecide") return claimDecideAction(user, id, form);
  if (intent === "review") return reviewAction(user, id, form, "review");
  if (intent === "rate-driver") return reviewAction(user, id, form, "rating");
  const parsed = actionSchema.safeParse({ intent: form.get("intent"), status: form.get("status") ?? undefined });
  if (!parsed.success) throw new Response(null, { status: 400 });
  let toast: Toast;
  switch (parsed.data.intent) {
    case "cancel": {
      const outcome = await cancelBookingLimited(user, id);
      if (outcome === "rateLimited") return overLimit(id);
      if (outcome === "notFound") throw notFound();
      toast =
        outcome === "refused" || outcome === "pickedUp"
          ? { type: "error", message: outcome === "refused" ? "bookings:cancel.refused" : "bookings:detail.pickedUp" }
          : { type: "success", message: `bookings:cancel.${outcome}` };
      break;
    }
    case "status":
    case "accept-cancel":
    case "decline-cancel": {
      const result =
        parsed.data.intent === "status"
          ? await changeStatusLimited(user, id, parsed.data.status)
          : await resolveCancelRequestLimited(user, id, parsed.data.intent === "accept-cancel");
      if (result === "rateLimited") return overLimit(id);
      if (!result.ok && result.reason === "notFound") throw notFound();
      toast = result.ok
        ? { type: "success", message: "bookings:detail.updated" }
        : { type: "error", message: `bookings:detail.${result.reason}` };
      break;
    }
  }
  // The booking may now be outside the driver's scope (deleted): then back to the list.
  const still = await bookingDetail(user, id);
  return redirect(still ? `/booking?b=${id}` : "/bookings", { headers: { "Set-Cookie": await toastHeader(toast) } });
}

export default function BookingPage() {
  const data = useLoaderData<typeof loader>();
  const { inspection, returned, voucher } = data;
  const actionData = useActionData<typeof action>();
  return (
    <section className="page narrow booking stack">
      <BookingHeading {...data} />
      <BookingLinks {...data} />
      <PickedUpNotice {...data} />
      {inspection ? <InspectionSummary phase="out" inspection={inspection.out} /> : null}
      <ReturnSection {...data} />
      <CloseSection close={data.close} lastResult={replyOf(actionData, "close")} />
      <DepositHoldStatus hold={data.depositHold} warn={data.depositHoldWarning} />
      <DepositSection {...data} lastResult={replyOf(actionData, "depositRefund")} />
      <ClaimSection
        {...data}
        lastOpen={replyOf(actionData, "claimOpen")}
        lastAnswer={replyOf(actionData, "claimAnswer")}
        lastDecide={replyOf(actionData, "claimDecide")}
      />
      <ReviewsSection
        reviews={data.reviews}
        supplier={data.supplier}
        lastReview={replyOf(actionData, "review")}
        lastRating={replyOf(actionData, "rating")}
      />
      {returned && inspection ? <InspectionSummary phase="in" inspection={inspection.in} /> : null}
      <BookingSummary {...data} />
      {voucher ? <Voucher voucher={voucher} /> : null}
      <DriversSection {...data} />
      <PriceSection {...data} />
      <ReceivedPayments payments={data.payments} zone={data.historyZone} />
      <CancelSection {...data} />
      <AmendSection {...data} lastResult={replyOf(actionData, "result")} preview={amendPreviewOf(actionData)} />
      <AmendRequestSection {...data} lastResult={replyOf(actionData, "request")} />
      <CancelRequestSection {...data} />
      <StatusSection {...data} />
      <NotesSection {...data} lastResult={replyOf(actionData, "note")} />
      <HistorySection {...data} />
      <WhatsappSection {...data} />
    </section>
  );
}
