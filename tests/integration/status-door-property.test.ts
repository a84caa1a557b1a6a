import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bulkChangeStatus, changeStatus } from "~/modules/booking/change-status.server";
import { cancelBooking } from "~/modules/booking/cancel-booking.server";
import { sweepExpiredHolds } from "~/modules/booking/holds.server";
import { canTransition, type BookingStatus } from "~/modules/booking/status";
import { failPayment, fulfilPayment } from "~/modules/payment/fulfil.server";
import { getDb, schema } from "~/utils/db.server";
import { createBooking, createCar } from "../factories";
import {
  DAY,
  driver,
  staff,
  admin,
  supplierId,
  locationId,
  rowOf,
  payment,
  statusDoorHooks,
} from "./fixtures/status-door";

/*
 * The status door (docs/domain.md#booking-status) under random sequences of drivers', staff's,
 * payments' and the clock's moves: every move is in the table and paid never shows a balance.
 */

statusDoorHooks();

/** A small seeded generator (mulberry32), so a failing sequence can be replayed from its seed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("property: whatever drivers, staff, payments and the clock do", () => {
  const statuses: BookingStatus[] = ["void", "pending", "deposit", "paid", "reserved", "cancelled", "deleted"];

  it.each([1, 2, 3, 4, 5, 6])(
    "seed %i: every move is in the table, has its history row, and paid never shows a balance",
    async (seed) => {
      const next = random(seed);
      const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
      const db = await getDb();
      const car = await createCar(db, { supplierId, locationIds: [locationId], cancellationCents: pick([0, 1500]) });
      const start = () => new Date(Date.now() + (next() < 0.2 ? -DAY : (2 + Math.floor(next() * 300)) * DAY));
      const made: Array<{ id: number; initial: BookingStatus }> = [];
      for (let i = 0; i < 4; i++) {
        const startsAt = new Date(start().getTime() + i * 400 * DAY);
        const hold = next() < 0.5;
        const row = await createBooking(db, {
          carId: car.id,
          supplierId,
          driverId: driver.id,
          locationId,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 2 * DAY),
          status: hold ? "void" : "pending",
          paymentMethod: hold ? pick(["cardPayment", "mobilePayment", "walletPayment"] as const) : "payLater",
          holdExpiresAt: hold ? new Date(Date.now() + (next() < 0.5 ? -60_000 : 30 * 60_000)) : null,
        });
        made.push({ id: row.id, initial: row.status });
      }
      const open: number[] = [];
      for (let step = 0; step < 40; step++) {
        const b = pick(made);
        const booking = await rowOf(b.id);
        const action = Math.floor(next() * 8);
        if (action === 0) await changeStatus(pick([staff, admin]), b.id, pick(statuses));
        else if (action === 1) await bulkChangeStatus(staff, [b.id], pick(statuses));
        else if (action === 2) await cancelBooking(driver, b.id);
        else if (action === 3) await changeStatus(driver, b.id, pick(statuses));
        else if (action === 4) {
          const amount = pick([booking.priceCents, Math.max(1, Math.floor(booking.priceCents / 3)), 1]);
          open.push(await payment(b.id, amount, `demo:p${seed}-${step}-${b.id}`));
        } else if (action === 5 && open.length)
          await fulfilPayment(open.splice(Math.floor(next() * open.length), 1)[0], {
            verifiedBy: pick([null, staff.id]),
          });
        else if (action === 6 && open.length)
          await failPayment(open.splice(Math.floor(next() * open.length), 1)[0], {
            status: pick(["failed", "rejected"] as const),
          });
        else if (action === 7) await sweepExpiredHolds(new Date(Date.now() + Math.floor(next() * 2) * 60 * 60_000));

        for (const { id, initial } of made) {
          const now = await rowOf(id);
          const events = await db
            .select()
            .from(schema.bookingEvents)
            .where(eq(schema.bookingEvents.bookingId, id))
            .orderBy(asc(schema.bookingEvents.id));
          // The history is a chain from the status the booking was made with to the one it has: no move without its row.
          let status = initial;
          for (const event of events) {
            expect(event.fromStatus).toBe(status);
            const actor = event.actorId === null ? "system" : event.actorId === driver.id ? "driver" : "staff";
            const allowed =
              actor === "staff"
                ? canTransition("staff", event.fromStatus, event.toStatus) ||
                  canTransition("system", event.fromStatus, event.toStatus)
                : canTransition(actor, event.fromStatus, event.toStatus);
            expect(allowed, `${actor} ${event.fromStatus} → ${event.toStatus} (seed ${seed}, step ${step})`).toBe(true);
            status = event.toStatus;
          }
          expect(now.status).toBe(status);
          if (now.status === "paid") {
            const paid = await db
              .select({ amount: schema.payments.amountCents })
              .from(schema.payments)
              .where(and(eq(schema.payments.bookingId, id), eq(schema.payments.status, "succeeded")));
            expect(
              paid.reduce((sum, p) => sum + p.amount, 0),
              `paid with a balance (seed ${seed}, step ${step})`,
            ).toBeGreaterThanOrEqual(now.priceCents);
          }
        }
      }
    },
  );
});
