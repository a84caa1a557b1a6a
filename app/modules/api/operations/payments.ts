import { z } from "zod";
import { bookingStatuses } from "~/modules/booking/status";
import { mobilePaymentSchema } from "~/modules/payment/mobile-payment";
import { onlineMethods } from "~/modules/booking/methods";
import { invalidReasons } from "~/modules/payment/tron";
import { walletSchema } from "~/modules/payment/wallet-form";
import { appReturnStatuses, HANDOFF_MINUTES, handoffMethods, RETURN_URL_MAX } from "~/modules/payment/handoff";
import { appToday } from "~/modules/time/calendar";
import { defineOperation } from "../operation";
import { idParams } from "./shared";

/*
 * Paying a booking online (docs/architecture.md#resources), through the payment pages' modules
 * and their one scope (payable.server.ts, docs/security.md#payments): the booking's driver,
 * signed in, or whoever holds the booking's grant (`?g=`). Anyone else → 404. Amounts are the
 * server's: these calls take what the payer typed and nothing else.
 */

const tag = "Payments";

export const grantQuery = z.object({
  g: z.string().max(64).optional().meta({
    description: "The booking's payment grant (a visitor's checkout, or the reference + email lookup of /payment).",
  }),
});

export const summarySchema = z
  .object({
    bookingId: z.number().int(),
    reference: z.string(),
    carName: z.string(),
    status: z.enum(bookingStatuses),
    priceCents: z.number().int(),
    paidCents: z.number().int(),
    balanceCents: z.number().int().meta({ description: "What is still due: the price minus succeeded payments." }),
    payable: z
      .boolean()
      .meta({ description: "A payment can start now: a pending booking, or a hold still running, with a balance." }),
    holdExpiresAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "PaymentSummary" });

export const getPayment = defineOperation({
  id: "getPayment",
  method: "GET",
  path: "/api/bookings/{id}/payment",
  tag,
  summary: "What a booking owes, and how it can be paid",
  description:
    "The booking's price, what was paid and what is still due, and the online methods that can pay it now. The booking's driver signed in, or anyone with its grant (`?g=`); anyone else → 404.",
  auth: "optional",
  params: idParams,
  query: grantQuery,
  responses: {
    200: {
      description: "The balance and the online methods offered now (none when nothing can be paid).",
      schema: z.object({ summary: summarySchema, methods: z.array(z.enum(onlineMethods)) }),
    },
  },
  errors: [404],
  example: { params: { id: "1" } },
});

const copyable = z.object({ shown: z.string(), copy: z.string().meta({ description: "What a bank app takes." }) });

export const getMobilePayment = defineOperation({
  id: "getMobilePayment",
  method: "GET",
  path: "/api/bookings/{id}/payments/mobile",
  tag,
  summary: "Pago móvil: where to transfer, and how much",
  description:
    "The merchant's account and the balance in bolívares at the current rate (docs/domain.md#pago-móvil), the banks a payer chooses from, and the transfer awaiting verification if any. 404 also when pago móvil is not configured.",
  auth: "optional",
  params: idParams,
  query: grantQuery,
  responses: {
    200: {
      description: "What to pay.",
      schema: z.object({
        summary: summarySchema,
        merchant: z.object({ bank: copyable, phone: copyable, rif: copyable, holder: z.string() }),
        amount: copyable.extend({
          usd: z.string(),
          rate: z.string().meta({ description: "Bolívares per dollar." }),
          rateDate: z.string(),
        }),
        awaiting: z.object({ bank: z.string(), reference: z.string(), date: z.string() }).nullable(),
        rejectedReason: z.string().nullable(),
        banks: z.array(z.object({ code: z.string(), name: z.string() })),
      }),
    },
  },
  errors: [404],
  example: { params: { id: "1" } },
});

const submittedSchema = z.object({
  paymentId: z.number().int(),
  status: z
    .literal("pending")
    .meta({ description: "Awaiting verification: by staff (pago móvil) or by the chain check (USDT)." }),
});

