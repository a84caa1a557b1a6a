import { and, asc, eq, inArray, lte } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";
import { failPayment } from "./fulfil.server";
import { MOBILE_PAYMENT_EXPIRY_MS } from "./mobile-payment";
import { verifiedMethods } from "./transfer";

const { payments } = schema;

/**
 * Transfers (pago móvil, Zelle, bank transfer: docs/domain.md#transfers) nobody verified within `MOBILE_PAYMENT_EXPIRY_MS` fail as "expired"
 * (docs/domain.md#pago-móvil) through `failPayment`, which lets go of the booking's car like any
 * failed payment. Run by the `expire-mobile-payments` job; safe to repeat (a failed payment no
 * longer matches, and failPayment changes only a pending one).
 */
export async function expireMobilePayments(now = new Date()): Promise<number> {
  const db = await getDb();
  const stale = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        inArray(payments.method, [...verifiedMethods]),
        eq(payments.status, "pending"),
        lte(payments.createdAt, new Date(now.getTime() - MOBILE_PAYMENT_EXPIRY_MS)),
      ),
    )
    .orderBy(asc(payments.id));
  for (const { id } of stale) await failPayment(id, { status: "failed", reason: "expired", now });
  return stale.length;
}
