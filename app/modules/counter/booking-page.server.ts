import type { SessionUser } from "~/utils/session.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { amendChoices } from "~/modules/booking/amend-booking.server";
import { bookingDetail } from "~/modules/booking/booking-detail.server";
import { bookingView } from "~/modules/booking/booking-view";
import { payableQuery } from "~/modules/booking/methods";
import { listNotes } from "~/modules/booking/notes.server";
import { counterInstructions, mapLink, phoneLink, whatsappLink } from "~/modules/booking/voucher";
import type { Language } from "~/modules/i18n/languages";
import { placeNameKey } from "~/modules/i18n/place-name";
import { qrSvg } from "~/modules/images/qr.server";
import { shownRate } from "~/modules/payment/config.server";
import { moneyOf } from "~/modules/payment/money";
import { bookingReviews } from "~/modules/review/booking-reviews.server";
import { driverRecord } from "~/modules/review/driver-record.server";
import { hasReceipt, receivedPayments } from "~/modules/payment/receipt.server";
import { depositLedgerOf, refundableCents } from "~/modules/payment/deposit-ledger.server";
import { depositHoldView } from "~/modules/payment/deposit-hold.server";
import { APP_TIME_ZONE } from "~/modules/time/calendar";
import { instantToLocal, wallClockLabel } from "~/modules/time/zoned-time";
import { loadSettlement } from "./close.server";
import { newDamageMarks } from "./claim";
import { claimView } from "./claim-view.server";
import { historyInTimeOrder } from "./history";
import { rentalHistory } from "./history.server";
import { inspectionOf } from "./inspection.server";
import { bookingWhatsappMessages } from "~/modules/whatsapp/messages.server";

/**
 * The booking page's data for one viewer (docs/architecture.md#layers: the route only loads and
 * draws): the booking in the viewer's scope, what bookingView lets them see and do, and the data of
 * each section that shows. `grant` is a visitor's payment grant (docs/security.md#unproven-addresses):
 * the booking as its driver sees it, read-only and without contact details. Null when the booking
 * is missing or outside the viewer's scope. It lives with the counter, not in booking/, because the
 * page shows the rental too (inspections, history, settlement): booking/ sits below the counter in
 * the domain order and may not import it.
 */
