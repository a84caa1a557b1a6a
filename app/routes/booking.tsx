import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/modules/forms/parse-form";
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { z } from "zod";
import { ReceivedPayments } from "~/components/booking/received-payments";
import { InspectionSummary } from "~/components/counter/inspection-summary";
import { PriceLines } from "~/components/price/price-lines";
import { FinalBillTable } from "~/components/rental/final-bill-table";
import { coverHelp } from "~/modules/pricing/cover";
import type { PriceBreakdown } from "~/modules/pricing/pricing";
import { StatusSelect } from "~/components/booking/status-select";
import { Voucher, type VoucherData } from "~/components/booking/voucher";
import { CheckboxField, SelectField } from "~/components/form-choices";
import { FormErrors, TextAreaField, TextField } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { amendRequestSchema, amendSchema } from "~/modules/booking/amend-schema";
import { isStaff } from "~/modules/access/booking-scope.server";
import { amendChoices } from "~/modules/booking/amend-booking.server";
import { bookingDetail } from "~/modules/booking/booking-detail.server";
import { historyInTimeOrder } from "~/modules/rental/history";
import { rentalHistory } from "~/modules/rental/history.server";
import { inspectionOf } from "~/modules/rental/inspection.server";
import { closeSchema, type CloseAsks } from "~/modules/rental/close";
import { closeRental, loadSettlement } from "~/modules/rental/close.server";
import { counterMethods } from "~/modules/booking/methods";
import { noteSchema } from "~/modules/booking/notes";
import { addNote, listNotes } from "~/modules/booking/notes.server";
import { cancelBookingLimited, resolveCancelRequestLimited } from "~/modules/booking/cancel-booking.server";
import { changeStatusLimited } from "~/modules/booking/change-status.server";
import { requestAmendmentLimited } from "~/modules/booking/request-amendment.server";
import { bookingActions } from "~/modules/booking/actions";
import { counterInstructions, mapLink, phoneLink, whatsappLink } from "~/modules/booking/voucher";
import { qrSvg } from "~/modules/images/qr.server";
import { bookingStatuses } from "~/modules/booking/status";
import { amendClosingCardAttemptsLimited } from "~/modules/payment/amend-closing-card-attempts.server";
import { instantToLocal, wallClockLabel } from "~/modules/time/zoned-time";
import { formatCents, formatNumber } from "~/modules/i18n/format";
import { messages } from "~/modules/forms/messages";
import { hasReceipt, receivedPayments } from "~/modules/payment/receipt.server";
import { moneyOf } from "~/modules/payment/money";
import { useTranslation } from "~/modules/i18n/react";
import { hoursRefusalMessage } from "~/modules/availability/opening-hours";
import { APP_TIME_ZONE } from "~/modules/time/calendar";
import { requireUser } from "~/modules/user/auth.server";
import { payableQuery } from "~/modules/booking/methods";
import { grantRefusal, loadPayableBooking } from "~/modules/payment/payable.server";
import type { SessionUser } from "~/utils/session.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { toastHeader, type Toast } from "~/utils/toast.server";
import { placeName, placeNameKey } from "~/modules/i18n/place-name";
import { bookingIdParam, notFound } from "~/modules/http/not-found";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rueda" }];

