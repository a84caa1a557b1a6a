import crypto from "node:crypto";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";
import { createOrder } from "./binance-pay.server";
import type { PayableBooking } from "./payable.server";

const { bookings, binancePayOrders } = schema;

/** How long a Binance Pay order may be paid, like a USDT amount (docs/domain.md#binance-pay). */
const ORDER_MS = 30 * 60 * 1000;
/** A page reuses its booking's order only while this much of it is left, so the payer has time to pay. */
const REUSE_MIN_MS = 10 * 60 * 1000;

/**
 * What Binance is asked to collect for a booking, in USDT cents (one USDT a dollar): its balance.
 * The one place the amount is decided, so IGTF, where the supplier collects it, is added here
 * (issue 45, docs/domain.md#binance-pay).
 */
export const binanceAmountCents = (booking: Pick<PayableBooking, "balanceCents">): number => booking.balanceCents;

/** Cents as Binance's decimal: 12345 → "123.45". */
export const usdtDecimal = (cents: number): string => (cents / 100).toFixed(2);

export type BinanceOrder = {
  merchantTradeNo: string;
  amount: string;
  checkoutUrl: string;
  qrContent: string;
  expiresAt: Date;
};

const present = (row: typeof binancePayOrders.$inferSelect): BinanceOrder => ({
  merchantTradeNo: row.merchantTradeNo,
  amount: usdtDecimal(row.amountCents),
  checkoutUrl: row.checkoutUrl,
  qrContent: row.qrContent,
  expiresAt: row.expiresAt,
});

/**
 * The Binance Pay order a booking's page shows (docs/domain.md#binance-pay): the open one for the
 * booking's current balance while at least REUSE_MIN_MS of it is left, else a new one created at
 * Binance for the amount due. The booking row is locked meanwhile, so two tabs share one order.
 * Throws BinancePayUnavailable when Binance does not create it.
 */
export async function openBinanceOrder(
  booking: Pick<PayableBooking, "id" | "balanceCents" | "reference" | "carName">,
  returnUrl: string,
  now = new Date(),
): Promise<BinanceOrder> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, booking.id)).for("update");
    const [running] = await tx
      .select()
      .from(binancePayOrders)
      .where(
        and(
          eq(binancePayOrders.bookingId, booking.id),
          eq(binancePayOrders.balanceCents, booking.balanceCents),
          isNull(binancePayOrders.closedAt),
          isNull(binancePayOrders.paymentId),
          gt(binancePayOrders.expiresAt, new Date(now.getTime() + REUSE_MIN_MS)),
        ),
      )
      .orderBy(desc(binancePayOrders.id))
      .limit(1);
    if (running) return present(running);
    // Letters and digits only, at most 32 (Binance's rule): the booking, then randomness.
    const merchantTradeNo = `R${booking.id}N${crypto.randomBytes(10).toString("hex")}`;
    const amountCents = binanceAmountCents(booking);
    const expiresAt = new Date(now.getTime() + ORDER_MS);
    const created = await createOrder({
      merchantTradeNo,
      amount: usdtDecimal(amountCents),
      expiresAt,
      goodsName: `${booking.carName} · ${booking.reference}`,
      returnUrl,
    });
    const [row] = await tx
      .insert(binancePayOrders)
      .values({
        bookingId: booking.id,
        merchantTradeNo,
        prepayId: created.prepayId,
        balanceCents: booking.balanceCents,
        amountCents,
        checkoutUrl: created.checkoutUrl,
        qrContent: created.qrContent || created.checkoutUrl,
        openedAt: now,
        expiresAt,
      })
      .returning();
    return present(row);
  });
}