export const submitMobilePayment = defineOperation({
  id: "submitMobilePayment",
  method: "POST",
  path: "/api/bookings/{id}/payments/mobile",
  tag,
  summary: "Pago móvil: submit the transfer",
  description: [
    "The payer's transfer, for the booking's balance (the server's amount), to be verified by an admin within 48 hours (after that it fails as `expired` and the booking lets go of the car). Rate-limited per booking like the page (20 an hour → 429).",
    "",
    "`date` is the transfer's day as the bank shows it, `YYYY-MM-DD`: not before the day the booking was made (in Caracas), and not after today in Caracas (America/Caracas, UTC−4) or today in UTC, whichever is later, so a client that fills in today from a UTC clock is accepted at any hour.",
    "",
    "Refusals: unknown bank, date in the future or before the booking → 400 with `fields`; this bank + reference + date already submitted (leading zeros of the reference ignored) → 409 `duplicate`; a transfer already awaiting verification → 409 `awaiting`; nothing to pay → 409 `notPayable`. The same reference under another date or bank is accepted but shown to staff as a possible duplicate.",
  ].join("\n"),
  auth: "optional",
  params: idParams,
  query: grantQuery,
  body: mobilePaymentSchema.extend({
    date: mobilePaymentSchema.shape.date.meta({
      description: "The transfer's day, `YYYY-MM-DD`, on Caracas' clock (today in UTC is accepted too).",
    }),
  }),
  responses: { 202: { description: "Recorded, awaiting verification.", schema: submittedSchema } },
  errors: [404, 409, 429],
  errorCodes: {
    400: ["unknownBank", "dateFuture", "dateBeforeBooking"],
    409: ["duplicate", "awaiting", "notPayable", "unavailable"],
  },
  // The date of a transfer made today: a valid example on the day the document is read.
  example: () => ({
    params: { id: "1" },
    body: { bank: "0102", phone: "0414-1234567", reference: "123456", date: appToday() },
  }),
});

const walletStatus = z.enum(["paid", "checking", "open", "closed"]);

export const getUsdtPayment = defineOperation({
  id: "getUsdtPayment",
  method: "GET",
  path: "/api/bookings/{id}/payments/usdt",
  tag,
  summary: "USDT: where to send, and the check's status",
  description: [
    "What to send (network TRC20, our address, and the exact amount: the balance plus a tag of micro-USDT that binds the transfer to this booking, valid until `expiresAt`; docs/domain.md#usdt) and where the last transaction stands: `checking` while the chain check runs, `paid`, `open` (a transaction can be submitted; `failure` says why the last one failed), or `closed` (nothing to pay). Asking while `open` reuses the running amount, or opens a new one when it is close to expiry. 404 also when USDT is not configured. Every amount for this balance in use by other payers at that moment (9,999 of them, each valid 30 minutes) → 409 `tryAgain`: ask again in a few minutes.",
  ].join("\n"),
  auth: "optional",
  params: idParams,
  query: grantQuery,
  responses: {
    200: {
      description: "The status.",
      schema: z.object({
        summary: summarySchema,
        status: walletStatus,
        failure: z.enum([...invalidReasons, "timeout"]).nullable(),
        network: z.literal("TRC20"),
        address: z.string(),
        amount: z.string().nullable().meta({
          description:
            "While `open`: exactly what to send, in USDT with 6 decimals (e.g. `120.004317`); any other amount pays nothing. Null otherwise.",
        }),
        expiresAt: z.iso.datetime().nullable().meta({
          description: "Until when `amount` may be sent (a transfer in a block up to 10 minutes later still counts).",
        }),
      }),
    },
  },
  errors: [404, 409],
  errorCodes: { 409: ["tryAgain"] },
  example: { params: { id: "1" } },
});

export const submitUsdtPayment = defineOperation({
  id: "submitUsdtPayment",
  method: "POST",
  path: "/api/bookings/{id}/payments/usdt",
  tag,
  summary: "USDT: submit the transaction id",
  description:
    "Records the transaction for the booking's balance and starts its check on the chain; follow it with GET. Rate-limited per booking like the page (20 an hour → 429). Already registered → 409 `duplicate`; another check running → 409 `inProgress`; nothing to pay → 409 `notPayable`.",
  auth: "optional",
  params: idParams,
  query: grantQuery,
  body: walletSchema,
  responses: { 202: { description: "Recorded; the check runs.", schema: submittedSchema } },
  errors: [404, 409, 429],
  errorCodes: { 409: ["duplicate", "inProgress", "notPayable"] },
  example: { params: { id: "1" }, body: { txId: "a".repeat(64) } },
});

