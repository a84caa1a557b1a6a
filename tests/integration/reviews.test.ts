import type { AppLoadContext } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { StaffUser } from "~/modules/access/staff.server";
import { recordReturn } from "~/modules/counter/return.server";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { acceptanceReturn } from "~/modules/pricing/final-bill.fixture";
import { bookingReviews } from "~/modules/review/booking-reviews.server";
import { driverRecord } from "~/modules/review/driver-record.server";
import { publishClosedWindows } from "~/modules/review/publish.server";
import { sendReviewReminders } from "~/modules/review/reminder.server";
import type { RatingInput, ReviewInput } from "~/modules/review/review";
import { supplierScores } from "~/modules/review/supplier-scores.server";
import { rateDriver, writeReview } from "~/modules/review/write-review.server";
import { action as bookingAction } from "~/routes/booking";
import { getDb, schema } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";
import { closeDb } from "../../db/client";
import {
  createBooking,
  createCar,
  createMaiquetia,
  createSupplier,
  createUser,
  noBill,
  outboxEmails,
  resetDatabase,
} from "../factories";
import { formPost } from "../route-calls";

/*
 * Reviews from verified renters against the real database (docs/domain.md#reviews): only a rental
 * whose car came back, once per side, within 14 days of the return; double-blind until both have
 * written or the window closes; scores computed from what is published, "new" below three.
 */
const { notifications, reviews, driverRatings, rentals } = schema;
const who = (u: { id: number; type: string; supplierId: number | null }) => u as unknown as StaffUser;
const returnedAt = new Date("2026-12-04T17:00:00Z");
const soon = new Date("2026-12-05T10:00:00Z");
/** 14 days after the return, to the minute: the window has closed. */
const windowEnd = new Date("2026-12-18T17:00:00Z");
const review: ReviewInput = {
  overall: 4,
  carCondition: 5,
  cleanliness: 4,
  staff: 5,
  value: 3,
  counterSpeed: 4,
  comment: "Clean car, quick counter.",
};
const rating: RatingInput = { onTime: 5, asAgreed: 4, communication: 5, note: "Called ahead." };

let fx: Awaited<ReturnType<typeof setUp>>;

async function setUp() {
  const db = await getDb();
  await resetDatabase(db);
  const place = await createMaiquetia(db);
  const llanos = await createSupplier(db);
  const other = await createSupplier(db);
  const driver = who(await createUser(db, { language: "en", birthDate: "1990-01-01" }));
  const staff = who(await createUser(db, { type: "supplier", supplierId: llanos.id }));
  /** A booking of a car of its own, picked up; returned at `returnedAt` unless `out`. */
  const rental = async ({ out = false, driverId = driver.id } = {}) => {
    const car = await createCar(db, { supplierId: llanos.id, locationIds: [place.id] });
    const booking = await createBooking(db, {
      carId: car.id,
      supplierId: llanos.id,
      driverId,
      locationId: place.id,
      startsAt: new Date("2026-12-01T14:00:00Z"),
      endsAt: new Date("2026-12-04T14:00:00Z"),
      status: "paid",
    });
    await db.insert(rentals).values({
      bookingId: booking.id,
      pickedUpAt: new Date("2026-12-01T14:00:00Z"),
      odometerOutKm: 1000,
      fuelOutEighths: 8,
      depositCents: 0,
      signerName: "Daniela Conductora",
      signedAt: new Date("2026-12-01T14:00:00Z"),
      language: "en",
      ...(out
        ? {}
        : { state: "returned" as const, returnedAt, odometerInKm: 1100, fuelInEighths: 8, finalBill: noBill }),
    });
    return booking;
  };
  return {
    db,
    place,
    llanos,
    rental,
    driver,
    staff,
    otherDriver: who(await createUser(db)),
    otherStaff: who(await createUser(db, { type: "supplier", supplierId: other.id })),
    admin: who(await createUser(db, { type: "admin" })),
  };
}

const reviewOf = async (bookingId: number) =>
  (await fx.db.select().from(reviews).where(eq(reviews.bookingId, bookingId)))[0];
const ratingOf = async (bookingId: number) =>
  (await fx.db.select().from(driverRatings).where(eq(driverRatings.bookingId, bookingId)))[0];
const seenBy = (viewer: StaffUser, booking: { id: number; driverId: number }, now = soon) =>
  bookingReviews({ ...viewer, granted: false }, booking, { returnedAt }, "America/Caracas", now);

beforeEach(async () => {
  fx = await setUp();
});

afterAll(async () => {
  await closeDb();
});

