import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { sendPickupReminders } from "~/modules/booking/reminder.server";
import { provideBookingJobs } from "~/modules/booking/jobs.server";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { runJob } from "../../jobs/handlers";
import { schedules } from "../../jobs/queues";
import {
  createBooking,
  createCar,
  createMaiquetia,
  createSupplier,
  createUser,
  outboxEmails,
  resetDatabase,
} from "../factories";

/*
 * The pick-up reminder (docs/domain.md#reminder): the 15-minute sweep writes one email to the
 * driver of each live booking picking up within the next 24 hours (and more than 2 hours
 * away), in the driver's language, naming the place and the time on its clock; however often
 * it runs, one reminder per booking.
 */
const { bookings } = schema;
const HOUR = 3_600_000;
const now = new Date("2026-11-20T15:00:00Z"); // 11:00 on 20 November in Caracas

let fx: { supplierId: number; driverId: number; placeId: number };

beforeEach(async () => {
  const db = await getDb();
  await resetDatabase(db);
  const place = await createMaiquetia(db);
  const supplier = await createSupplier(db);
  const driver = await createUser(db, { language: "fr", email: "vera@example.com", fullName: "Vera" });
  fx = { supplierId: supplier.id, driverId: driver.id, placeId: place.id };
});

afterAll(async () => {
  await closeDb();
});

async function booking(
  hoursAhead: number,
  values: Partial<typeof bookings.$inferInsert> = {},
  from: Date = now,
): Promise<number> {
  const db = await getDb();
  const startsAt = new Date(from.getTime() + hoursAhead * HOUR);
  // A car of its own, so the bookings never overlap.
  const car = await createCar(db, { supplierId: fx.supplierId, locationIds: [fx.placeId], name: "Fiat Uno" });
  const row = await createBooking(db, {
    carId: car.id,
    supplierId: fx.supplierId,
    driverId: fx.driverId,
    locationId: fx.placeId,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 48 * HOUR),
    status: "paid",
    ...values,
  });
  return row.id;
}

async function reminders() {
  return outboxEmails(await getDb(), "pickup-reminder");
}

describe("the pick-up reminder sweep", () => {
  it("reminds a booking picking up in 20 hours once, however often it runs", async () => {
    const id = await booking(20);
    expect(await sendPickupReminders(now)).toBe(1);
    expect(await sendPickupReminders(now)).toBe(0);
    expect(await sendPickupReminders(new Date(now.getTime() + 15 * 60_000))).toBe(0);
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ jobId: `pickup-reminder-${id}`, to: ["vera@example.com"], language: "fr" });
  });

  it("writes in the driver's language, with the place, its local time and the booking page", async () => {
    const id = await booking(20); // 07:00 on 21 November in Caracas (11:00 UTC)
    await sendPickupReminders(now);
    const [email] = await reminders();
    const [row] = await (await getDb()).select().from(bookings).where(eq(bookings.id, id));
    expect(email.subject).toContain(row.reference);
    expect(email.subject).toMatch(/prise en charge/i);
    expect(email.text).toContain("Aéroport de Maiquetía");
    expect(email.text).toContain("07:00");
    expect(email.text).not.toContain("11:00");
    expect(email.text).toContain("Fiat Uno");
    expect(email.text).toContain(`/booking?b=${id}`);
    expect(email.text).toContain("Votre permis de conduire");
    expect(email.html).toContain("cid:voucher-qr");
  });

  it("names the place's hours on the pick-up day, on its clock, or that it is closed; nothing for a place without hours", async () => {
    const db = await getDb();
    const day = { open: "08:00", close: "18:00" };
    const week = {
      mon: day,
      tue: day,
      wed: day,
      thu: day,
      fri: day,
      sat: { open: "09:00", close: "13:00" },
      sun: null,
    };
    const hoursOf = async () => (await reminders()).map((email) => email.text).join("\n");
    // No hours set: the reminder says nothing of them.
    await booking(20); // Saturday 21 November, 07:00 in Caracas
    await sendPickupReminders(now);
    expect(await hoursOf()).not.toMatch(/vous accueille|fermeture/);

    await db.update(schema.locations).set({ openingHours: week }).where(eq(schema.locations.id, fx.placeId));
    await booking(21);
    await sendPickupReminders(now);
    expect(await hoursOf()).toContain(
      "Le jour de la prise en charge, Aéroport de Maiquetía vous accueille de 09:00 à 13:00 (heure locale).",
    );

    await db
      .update(schema.locations)
      .set({ closedDates: ["2026-11-21"] })
      .where(eq(schema.locations.id, fx.placeId));
    await booking(22);
    await sendPickupReminders(now);
    expect(await hoursOf()).toContain(
      "Le lieu de prise en charge (Aéroport de Maiquetía) est normalement fermé ce jour-là",
    );
    // What to bring is the voucher's list, once.
    const [, , closed] = await reminders();
    expect(closed.text.match(/Votre permis de conduire/g)).toHaveLength(1);
  });

  it("waits for a booking picking up in 30 hours, and reminds it once it is within 24 hours", async () => {
    await booking(30);
    expect(await sendPickupReminders(now)).toBe(0);
    expect(await reminders()).toHaveLength(0);
    expect(await sendPickupReminders(new Date(now.getTime() + 7 * HOUR))).toBe(1);
    expect(await reminders()).toHaveLength(1);
  });

  it("never reminds a cancelled, deleted or unpaid hold, nor a driver whose account is deleted", async () => {
    await booking(20, { status: "cancelled" });
    await booking(10, { status: "deleted" });
    await booking(12, { status: "void", holdExpiresAt: new Date(now.getTime() + 10 * 60_000) });
    const db = await getDb();
    const gone = await createUser(db, { language: "es", status: "deleted" });
    await booking(8, { driverId: gone.id });
    expect(await sendPickupReminders(now)).toBe(0);
    expect(await reminders()).toHaveLength(0);
  });

  it("reminds pending, deposit and reserved bookings too", async () => {
    await booking(5, { status: "pending" });
    await booking(15, { status: "deposit" });
    await booking(23, { status: "reserved" });
    expect(await sendPickupReminders(now)).toBe(3);
  });

  it("skips a pick-up 2 hours away or less, and one already passed", async () => {
    await booking(1.5);
    await booking(-1);
    expect(await sendPickupReminders(now)).toBe(0);
    expect(await reminders()).toHaveLength(0);
  });

  it("runs as the 15-minute scheduled job", async () => {
    expect(schedules).toContainEqual({ name: "send-pickup-reminders", everyMs: 15 * 60_000 });
    provideBookingJobs();
    const id = await booking(20, {}, new Date());
    await runJob("send-pickup-reminders", {}, { jobId: "send-pickup-reminders-test", attempt: 1 });
    await runJob("send-pickup-reminders", {}, { jobId: "send-pickup-reminders-test", attempt: 2 });
    expect((await reminders()).map((r) => r.jobId)).toEqual([`pickup-reminder-${id}`]);
  });
});