export async function bookingPage(
  user: Pick<SessionUser, "id" | "type" | "supplierId">,
  id: number,
  { grant, language }: { grant: string | null; language: Language },
) {
  const granted = grant !== null;
  const detail = await bookingDetail(user, id);
  if (!detail) return null;
  const { booking, car, supplier, pickup, dropoff, driver, history } = detail;
  const nameKey = placeNameKey(language);
  const place = (p: typeof pickup) => ({ name: p[nameKey], address: p.address, timeZone: p.timeZone });
  const view = bookingView({ ...user, granted }, detail);
  const choices = view.amend ? await amendChoices(car.id) : null;
  const received = await receivedPayments(booking.id);
  const settlement = detail.rental?.finalBill ? await loadSettlement(booking.id) : null;
  const notes = view.notes ? await listNotes(user, booking.id) : null;
  const ledger = detail.rental ? await depositLedgerOf(booking.id) : null;
  const inspection = view.inspection ? await inspectionOf(await getDb(), booking.id) : null;
  const claim = view.inspection && detail.rental ? await claimView(user, booking, dropoff.timeZone) : null;
  // docs/domain.md#damage-claims: what an open claim asks stays held; the rest may be refunded.
  const refundable = ledger ? await refundableCents(await getDb(), booking.id, ledger.balance.heldCents) : 0;
  const voucher = view.voucher
    ? {
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
        counter: counterInstructions(pickup, language),
        supplier: {
          name: supplier.name,
          phone: supplier.phone,
          phoneHref: supplier.phone ? phoneLink(supplier.phone) : null,
          whatsappHref: supplier.whatsapp ? whatsappLink(supplier.whatsapp) : null,
        },
      }
    : null;
  return {
    voucher,
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
      // Its estimate in bolívares is at the rate of the day it was made, never today's (docs/domain.md#exchange-rate).
      bolivarRate:
        booking.usdToBsRate && booking.rateDate
          ? shownRate({ rate: booking.usdToBsRate, rateDate: booking.rateDate }, language)
          : null,
      paymentMethod: booking.paymentMethod,
      cancelRequest: booking.cancelRequest,
      startsAt: wallClockLabel(booking.startsAt, pickup.timeZone),
      endsAt: wallClockLabel(booking.endsAt, dropoff.timeZone),
      additionalDriver: booking.additionalDriver
        ? view.contactDetails
          ? {
              name: booking.additionalDriverName,
              email: booking.additionalDriverEmail,
              phone: booking.additionalDriverPhone,
              birthDate: booking.additionalDriverBirthDate,
            }
          : { name: booking.additionalDriverName, email: null, phone: null, birthDate: null }
        : null,
    },
    car: { name: car.name },
    supplier: { name: supplier.name },
    pickup: place(pickup),
    dropoff: place(dropoff),
    driver: view.contactDetails ? driver : { ...driver, email: null, phone: null },
    // docs/domain.md#reviews: what suppliers said of the driver, for staff only.
    driverRecord: view.staff ? await driverRecord(driver.id) : null,
    granted,
    // docs/domain.md#booking-history: the status changes with the car's pick-up and return, in time order;
    // who took the car out or back is named to staff, the driver sees the supplier.
    history: historyInTimeOrder(history, await rentalHistory(booking.id)).map((h) =>
      h.kind === "status"
        ? { ...h, at: wallClockLabel(h.at, APP_TIME_ZONE) }
        : {
            ...h,
            at: wallClockLabel(h.at, APP_TIME_ZONE),
            // docs/domain.md#damage-claims: the driver's answer names the driver; an admin is named to staff.
            actor:
              h.by === "driver"
                ? h.actor
                : h.by === "admin"
                  ? view.namesCounterStaff
                    ? h.actor
                    : null
                  : view.namesCounterStaff
                    ? (h.actor ?? supplier.name)
                    : supplier.name,
          },
    ),
    notes: notes && notes.map((n) => ({ ...n, at: wallClockLabel(n.at, APP_TIME_ZONE) })),
    // docs/domain.md#whatsapp: the driver's WhatsApp messages and how far each got, for staff only.
    whatsapp: view.staff
      ? (await bookingWhatsappMessages(booking.id)).map(({ updatedAt, ...m }) => ({
          ...m,
          at: wallClockLabel(updatedAt, APP_TIME_ZONE),
        }))
      : null,
    historyZone: APP_TIME_ZONE,
    staff: view.staff,
    receipt: view.receipt && hasReceipt(booking.status, received),
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
      view.close && detail.rental && settlement
        ? {
            asks: settlement.asks,
            depositReturnedCents: settlement.depositReturnedCents,
            depositHeldCents: settlement.depositHeldCents,
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
            // What the ledger holds, a damage claim's part included (docs/domain.md#damage-claims).
            depositReturned: settlement.depositReturnedCents > 0 && (ledger?.balance.heldCents ?? 0) === 0,
          }
        : null,
    // docs/domain.md#deposit-ledger: the deposit's entries and what is still held, to the driver and
    // staff (who recorded each is named to staff, the driver sees the supplier); staff refund what
    // the close left held.
    depositLedger:
      ledger && ledger.entries.length > 0
        ? {
            entries: ledger.entries.map((e) => ({
              ...e,
              recordedAt: wallClockLabel(e.recordedAt, APP_TIME_ZONE),
              recordedBy: view.namesCounterStaff ? (e.recordedBy ?? supplier.name) : supplier.name,
            })),
            balance: ledger.balance,
            refundableCents: refundable,
            refund: view.staff && detail.rental?.state === "closed" && refundable > 0,
          }
        : null,
    // docs/domain.md#card-deposit-hold: the deposit held on a card and until when (a lapsed one is
    // not held), to the driver and staff; staff are warned within a day of the lapse.
    depositHold: granted ? null : await depositHoldView(booking.id, pickup.timeZone),
    depositHoldWarning: view.staff,
    agreement: view.agreement,
    // docs/domain.md#reviews: once the car is back, the driver's review and the staff's rating of the driver.
    reviews: await bookingReviews(
      { ...user, granted },
      { id: booking.id, driverId: driver.id },
      detail.rental,
      dropoff.timeZone,
    ),
    // docs/domain.md#inspection: the walk-arounds at the pick-up and the return, for the booking's people (not a grant's holder).
    inspection,
    // docs/domain.md#damage-claims: the claim and its evidence, to the same people; staff open one on new damage.
    claim,
    openClaim:
      !claim &&
      view.staff &&
      user.id !== booking.driverId &&
      !!detail.rental &&
      detail.rental.state !== "out" &&
      !!inspection &&
      newDamageMarks(inspection.out.marks, inspection.in.marks).length > 0,
    returnHref: view.recordReturn ? `/admin/counter/return?b=${booking.id}` : null,
    pickupHref: view.pickup ? `/admin/counter/pickup?b=${booking.id}` : null,
    payments: received.map((p) => ({ ...p, paidAt: wallClockLabel(p.paidAt, APP_TIME_ZONE) })),
    cancel: view.cancel,
    // docs/domain.md#payments: the driver pays an outstanding booking (or a hold) through /payment.
    payHref: view.pay ? `/payment?${payableQuery(booking.id, grant)}` : null,
    resolveCancelRequest: view.resolveCancelRequest,
    targets: view.statusMoves,
    amendRequest: view.amendmentRequest,
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
    // The links and lines the page draws by the view's rules (bookingView).
    calendar: view.calendar,
    backLink: view.backLink,
    finalReceipt: view.finalReceipt,
  };
}

export type BookingPage = NonNullable<Awaited<ReturnType<typeof bookingPage>>>;