describe("writing reviews", () => {
  it("keeps each side blind until both have written, then publishes both at once", async () => {
    const booking = await fx.rental();
    expect(await writeReview(fx.driver, booking.id, review, soon)).toBe("written");
    expect((await reviewOf(booking.id)).publishedAt).toBeNull();
    // The staff learn the driver has written, not what.
    expect(await seenBy(fx.staff, booking)).toMatchObject({ role: "staff", review: null, waiting: true });
    expect(await supplierScores([fx.llanos.id])).toEqual(new Map([[fx.llanos.id, { count: 0, average: null }]]));

    // What suppliers said of the driver counts only what is published.
    expect(await driverRecord(fx.driver.id)).toEqual({ count: 0, averages: null });
    expect(await rateDriver(fx.staff, booking.id, rating, soon)).toBe("written");
    expect(await driverRecord(fx.driver.id)).toEqual({
      count: 1,
      averages: { onTime: 5, asAgreed: 4, communication: 5 },
    });
    expect((await reviewOf(booking.id)).publishedAt).toEqual(soon);
    expect((await ratingOf(booking.id)).publishedAt).toEqual(soon);
    expect(await seenBy(fx.staff, booking)).toMatchObject({
      review: { stars: { overall: 4, value: 3 }, comment: "Clean car, quick counter.", published: true },
      rating: { stars: { onTime: 5, asAgreed: 4, communication: 5 }, published: true },
      waiting: false,
    });
    // The driver never sees the rating of them: it is the suppliers' private record.
    expect(await seenBy(fx.driver, booking)).toMatchObject({
      role: "driver",
      rating: null,
      review: { published: true },
    });
  });

  it("refuses, writing nothing, a car not back, another's booking, a second review and one after 14 days", async () => {
    const out = await fx.rental({ out: true });
    expect(await writeReview(fx.driver, out.id, review, soon)).toBe("notReturned");
    expect(await rateDriver(fx.staff, out.id, rating, soon)).toBe("notReturned");

    const booking = await fx.rental();
    expect(await writeReview(fx.otherDriver, booking.id, review, soon)).toBe("notFound");
    expect(await writeReview(fx.staff, booking.id, review, soon)).toBe("notFound");
    expect(await rateDriver(fx.otherStaff, booking.id, rating, soon)).toBe("notFound");
    expect(await rateDriver(fx.driver, booking.id, rating, soon)).toBe("notFound");
    expect(await writeReview(fx.driver, booking.id, review, windowEnd)).toBe("windowClosed");
    expect(await rateDriver(fx.staff, booking.id, rating, windowEnd)).toBe("windowClosed");
    expect(await reviewOf(booking.id)).toBeUndefined();
    expect(await ratingOf(booking.id)).toBeUndefined();

    expect(await writeReview(fx.driver, booking.id, review, soon)).toBe("written");
    expect(await writeReview(fx.driver, booking.id, { ...review, overall: 1, comment: "Changed" }, soon)).toBe(
      "already",
    );
    expect(await reviewOf(booking.id)).toMatchObject({ overall: 4, comment: "Clean car, quick counter." });
    expect(await rateDriver(fx.staff, booking.id, rating, soon)).toBe("written");
    expect(await rateDriver(fx.admin, booking.id, { ...rating, onTime: 1 }, soon)).toBe("already");
    expect(await ratingOf(booking.id)).toMatchObject({ onTime: 5 });
  });

  it("nobody rates themselves: a staff member's own rental is rated by someone else", async () => {
    const own = await fx.rental({ driverId: fx.staff.id });
    expect(await rateDriver(fx.staff, own.id, rating, soon)).toBe("notFound");
    expect(await writeReview(fx.staff, own.id, review, soon)).toBe("notFound");
    expect(await rateDriver(fx.admin, own.id, rating, soon)).toBe("written");
  });

  it("without JavaScript, a comment over 1,000 characters or a missing aspect is refused beside its field, nothing written", async () => {
    const booking = await fx.rental();
    const post = (fields: Record<string, string>) =>
      bookingAction({
        request: formPost(`/booking?b=${booking.id}`, fields),
        context: { user: fx.driver as SessionUser, language: "en", t: getFixedT("en") } as unknown as AppLoadContext,
        params: {},
      });
    const fields = {
      intent: "review",
      overall: "4",
      carCondition: "5",
      cleanliness: "4",
      staff: "5",
      value: "3",
      counterSpeed: "4",
    };
    const tooLong = (await post({ ...fields, comment: "x".repeat(1001) })) as Response;
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(await tooLong.json())).toContain("validation.tooLong");
    const { staff: _, ...noStaff } = fields;
    const missing = (await post(noStaff)) as Response;
    expect(missing.status).toBe(400);
    expect((await missing.json()) as unknown).toMatchObject({ review: { error: { staff: ["validation.required"] } } });
    expect(await reviewOf(booking.id)).toBeUndefined();

    const sent = (await post({ ...fields, comment: "Fine" })) as Response;
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`/booking?b=${booking.id}#review`);
    const again = (await post(fields)) as Response;
    expect(again.status).toBe(400);
    expect((await again.json()) as unknown).toMatchObject({ review: { error: { "": ["reviews:errors.already"] } } });
  });
});