/** A wall-clock time in `zone`, for display: "2026-12-03 14:00". */

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
  const granted = grant !== null;
  const detail = await bookingDetail(user, bookingIdParam(request));
  if (!detail) throw notFound();
  const { booking, car, supplier, pickup, dropoff, driver, history } = detail;
  const nameKey = placeNameKey(context.language);
  const place = (p: typeof pickup) => ({ name: p[nameKey], address: p.address, timeZone: p.timeZone });
  const staff = isStaff(user);
  // A grant holder sees the booking read-only (docs/security.md#unproven-addresses): bookingActions knows.
  const actions = bookingActions({ ...user, granted }, detail);
  const choices = actions.amend ? await amendChoices(car.id) : null;
  const received = await receivedPayments(booking.id);
  const settlement = detail.rental?.finalBill ? await loadSettlement(booking.id) : null;
  // docs/domain.md#internal-notes: staff's only; a driver or a grant holder never gets them.
  const notes = staff && !granted ? await listNotes(user, booking.id) : null;
  // docs/domain.md#voucher: for a booking that holds its car (not a bare hold, not cancelled).
  const voucher: VoucherData | null = ["void", "cancelled", "deleted"].includes(booking.status)
    ? null
    : {
        reference: booking.reference,
        qrSvg: await qrSvg(booking.reference),
        pickup: {
          id: pickup.id,
          name: pickup[nameKey],
          address: pickup.address,
          latitude: pickup.latitude,
          longitude: pickup.longitude,
        },
        mapHref: mapLink(pickup),
        tileUrl: getEnv().MAP_TILE_URL,
        counter: counterInstructions(pickup, context.language),
        supplier: {
          name: supplier.name,
          phone: supplier.phone,
          phoneHref: supplier.phone ? phoneLink(supplier.phone) : null,
          whatsappHref: supplier.whatsapp ? whatsappLink(supplier.whatsapp) : null,
        },
      };
  return {
    voucher,
    title: `${context.t("bookings:detail.title", { reference: booking.reference })} · Rueda`,
    booking: {
      id: booking.id,
      reference: booking.reference,
      status: booking.status,
      days: booking.days,
      priceCents: booking.priceCents,
      // docs/domain.md#payments: what succeeded payments cover; the rest is the balance due.
      paidCents: detail.paidCents,
      // docs/domain.md#credit: paid beyond what is due (two ways of paying crossed), for staff to refund.
      creditCents: moneyOf({
        priceCents: booking.priceCents,
        paidCents: detail.paidCents,
        stillToPayCents: detail.rental?.finalBill?.stillToPayCents ?? null,
      }).creditCents,
      breakdown: booking.breakdown,
      deposit: detail.deposit,
      paymentMethod: booking.paymentMethod,
      cancelRequest: booking.cancelRequest,
      startsAt: wallClockLabel(booking.startsAt, pickup.timeZone),
      endsAt: wallClockLabel(booking.endsAt, dropoff.timeZone),
      additionalDriver: booking.additionalDriver
        ? granted
          ? { name: booking.additionalDriverName, email: null, phone: null, birthDate: null }
          : {
              name: booking.additionalDriverName,
              email: booking.additionalDriverEmail,
              phone: booking.additionalDriverPhone,
              birthDate: booking.additionalDriverBirthDate,
            }
        : null,
    },
    car: { name: car.name },
    supplier: { name: supplier.name },
    pickup: place(pickup),
    dropoff: place(dropoff),
    driver: granted ? { ...driver, email: null, phone: null } : driver,
    granted,
    // docs/domain.md#booking-history: the status changes with the car's pick-up and return, in time order;
    // who took the car out or back is named to staff, the driver sees the supplier.
    history: historyInTimeOrder(history, await rentalHistory(booking.id)).map((h) =>
      h.kind === "status"
        ? { ...h, at: wallClockLabel(h.at, APP_TIME_ZONE) }
        : {
            ...h,
            at: wallClockLabel(h.at, APP_TIME_ZONE),
            actor: staff && !granted ? (h.actor ?? supplier.name) : supplier.name,
          },
    ),
    notes: notes && notes.map((n) => ({ ...n, at: wallClockLabel(n.at, APP_TIME_ZONE) })),
    historyZone: APP_TIME_ZONE,
    staff,
    receipt: !granted && hasReceipt(booking.status, received),
    // docs/domain.md#pick-up: the car's hand-over, once recorded, and its signed agreement.
    rental: detail.rental && {
      pickedUpAt: wallClockLabel(detail.rental.pickedUpAt, pickup.timeZone),
      odometerKm: detail.rental.odometerOutKm,
      fuelEighths: detail.rental.fuelOutEighths,
    },
    // docs/domain.md#return: the car back, its odometer and fuel, and the final bill (driver and staff).
    returned:
      detail.rental?.returnedAt && detail.rental.finalBill
        ? {
            at: wallClockLabel(detail.rental.returnedAt, dropoff.timeZone),
            odometerKm: detail.rental.odometerInKm ?? 0,
            fuelEighths: detail.rental.fuelInEighths ?? 0,
            bill: detail.rental.finalBill,
          }
        : null,
    // docs/domain.md#closing: the settlement of a returned car's bill against the payments, for the booking's staff and admins.
    close:
      staff && !granted && detail.rental?.state === "returned" && settlement
        ? {
            asks: settlement.asks,
            depositReturnedCents: settlement.depositReturnedCents,
            depositTaken: detail.rental.depositTaken,
            billCents: settlement.billCents,
            creditCents: settlement.creditCents,
            stillToPayCents: settlement.stillToPayCents,
            toRefundCents: settlement.toRefundCents,
            // docs/domain.md#counter-money: the close waits for a transfer; an open card attempt is ended by it.
            inFlight: settlement.inFlight?.kind === "transfer" ? settlement.inFlight.method : null,
          }
        : null,
    closed:
      detail.rental?.closedAt && settlement
        ? {
            at: wallClockLabel(detail.rental.closedAt, dropoff.timeZone),
            paidCents: settlement.takenAtCloseCents,
            toRefundCents: settlement.toRefundCents,
            depositReturned: settlement.depositReturnedCents > 0,
          }
        : null,
    agreement: !granted && detail.rental !== null,
    // docs/domain.md#inspection: the walk-arounds at the pick-up and the return, for the booking's people (not a grant's holder).
    inspection: !granted && detail.rental ? await inspectionOf(await getDb(), booking.id) : null,
    returnHref: staff && !granted && detail.rental?.state === "out" ? `/admin/counter/return?b=${booking.id}` : null,
    pickupHref:
      staff && !granted && detail.rental === null && ["pending", "deposit", "paid", "reserved"].includes(booking.status)
        ? `/admin/counter/pickup?b=${booking.id}`
        : null,
    payments: received.map((p) => ({ ...p, paidAt: wallClockLabel(p.paidAt, APP_TIME_ZONE) })),
    cancel: actions.cancel,
    // docs/domain.md#payments: the driver pays an outstanding booking (or a hold) through /payment.
    payHref: actions.pay ? `/payment?${payableQuery(booking.id, grant)}` : null,
    resolveCancelRequest: actions.resolveCancelRequest,
    targets: actions.statusMoves,
    amendRequest: actions.amendmentRequest,
    amend: choices && {
      places: choices.places.map((p) => ({ value: String(p.id), label: p[nameKey] })),
      options: choices.options,
      excess: choices.excess,
      values: {
        pickUp: instantToLocal(booking.startsAt, pickup.timeZone),
        dropOff: instantToLocal(booking.endsAt, pickup.timeZone),
        pickupLocationId: String(booking.pickupLocationId),
        dropoffLocationId: String(booking.dropoffLocationId),
        options: choices.options.filter((k) => booking[k]),
        additionalDriverName: booking.additionalDriverName ?? "",
        additionalDriverEmail: booking.additionalDriverEmail ?? "",
        additionalDriverPhone: booking.additionalDriverPhone ?? "",
        additionalDriverBirthDate: booking.additionalDriverBirthDate ?? "",
      },
    },
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

/**
 * Staff settle and close a returned rental (docs/domain.md#closing): the form's asks come from the
 * settlement (the stored bill against the payments), and `closeRental` decides; anyone outside
 * the booking's supplier finds no booking.
 */
async function close(user: Parameters<typeof closeRental>[0], id: number, formData: FormData) {
  if (!isStaff(user)) throw notFound();
  const detail = await bookingDetail(user, id);
  if (!detail?.rental) throw notFound();
  const settlement = await loadSettlement(id);
  const asks: CloseAsks = settlement?.asks ?? { payment: false, depositReturned: false };
  const submission = parseForm(formData, { schema: closeSchema(asks) });
  if (submission.status !== "success")
    return json<{ close: SubmissionResult<string[]> }>({ close: submission.reply() }, { status: 400 });
  const outcome = await closeRental(user, id, submission.value);
  if (outcome === "notFound") throw notFound();
  if (outcome !== "closed") {
    const reason = outcome === "asksChanged" ? "notReturned" : outcome;
    return json({ close: submission.reply({ formErrors: [`bookings:close.errors.${reason}`] }) }, { status: 400 });
  }
  return redirect(`/booking?b=${id}`, {
    headers: { "Set-Cookie": await toastHeader({ type: "success", message: "bookings:close.done" }) },
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
  if (intent === "close") return close(user, id, form);
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
  const { t } = useTranslation("bookings");
  const { t: tc } = useTranslation();
  const {
    booking,
    car,
    supplier,
    pickup,
    dropoff,
    driver,
    granted,
    history,
    historyZone,
    staff,
    cancel,
    resolveCancelRequest,
    targets,
    payHref,
    receipt,
    payments,
    voucher,
    rental,
    agreement,
    inspection,
    pickupHref,
    returned,
    returnHref,
    closed,
  } = useLoaderData<typeof loader>();
  const { t: tr } = useTranslation("receipt");
  const { breakdown } = booking;
  return (
    <section className="page narrow booking stack">
      {granted ? null : (
        <p>
          <Link to="/bookings">{t("detail.back")}</Link>
        </p>
      )}
      <h1>{t("detail.title", { reference: booking.reference })}</h1>
      {granted ? (
        <p className="notice" role="status">
          {t("detail.activateToManage")}
        </p>
      ) : null}
      {!granted && booking.status !== "cancelled" && booking.status !== "deleted" ? (
        <p>
          <a href={`/booking/calendar?b=${booking.id}`} download>
            {t("detail.calendar")}
          </a>
        </p>
      ) : null}
      {payHref ? (
        <p>
          <Link className="button" to={payHref}>
            {tc("payment:success.payNow")}
          </Link>
        </p>
      ) : null}
      {receipt ? (
        <p>
          <a href={`/booking/receipt?b=${booking.id}`} download>
            {tr("download")}
          </a>
        </p>
      ) : null}
      {pickupHref ? (
        <p>
          <Link className="button" to={pickupHref}>
            {t("rental.pickUp")}
          </Link>
        </p>
      ) : null}
      {agreement ? (
        <p>
          <a href={`/booking/agreement?b=${booking.id}`} download>
            {t("rental.agreement")}
          </a>
        </p>
      ) : null}
      {returnHref ? (
        <p>
          <Link className="button" to={returnHref}>
            {t("rental.recordReturn")}
          </Link>
        </p>
      ) : null}
      {rental ? (
        <p className="notice" role="status">
          {t("rental.pickedUp", {
            at: rental.pickedUpAt,
            zone: pickup.timeZone,
            km: formatNumber(rental.odometerKm),
            fuel: rental.fuelEighths,
          })}
        </p>
      ) : null}
      {inspection ? <InspectionSummary phase="out" inspection={inspection.out} /> : null}
      {returned ? (
        <section className="card stack" aria-labelledby="return-title">
          <h2 id="return-title">{t("rental.returnTitle")}</h2>
          <p>
            {t("rental.returned", {
              at: returned.at,
              zone: dropoff.timeZone,
              km: formatNumber(returned.odometerKm),
              fuel: returned.fuelEighths,
            })}
          </p>
          <FinalBillTable bill={returned.bill} caption={t("rental.finalBill")} />
          {granted ? null : (
            <p>
              <a href={`/booking/final-receipt?b=${booking.id}`} download>
                {t("rental.finalReceipt")}
              </a>
            </p>
          )}
          {closed ? (
            <p className="notice" role="status">
              {[
                t("close.closed", { at: closed.at, zone: dropoff.timeZone }),
                closed.paidCents > 0 ? t("close.paid", { amount: formatCents(closed.paidCents) }) : null,
                closed.toRefundCents > 0 ? t("close.refundDue", { amount: formatCents(closed.toRefundCents) }) : null,
                closed.depositReturned ? t("close.depositBack") : null,
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
          ) : null}
        </section>
      ) : null}
      <CloseSection />
      {returned && inspection ? <InspectionSummary phase="in" inspection={inspection.in} /> : null}
      <section className="card" aria-labelledby="summary-title">
        <h2 id="summary-title">{t("detail.summary")}</h2>
        <dl className="details">
          <dt>{t("columns.status")}</dt>
          <dd>
            {tc(`bookingStatus.${booking.status}`)}
            {booking.cancelRequest ? ` · ${t("detail.cancelRequested")}` : ""}
          </dd>
          <dt>{t("columns.car")}</dt>
          <dd>{car.name}</dd>
          <dt>{t("columns.supplier")}</dt>
          <dd>{supplier.name}</dd>
          <dt>{t("detail.pickup")}</dt>
          <dd>
            {pickup.name}, {pickup.address} — {booking.startsAt} ({t("detail.timeZone", { zone: pickup.timeZone })})
          </dd>
          <dt>{t("detail.dropoff")}</dt>
          <dd>
            {dropoff.name}, {dropoff.address} — {booking.endsAt} ({t("detail.timeZone", { zone: dropoff.timeZone })})
          </dd>
          <dt>{t("columns.days")}</dt>
          <dd>{booking.days}</dd>
          <dt>{t("detail.paymentMethod")}</dt>
          <dd>{t(`paymentMethods.${booking.paymentMethod}`)}</dd>
          <dt>{t("detail.paymentState")}</dt>
          <dd>{t(`paymentStates.${booking.status}`)}</dd>
        </dl>
      </section>

      {voucher ? <Voucher voucher={voucher} /> : null}

      <section className="card" aria-labelledby="drivers-title">
        <h2 id="drivers-title">{t("detail.drivers")}</h2>
        <dl className="details">
          <dt>{t("columns.driver")}</dt>
          <dd>{[driver.fullName, driver.email, driver.phone].filter(Boolean).join(" · ")}</dd>
          <dt>{t("detail.additionalDriver")}</dt>
          <dd>
            {booking.additionalDriver
              ? [
                  booking.additionalDriver.name,
                  booking.additionalDriver.email,
                  booking.additionalDriver.phone,
                  booking.additionalDriver.birthDate,
                ]
                  .filter(Boolean)
                  .join(" · ")
              : t("detail.none")}
          </dd>
        </dl>
      </section>

      <section className="card" aria-labelledby="price-title">
        <h2 id="price-title">{t("detail.price")}</h2>
        {/* The checkout's, the email's and the receipt's lines (docs/domain.md#price-lines). */}
        <PriceLines breakdown={breakdown} deposit={booking.deposit} totalTestId="booking-total" />
        {booking.paidCents > 0 || staff ? (
          <table>
            <tbody>
              <>
                <tr>
                  <th scope="row">{t("detail.paid")}</th>
                  <td>{formatCents(booking.paidCents)}</td>
                </tr>
                <tr>
                  <th scope="row">{t("detail.balance")}</th>
                  <td>
                    {booking.priceCents > booking.paidCents ? (
                      <strong>{formatCents(booking.priceCents - booking.paidCents)}</strong>
                    ) : (
                      formatCents(0)
                    )}
                  </td>
                </tr>
                {booking.creditCents > 0 ? (
                  <tr>
                    <th scope="row">{t("detail.credit")}</th>
                    <td>
                      <strong data-testid="booking-credit">{formatCents(booking.creditCents)}</strong>
                      <div className="muted">{t("detail.creditHelp")}</div>
                    </td>
                  </tr>
                ) : null}
              </>
            </tbody>
          </table>
        ) : null}
      </section>

      <ReceivedPayments payments={payments} zone={historyZone} />

      {cancel !== "none" ? (
        <section className="card stack" id="cancel" aria-labelledby="cancel-title">
          <h2 id="cancel-title">{t("cancel.title")}</h2>
          <p>{t(`cancel.${cancel}Help`)}</p>
          {/* The driver confirms on a page of its own first, with or without JavaScript (booking_.cancel.tsx). */}
          <Form method="get" action="/booking/cancel">
            <input type="hidden" name="b" value={booking.id} />
            <button type="submit" className="button button--danger">
              {t(cancel === "immediate" ? "cancel.button" : "cancel.requestButton")}
            </button>
          </Form>
        </section>
      ) : null}

      <AmendSection />
      <AmendRequestSection />

      {resolveCancelRequest ? (
        <section className="card stack" aria-labelledby="request-title">
          <h2 id="request-title">{t("detail.cancelRequested")}</h2>
          <Form method="post" className="row">
            <button type="submit" name="intent" value="accept-cancel">
              {t("staff.accept")}
            </button>
            <button type="submit" name="intent" value="decline-cancel">
              {t("staff.decline")}
            </button>
          </Form>
        </section>
      ) : null}

      {targets.length > 0 ? (
        <section className="card stack" aria-labelledby="status-title">
          <h2 id="status-title">{t("staff.changeStatus")}</h2>
          <Form method="post" className="row">
            <StatusSelect id="new-status" label={t("bulk.newStatus")} statuses={targets} />
            <button type="submit" name="intent" value="status">
              {t("staff.save")}
            </button>
          </Form>
        </section>
      ) : null}

      <NotesSection />

      <section className="card" aria-labelledby="history-title">
        <h2 id="history-title">{t("history.title")}</h2>
        {history.length === 0 ? (
          <p className="muted">{t("history.empty")}</p>
        ) : (
          <table className="history">
            <thead>
              <tr>
                <th scope="col">{t("history.when", { zone: historyZone })}</th>
                <th scope="col">{t("history.who")}</th>
                <th scope="col">{t("history.from")}</th>
                <th scope="col">{t("history.to")}</th>
              </tr>
            </thead>
            <tbody>
              {history.map((h) =>
                h.kind === "status" ? (
                  <tr key={h.id}>
                    <td>{h.at}</td>
                    <td>{h.actor ?? t("history.system")}</td>
                    <td>{tc(`bookingStatus.${h.fromStatus}`)}</td>
                    <td>{tc(`bookingStatus.${h.toStatus}`)}</td>
                  </tr>
                ) : (
                  <tr key={h.kind}>
                    <td>{h.at}</td>
                    <td>{h.actor}</td>
                    <td colSpan={2}>
                      {h.kind === "closed"
                        ? t("history.closed")
                        : t(`history.${h.kind}`, { km: formatNumber(h.odometerKm), fuel: h.fuelEighths })}
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        )}
      </section>
    </section>
  );
}

function AmendSection() {
  const { t } = useTranslation("bookings");
  const { amend, booking } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const preview =
    actionData && "preview" in actionData
      ? (actionData.preview as { breakdown: PriceBreakdown; changed: boolean })
      : null;
  const [form, fields] = useZodForm(amendSchema, lastResult, {
    id: "amend-form",
    defaultValue: amend?.values,
    shouldRevalidate: "onBlur",
  });
  // A field changed after the preview: its price no longer holds, so it cannot be confirmed (with JS;
  // without it, the server previews again when the total differs from the one shown).
  const [stale, setStale] = useState(false);
  useEffect(() => setStale(false), [preview]);
  if (!amend) return null;
  const posted = lastResult?.initialValue?.options;
  const chosen = posted === undefined ? (lastResult ? [] : amend.values.options) : [posted].flat().map(String);
  const labels = {
    pickUp: t("amend.pickUp"),
    dropOff: t("amend.dropOff"),
    pickupLocationId: t("detail.pickup"),
    dropoffLocationId: t("detail.dropoff"),
    additionalDriverName: t("amend.driverName"),
    additionalDriverEmail: t("amend.driverEmail"),
    additionalDriverPhone: t("amend.driverPhone"),
    additionalDriverBirthDate: t("amend.driverBirthDate"),
  };
  return (
    <section className="card stack" id="edit" aria-labelledby="edit-title">
      <h2 id="edit-title">{t("amend.title")}</h2>
      <p className="muted">{t("amend.help")}</p>
      <Form method="post" {...getFormProps(form)} className="stack" onChange={() => setStale(true)}>
        <FormErrors form={form} labels={labels} />
        <div className="field">
          <label htmlFor={fields.pickUp.id}>{labels.pickUp}</label>
          <input {...getInputProps(fields.pickUp, { type: "datetime-local" })} />
        </div>
        <div className="field">
          <label htmlFor={fields.dropOff.id}>{labels.dropOff}</label>
          <input {...getInputProps(fields.dropOff, { type: "datetime-local" })} />
        </div>
        <SelectField field={fields.pickupLocationId} label={labels.pickupLocationId} options={amend.places} />
        <SelectField field={fields.dropoffLocationId} label={labels.dropoffLocationId} options={amend.places} />
        <fieldset>
          <legend>{t("amend.options")}</legend>
          {amend.options.map((key) => {
            const help = coverHelp(t, formatCents, key, amend.excess);
            return (
              <div key={key}>
                <div className="checkbox">
                  <input
                    type="checkbox"
                    id={`amend-option-${key}`}
                    name={fields.options.name}
                    value={key}
                    defaultChecked={chosen.includes(key)}
                    aria-describedby={help ? `amend-option-${key}-help` : undefined}
                  />
                  <label htmlFor={`amend-option-${key}`}>{t(`catalogue:options.${key}`)}</label>
                </div>
                {help ? (
                  <p className="field__help" id={`amend-option-${key}-help`}>
                    {help}
                  </p>
                ) : null}
              </div>
            );
          })}
        </fieldset>
        <TextField field={fields.additionalDriverName} label={labels.additionalDriverName} />
        <TextField field={fields.additionalDriverEmail} label={labels.additionalDriverEmail} type="email" />
        <TextField field={fields.additionalDriverPhone} label={labels.additionalDriverPhone} type="tel" />
        <TextField field={fields.additionalDriverBirthDate} label={labels.additionalDriverBirthDate} type="date" />
        {preview && !stale ? (
          // docs/domain.md#amendment-preview: the new price, shown before anything is saved.
          <section className="notice stack" aria-labelledby="amend-preview-title" role="status">
            <h3 id="amend-preview-title">{t("price:amend.previewTitle")}</h3>
            <p>{t("price:amend.previewHelp")}</p>
            <p>{t("price:amend.current", { amount: formatCents(booking.priceCents) })}</p>
            <PriceLines breakdown={preview.breakdown} deposit={preview.breakdown.deposit} totalTestId="amend-total" />
            <input type="hidden" name="expectedTotal" value={preview.breakdown.totalCents} />
          </section>
        ) : null}
        <div className="row">
          {/* First, so Enter in a field previews rather than saves. */}
          <button type="submit" name="intent" value="amend-preview">
            {t("price:amend.preview")}
          </button>
          {preview && !stale ? (
            <button type="submit" name="intent" value="amend">
              {t("amend.save")}
            </button>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

/** Settle and close a returned rental (docs/domain.md#closing): staff's, plain POST, works without JavaScript. */
function CloseSection() {
  const { t } = useTranslation("bookings");
  const { close } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const asks: CloseAsks = close?.asks ?? { payment: false, depositReturned: false };
  const [form, fields] = useZodForm(
    closeSchema(asks),
    actionData && "close" in actionData ? actionData.close : undefined,
    { id: "close-form" },
  );
  if (!close) return null;
  const deposit = formatCents(close.depositReturnedCents);
  const labels = {
    method: t("close.method"),
    depositReturned: t("close.depositConfirm", { amount: deposit }),
  };
  return (
    <section className="card stack" id="close" aria-labelledby="close-title">
      <h2 id="close-title">{t("close.title")}</h2>
      <Form method="post" {...getFormProps(form)} className="stack">
        <FormErrors form={form} labels={labels} />
        <p>
          {close.depositReturnedCents > 0
            ? t("close.depositReturned", {
                amount: deposit,
                how: close.depositTaken ? t(`close.depositTaken.${close.depositTaken}`) : "",
              })
            : t("close.noDepositReturned")}
        </p>
        {close.creditCents !== 0 ? (
          <p>
            {close.creditCents > 0
              ? t("close.credit", { amount: formatCents(close.creditCents), bill: formatCents(close.billCents) })
              : t("close.priceUnpaid", { amount: formatCents(-close.creditCents) })}
          </p>
        ) : null}
        <p>
          {close.stillToPayCents > 0 ? (
            <strong>{t("close.stillToPay", { amount: formatCents(close.stillToPayCents) })}</strong>
          ) : (
            t("close.nothingToPay")
          )}
        </p>
        {close.toRefundCents > 0 ? (
          <p>
            <strong>{t("close.toRefund", { amount: formatCents(close.toRefundCents) })}</strong>
          </p>
        ) : null}
        {close.inFlight ? (
          // docs/domain.md#counter-money: the close waits for the transfer; the page says which and what to do.
          <p className="notice" role="status">
            {t(`close.inFlight.${close.inFlight}`)}
          </p>
        ) : null}
        {asks.payment ? (
          <SelectField
            field={fields.method}
            label={labels.method}
            options={[
              { value: "", label: t("close.choose") },
              ...counterMethods.map((m) => ({ value: m, label: t(`paymentMethods.${m}`) })),
            ]}
          />
        ) : null}
        {asks.depositReturned ? <CheckboxField field={fields.depositReturned} label={labels.depositReturned} /> : null}
        <button type="submit" name="intent" value="close">
          {t("close.button")}
        </button>
      </Form>
    </section>
  );
}

/** Staff's internal notes: never shown to the driver (docs/domain.md#internal-notes). */
function NotesSection() {
  const { t } = useTranslation("bookings");
  const { notes, historyZone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useZodForm(noteSchema, actionData && "note" in actionData ? actionData.note : undefined, {
    id: "note-form",
  });
  if (!notes) return null;
  const label = t("notes.label");
  return (
    <section className="card stack" id="notes" aria-labelledby="notes-title">
      <h2 id="notes-title">{t("notes.title")}</h2>
      <p className="muted">{t("notes.help")}</p>
      {notes.length === 0 ? (
        <p className="muted">{t("notes.empty")}</p>
      ) : (
        <ul className="notes">
          {notes.map((n) => (
            <li key={n.id} className="notes__item">
              <p className="notes__meta">
                {t("notes.by", { author: n.author ?? t("notes.formerStaff"), at: n.at, zone: historyZone })}
              </p>
              <p className="notes__body">{n.body}</p>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" {...getFormProps(form)} className="stack">
        <FormErrors form={form} labels={{ note: label }} />
        <TextAreaField field={fields.note} label={label} rows={3} />
        <input type="hidden" name="intent" value="add-note" />
        <button type="submit">{t("notes.add")}</button>
      </Form>
    </section>
  );
}

/** An online-paid booking is not changed by the driver: they say what they would like, and are contacted. */
function AmendRequestSection() {
  const { t } = useTranslation("bookings");
  const { amendRequest } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useZodForm(
    amendRequestSchema,
    actionData && "request" in actionData ? actionData.request : undefined,
    { id: "amend-request-form" },
  );
  if (!amendRequest) return null;
  const label = t("amendRequest.label");
  return (
    <section className="card stack" id="edit" aria-labelledby="amend-request-title">
      <h2 id="amend-request-title">{t("amendRequest.title")}</h2>
      <p className="muted">{t("amendRequest.help")}</p>
      <Form method="post" {...getFormProps(form)} className="stack">
        <FormErrors form={form} labels={{ request: label }} />
        <TextAreaField field={fields.request} label={label} rows={3} />
        <input type="hidden" name="intent" value="amend-request" />
        <button type="submit">{t("amendRequest.send")}</button>
      </Form>
    </section>
  );
}
