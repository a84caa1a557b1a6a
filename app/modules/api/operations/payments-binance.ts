import { z } from "zod";
import { defineOperation } from "../operation";
import { grantQuery, summarySchema } from "./payments";
import { idParams } from "./shared";

/* Paying a booking with Binance Pay (docs/domain.md#binance-pay), in the payment calls' one scope. */

export const getBinancePayment = defineOperation({
  id: "getBinancePayment",
  method: "GET",
  path: "/api/bookings/{id}/payments/binance",
  tag: "Payments",
  summary: "Binance Pay: the order to pay, and whether it is paid",
  description:
    "While the booking can be paid (`open`): the Binance Pay order for its balance, in USDT at one USDT a dollar — created at Binance, or the running one while at least 10 minutes of it are left — with its checkout link (`checkoutUrl`, for a phone) and what its QR code encodes (`qrContent`, for the Binance app), valid until `expiresAt`. Binance's webhook pays the booking; ask again to see `paid`. `closed`: nothing to pay. 404 also when Binance Pay is not configured; Binance did not create the order → 502 `gatewayError`.",
  auth: "optional",
  params: idParams,
  query: grantQuery,
  responses: {
    200: {
      description: "The status, and the order while open.",
      schema: z.object({
        summary: summarySchema,
        status: z.enum(["paid", "open", "closed"]),
        order: z
          .object({
            amount: z.string().meta({ description: "In USDT, 2 decimals (e.g. `120.00`)." }),
            currency: z.literal("USDT"),
            checkoutUrl: z.string(),
            qrContent: z.string(),
            expiresAt: z.iso.datetime(),
          })
          .nullable(),
      }),
    },
  },
  errors: [404, 502],
  errorCodes: { 502: ["gatewayError"] },
  example: { params: { id: "1" } },
});