describe("publishing", () => {
  it("publishes a one-sided review when its window closes, and not before", async () => {
    const booking = await fx.rental();
    expect(await writeReview(fx.driver, booking.id, review, soon)).toBe("written");
    await publishClosedWindows(new Date(windowEnd.getTime() - 60_000));
    expect((await reviewOf(booking.id)).publishedAt).toBeNull();
    await publishClosedWindows(windowEnd);
    expect((await reviewOf(booking.id)).publishedAt).toEqual(windowEnd);
    // Run again: nothing more changes.
    await publishClosedWindows(new Date(windowEnd.getTime() + 3_600_000));
    expect((await reviewOf(booking.id)).publishedAt).toEqual(windowEnd);
    expect(await seenBy(fx.staff, booking, windowEnd)).toMatchObject({ review: { published: true }, rating: null });
  });

  it("scores a supplier from three published reviews on, never from blind ones", async () => {
    const overalls = [5, 4, 4, 1] as const;
    for (const [index, overall] of overalls.entries()) {
      const booking = await fx.rental();
      expect(await writeReview(fx.driver, booking.id, { ...review, overall }, soon)).toBe("written");
      // The last stays blind: the staff have not rated it and its window is open.
      if (index < 3) expect(await rateDriver(fx.staff, booking.id, rating, soon)).toBe("written");
      if (index === 1)
        expect((await supplierScores([fx.llanos.id])).get(fx.llanos.id)).toEqual({ count: 2, average: null });
    }
    expect((await supplierScores([fx.llanos.id])).get(fx.llanos.id)).toEqual({ count: 3, average: 4.3 });
  });
});

describe("the reminder", () => {
  it("reminds a driver who has not reviewed, once, 3 days before the window closes, in their language", async () => {
    const booking = await fx.rental();
    const reviewed = await fx.rental();
    expect(await writeReview(fx.driver, reviewed.id, review, soon)).toBe("written");
    // 11 days after the return, less a minute: not yet.
    expect(await sendReviewReminders(new Date("2026-12-15T16:59:00Z"))).toBe(0);
    expect(await sendReviewReminders(new Date("2026-12-15T17:00:00Z"))).toBe(1);
    expect(await sendReviewReminders(new Date("2026-12-16T17:00:00Z"))).toBe(0);
    const told = await fx.db.select().from(notifications).where(eq(notifications.bookingId, booking.id));
    expect(told.map((n) => [n.messageKey, n.params.until])).toEqual([
      ["notifications:messages.reviewReminder", "2026-12-18 13:00"],
    ]);
    const emails = await outboxEmails(fx.db, "review-reminder");
    expect(emails.map((e) => [e.jobId, e.to, e.language])).toEqual([
      [`review-reminder-${booking.id}`, [fx.driver.email], "en"],
    ]);
    expect(emails[0].text).toContain("You can still review your rental with");
    expect(emails[0].text).toContain(`/booking?b=${booking.id}#review`);
  });

  it("reminds nobody once the window has closed", async () => {
    await fx.rental();
    expect(await sendReviewReminders(windowEnd)).toBe(0);
    expect(await outboxEmails(fx.db, "review-reminder")).toEqual([]);
  });
});

describe("the request at the return", () => {
  it("asks the driver for a review in their notification and the return's email, with the window's end", async () => {
    const { input } = acceptanceReturn;
    const booking = await fx.rental({ out: true });
    expect(
      await recordReturn(
        fx.staff,
        booking.id,
        {
          odometer: 1100,
          fuel: 8,
          returnedAt: "2026-12-04T13:00",
          damages: [],
          photos: [],
          marks: [],
        },
        new Date(input.returnedAt),
      ),
    ).toMatchObject({ outcome: "returned" });
    const asked = await fx.db.select().from(notifications).where(eq(notifications.userId, fx.driver.id));
    expect(asked.map((n) => [n.messageKey, n.params])).toContainEqual([
      "notifications:messages.reviewRequest",
      expect.objectContaining({ until: "2026-12-18 13:00" }),
    ]);
    const [email] = (await outboxEmails(fx.db, "rental-returned")).filter((e) => e.to.includes(fx.driver.email));
    expect(email.text).toContain("You can review it on the booking page until 2026-12-18 13:00");
    expect(email.text).toContain(`/booking?b=${booking.id}#review`);
  });
});
