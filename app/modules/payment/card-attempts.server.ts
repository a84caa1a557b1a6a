import { and, desc, eq, inArray } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";

const { payments } = schema;

/*
 * Card payments (docs/domain.md#card-payments): a Stripe Checkout Session when STRIPE_SECRET_KEY
 * is set, else the demo gateway. Either way one `payments` row per attempt, named by the session
 * (`stripe:<session id>` or `demo:<id>`), confirmed through the core's idempotent fulfilPayment
 * whichever of the return page and the webhook comes first.
 */

export type CardGateway = "stripe" | "demo";

/** A card attempt as the return page needs it. */
export type CardPayment = {
  id: number;
  bookingId: number;
  gateway: CardGateway;
  status: (typeof payments.$inferSelect)["status"];
  amountCents: number;
  sessionId: string;
  /** Why it failed, when it did (`notOwed`: the booking was covered another way before the card was charged). */
  failure: string | null;
};

/** The attempt's unique provider reference: its gateway and its session. */
export const providerReference = (gateway: CardGateway, sessionId: string) => `${gateway}:${sessionId}`;

/** A payment row as a card attempt; null when no card session names it. */
export function fromRow(row: typeof payments.$inferSelect): CardPayment | null {
  const [gateway, sessionId] = (row.providerReference ?? "").split(/:(.*)/s, 2);
  if ((gateway !== "stripe" && gateway !== "demo") || !sessionId) return null;
  const failure = typeof row.details.failure === "string" ? row.details.failure : null;
  return {
    id: row.id,
    bookingId: row.bookingId,
    gateway,
    status: row.status,
    amountCents: row.amountCents,
    sessionId,
    failure,
  };
}

/** The card attempt `sessionId` of booking `bookingId`; null when there is none (a 404 for the caller). */
export async function findCardPayment(sessionId: string, bookingId: number): Promise<CardPayment | null> {
  if (!/^[\w-]{1,120}$/.test(sessionId)) return null;
  const db = await getDb();
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, bookingId),
        eq(payments.method, "cardPayment"),
        inArray(payments.providerReference, [
          providerReference("stripe", sessionId),
          providerReference("demo", sessionId),
        ]),
      ),
    );
  return row ? fromRow(row) : null;
}

/** The booking's card attempts, newest first. */
export async function cardAttempts(bookingId: number): Promise<CardPayment[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.method, "cardPayment")))
    .orderBy(desc(payments.id));
  return rows.map(fromRow).filter((p): p is CardPayment => p !== null);
}
