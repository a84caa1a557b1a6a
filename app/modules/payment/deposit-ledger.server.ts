import { and, asc, eq, gt, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { recordAudit } from "~/modules/audit/audit.server";
import type { DepositTaken } from "~/modules/pricing/final-bill";
import { getDb, schema, type Executor } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";
import { bookingScope } from "~/modules/access/booking-scope.server";
import { depositBalance, type DepositEntry, type DepositEntryKind, type RefundForm } from "./deposit-ledger";

/*
 * The deposit ledger (docs/domain.md#deposit-ledger): every movement of a booking's security
 * deposit as an entry of its own — received at the pick-up, retained by the final bill, refunded
 * to the driver — never changed afterwards. What the supplier still holds is the entries' balance;
 * each write is audited in the caller's transaction, beside the counter step that made it.
 */

const { depositLedger, users, bookings, rentals, suppliers, damageClaims } = schema;

type Actor = Pick<SessionUser, "id">;
type Booking = { id: number; supplierId: number };

/** The audit action of each kind of entry (docs/domain.md#audit). */
const auditActions: Record<DepositEntryKind, string> = {
  received: "booking.depositReceived",
  refunded: "booking.depositRefunded",
  retained: "booking.depositRetained",
};

/**
 * Writes one ledger entry and its audit entry with `executor` (the caller's transaction: the
 * pick-up, the return, the close or a refund), by `actor` at `at`.
 */
export async function recordDepositEntry(
  executor: Executor,
  actor: Actor,
  booking: Booking,
  entry: Omit<DepositEntry, "method" | "reference" | "reason"> & {
    method?: DepositTaken | null;
    reference?: string | null;
    reason?: string | null;
  },
  at: Date,
): Promise<void> {
  const values = {
    kind: entry.kind,
    amountCents: entry.amountCents,
    method: entry.method ?? null,
    reference: entry.reference || null,
    reason: entry.reason ?? null,
  };
  await executor
    .insert(depositLedger)
    .values({ bookingId: booking.id, ...values, recordedBy: actor.id, recordedAt: at });
  await recordAudit(executor, actor, {
    action: auditActions[entry.kind],
    subjectType: "booking",
    subjectId: booking.id,
    supplierId: booking.supplierId,
    changes: Object.fromEntries(
      Object.entries(values)
        .filter(([key, value]) => key !== "kind" && value !== null)
        .map(([key, value]) => [key, [null, value]]),
    ),
  });
}

/** One entry as the booking page, the final bill and the receipts show it: who recorded it and when. */
export type LedgerLine = DepositEntry & { id: number; recordedAt: Date; recordedBy: string | null };

/** A booking's ledger, oldest first, with its balance. The caller has checked the booking is in scope. */
export async function depositLedgerOf(bookingId: number, executor?: Executor) {
  const db = executor ?? (await getDb());
  const entries: LedgerLine[] = await db
    .select({
      id: depositLedger.id,
      kind: depositLedger.kind,
      amountCents: depositLedger.amountCents,
      method: depositLedger.method,
      reference: depositLedger.reference,
      reason: depositLedger.reason,
      recordedAt: depositLedger.recordedAt,
      recordedBy: users.fullName,
    })
    .from(depositLedger)
    .leftJoin(users, eq(users.id, depositLedger.recordedBy))
    .where(eq(depositLedger.bookingId, bookingId))
    .orderBy(asc(depositLedger.recordedAt), asc(depositLedger.id));
  return { entries, balance: depositBalance(entries) };
}

/**
 * What of the deposit held may be refunded now (docs/domain.md#damage-claims): all of it, less
 * what an open or disputed damage claim asks, which stays held until the claim is settled.
 */
export async function refundableCents(executor: Executor, bookingId: number, heldCents: number): Promise<number> {
  return Math.max(0, heldCents - ((await openClaimAskedCents(executor, bookingId)) ?? 0));
}

/** What an open or disputed damage claim asks of the deposit (docs/domain.md#damage-claims); null when none is. */
export async function openClaimAskedCents(executor: Executor, bookingId: number): Promise<number | null> {
  const [claim] = await executor
    .select({ askedCents: damageClaims.askedCents })
    .from(damageClaims)
    .where(and(eq(damageClaims.bookingId, bookingId), inArray(damageClaims.status, ["open", "disputed"])));
  return claim?.askedCents ?? null;
}

/**
 * - `refunded`: the refund is written.
 * - `tooLarge`: more than the deposit still held (also when nothing is), or than what an open
 *   damage claim leaves of it: nothing written.
 */
export type RefundOutcome = "refunded" | "tooLarge";

/**
 * Records a refund of the deposit of a booking the caller (`tx`) has locked and checked: in scope,
 * returned, not the actor's own (docs/domain.md#deposit-ledger). Refused when it is more than what
 * is still held, read in the same transaction, so two refunds at once cannot overdraw it.
 */
export async function refundDeposit(
  tx: Executor,
  actor: Actor,
  booking: Booking,
  form: Pick<RefundForm, "refundAmount" | "refundMethod" | "refundReference">,
  now: Date,
): Promise<RefundOutcome> {
  const { balance } = await depositLedgerOf(booking.id, tx);
  if (form.refundAmount > (await refundableCents(tx, booking.id, balance.heldCents))) return "tooLarge";
  await recordDepositEntry(
    tx,
    actor,
    booking,
    {
      kind: "refunded",
      amountCents: form.refundAmount,
      method: form.refundMethod,
      reference: form.refundReference ?? null,
    },
    now,
  );
  return "refunded";
}

/** A deposit still held too long after the return (docs/domain.md#deposit-ledger), as the dashboard lists it. */
export type OverdueDeposit = {
  bookingId: number;
  reference: string;
  supplier: string;
  returnedAt: Date;
  heldCents: number;
  /** When the supplier's days to return it ran out. */
  dueAt: Date;
};

/**
 * The deposits overdue to return in the caller's scope (docs/domain.md#deposit-ledger): rentals
 * back more than their supplier's "days to return a deposit" before `now` whose ledger still
 * holds money, the longest overdue first.
 */
export async function overdueDeposits(
  user: Pick<SessionUser, "id" | "type" | "supplierId">,
  now = new Date(),
): Promise<OverdueDeposit[]> {
  const db = await getDb();
  const dueAt = sql<Date>`${rentals.returnedAt} + make_interval(days => ${suppliers.depositReturnDays})`;
  const signed = sql`case ${depositLedger.kind} when 'received' then ${depositLedger.amountCents} else -${depositLedger.amountCents} end`;
  const held = sql<number>`sum(${signed})::int`.mapWith(Number);
  const rows = await db
    .select({
      bookingId: bookings.id,
      reference: bookings.reference,
      supplier: suppliers.name,
      returnedAt: rentals.returnedAt,
      days: suppliers.depositReturnDays,
      heldCents: held,
    })
    .from(rentals)
    .innerJoin(bookings, eq(bookings.id, rentals.bookingId))
    .innerJoin(suppliers, eq(suppliers.id, bookings.supplierId))
    .innerJoin(depositLedger, eq(depositLedger.bookingId, rentals.bookingId))
    .where(
      and(
        bookingScope(user),
        inArray(rentals.state, ["returned", "closed"]),
        isNotNull(rentals.returnedAt),
        // A string, not a Date, inside sql``: postgres.js would not serialise the Date there.
        lt(dueAt, sql`${now.toISOString()}::timestamptz`),
      ),
    )
    .groupBy(bookings.id, suppliers.id, rentals.bookingId)
    .having(gt(held, 0))
    .orderBy(asc(rentals.returnedAt));
  return rows.map((r) => {
    const returnedAt = r.returnedAt ?? now;
    return {
      bookingId: r.bookingId,
      reference: r.reference,
      supplier: r.supplier,
      returnedAt,
      heldCents: r.heldCents,
      dueAt: new Date(returnedAt.getTime() + r.days * 24 * 60 * 60_000),
    };
  });
}