export const createCardSession = defineOperation({
  id: "createCardSession",
  method: "POST",
  path: "/api/bookings/{id}/payments/card",
  tag,
  summary: "Card: open a payment session",
  description:
    "A Stripe Checkout Session for the booking's balance (or the demo gateway's card form where it runs); open `url` in a browser, which comes back to the booking's confirmation. Asking again while the session is open gives the same one. Card not offered → 409 `notOffered`; nothing to pay → 409 `notPayable`; Stripe refused or did not answer → 502 `gatewayError`; more than 10 starts per booking or 30 per client address in an hour → 429 `rateLimited`.",
  auth: "optional",
  params: idParams,
  query: grantQuery,
  responses: {
    201: {
      description: "The session.",
      schema: z.object({
        gateway: z.enum(["stripe", "demo"]),
        url: z.string().meta({ description: "Where the payer pays: Stripe's hosted page or the demo card form." }),
      }),
    },
  },
  errors: [404, 409, 429, 502],
  errorCodes: { 409: ["notOffered", "notPayable"], 502: ["gatewayError"] },
  example: { params: { id: "1" } },
});

export const createPaymentLink = defineOperation({
  id: "createPaymentLink",
  method: "POST",
  path: "/api/bookings/{id}/payment-link",
  tag,
  summary: "Hand-off link: pay in a browser from an app",
  description: [
    `For an app signed in with a bearer token (docs/security.md#payment-hand-off): a link that opens the booking's payment page in a browser that has no Rueda cookie. It works once and for ${HANDOFF_MINUTES} minutes; a new link for the same booking ends the earlier unused one. Only the booking's own driver may ask: anyone else's booking → 404.`,
    "",
    "Opening `url` (a GET, in the system browser or an in-app browser tab) spends it and lands on the payment page of `method` (card, pago móvil or USDT; without `method`, the page that lists the methods offered), holding a grant for that booking only, for 24 hours: it signs nobody in and opens nothing else of the account. A second opening, or one after `expiresAt`, shows a page that says so (ask for a new link); a booking paid or cancelled meanwhile shows that instead of the form.",
    "",
    "When paying ends, the confirmation (and the card, pago móvil and USDT pages) offer a link back to `returnUrl` with `booking=<id>&status=paid|pending|cancelled` added to its query (`pending`: a pago móvil transfer or a USDT transaction awaits its check; `cancelled`: left without paying, or the booking can no longer be paid). Read the booking with GET /api/bookings/{id} to know more. Without `returnUrl` the pages say the app can be opened again.",
    "",
    "`returnUrl` must be on an origin the operator lists (`API_CORS_ORIGINS`, or `APP_RETURN_ORIGINS` for an app's own link scheme), compared as scheme, host and port: `capacitor://localhost/paid`, `https://app.example.com/back`. Any other → 400 `returnUrlNotAllowed`. Nothing to pay (paid, cancelled, or a hold that lapsed) → 409 `notPayable`; the method (or, without one, every method) not offered → 409 `notOffered`.",
  ].join("\n"),
  auth: "user",
  params: idParams,
  body: z.object({
    method: z
      .enum(handoffMethods)
      .optional()
      .meta({ description: "The page to open: `card`, `mobile` (pago móvil) or `usdt`. Absent: the methods page." }),
    returnUrl: z
      .string()
      .max(RETURN_URL_MAX)
      .optional()
      .meta({
        description: `Where the browser goes back to the app once paying ends, with \`booking\` and \`status\` (${appReturnStatuses.join(", ")}) added to its query.`,
        examples: ["capacitor://localhost/payment-done"],
      }),
  }),
  responses: {
    201: {
      description: "The link, to open at once.",
      schema: z.object({
        url: z.string().meta({
          description: "Open it in a browser: it works once.",
          examples: ["https://rueda.example/payment/handoff?t=Wm1oTf3xq0rN2k8cYq3h9JdVbLuPzA7sEe1GiK5oRtM&l=en"],
        }),
        expiresAt: z.iso.datetime().meta({ description: "Until when it can be opened (UTC)." }),
      }),
    },
  },
  errors: [404, 409],
  errorCodes: { 400: ["returnUrlNotAllowed"], 409: ["notPayable", "notOffered"] },
  example: { params: { id: "1" }, body: { method: "card", returnUrl: "capacitor://localhost/payment-done" } },
});
