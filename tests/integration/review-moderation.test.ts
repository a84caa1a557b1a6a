import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { StaffUser } from "~/modules/access/staff.server";
import { readReviewsQuery } from "~/modules/review/back-office";
import { backOfficeReviews, lastMonths } from "~/modules/review/back-office.server";
import { auditLogPage } from "~/modules/backoffice/audit-log.server";
import { readAuditQuery } from "~/modules/backoffice/audit-view";
import { bookingReviews } from "~/modules/review/booking-reviews.server";
import { hideReview } from "~/modules/review/hide.server";
import { replyToReview } from "~/modules/review/reply.server";
import type { RatingInput, ReviewInput } from "~/modules/review/review";
import { supplierScores } from "~/modules/review/supplier-scores.server";
import { rateDriver, writeReview } from "~/modules/review/write-review.server";
import { action as reviewsAction, loader as reviewsLoader } from "~/routes/admin.reviews";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import {
  createBooking,
  createCar,
  createMaiquetia,
  createSupplier,
  createUser,
  noBill,
  resetDatabase,
} from "../factories";
import { formPost, routeContext } from "../route-calls";

/*
 * The back office's reviews against the real database (docs/domain.md#reviews): the supplier's
 * one public reply to a published review, an admin's hiding with a reason (hidden, never deleted,
 * audited, its author told, the score recomputed), and the page's actions as plain form posts.
 */
const { auditLog, notifications, rentals, reviews, suppliers } = schema;
const who = (u: { id: number; type: string; supplierId: number | null }) => u as unknown as StaffUser;
const returnedAt = new Date("2026-12-04T17:00:00Z");
const soon = new Date("2026-12-05T10:00:00Z");
const review: ReviewInput = {
  overall: 4,
  carCondition: 5,
  cleanliness: 4,
  staff: 5,
  value: 3,
  counterSpeed: 2,
  comment: "Clean car, slow counter.",
};
const rating: RatingInput = { onTime: 5, asAgreed: 4, communication: 5, note: undefined };

let fx: Awaited<ReturnType<typeof setUp>>;

async function setUp() {
  const db = await getDb();
  await resetDatabase(db);
  const place = await createMaiquetia(db);
  const llanos = await createSupplier(db);
  const other = await createSupplier(db);
  const driver = who(await createUser(db, { language: "en", birthDate: "1990-01-01" }));
  const staff = who(await createUser(db, { type: "supplier", supplierId: llanos.id }));
  /** A returned rental of Llanos's by `driver`, its review written and, unless `blind`, published. */
  const reviewed = async ({ blind = false } = {}) => {
    const car = await createCar(db, { supplierId: llanos.id, locationIds: [place.id] });
    const booking = await createBooking(db, {
      carId: car.id,
      supplierId: llanos.id,
      driverId: driver.id,
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
      state: "returned",
      returnedAt,
      odometerInKm: 1100,
      fuelInEighths: 8,
      finalBill: noBill,
    });
    expect(await writeReview(driver, booking.id, review, soon)).toBe("written");
    if (!blind) expect(await rateDriver(staff, booking.id, rating, soon)).toBe("written");
    return booking;
  };
  return {
    db,
    llanos,
    reviewed,
    driver,
    staff,
    otherStaff: who(await createUser(db, { type: "supplier", supplierId: other.id })),
    admin: who(await createUser(db, { type: "admin" })),
  };
}

const reviewOf = async (bookingId: number) =>
  (await fx.db.select().from(reviews).where(eq(reviews.bookingId, bookingId)))[0];
const reviewCount = async () =>
  (await fx.db.select({ count: suppliers.reviewCount }).from(suppliers).where(eq(suppliers.id, fx.llanos.id)))[0].count;
/** The page's action, posted as a browser without JavaScript does; a thrown answer (404, 403) is returned. */
const post = async (user: StaffUser, fields: Record<string, string>, path = "/admin/reviews") => {
  try {
    return (await reviewsAction({
      request: formPost(path, fields),
      context: routeContext("203.0.113.7", user),
      params: {},
    })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
};

beforeEach(async () => {
  fx = await setUp();
});

afterAll(async () => {
  await closeDb();
});

describe("the supplier's reply", () => {
  it("is stored once and audited: a second reply is refused and changes nothing", async () => {
    const booking = await fx.reviewed();
    const at = new Date("2026-12-06T12:00:00Z");
    expect(await replyToReview(fx.staff, booking.id, "Thank you, come back soon.", at)).toBe("replied");
    expect(await replyToReview(fx.staff, booking.id, "Second thoughts.")).toBe("already");
    expect(await reviewOf(booking.id)).toMatchObject({
      reply: "Thank you, come back soon.",
      repliedAt: at,
      repliedBy: fx.staff.id,
    });
    // Public words in the supplier's name: who wrote them is on the record, once.
    expect(await fx.db.select().from(auditLog).where(eq(auditLog.subjectType, "review"))).toMatchObject([
      {
        actorId: fx.staff.id,
        action: "review.reply",
        subjectId: booking.id,
        supplierId: fx.llanos.id,
        changes: { reply: [null, "Thank you, come back soon."] },
      },
    ]);
    const log = await auditLogPage(readAuditQuery(new URLSearchParams("subject=review")), "en");
    expect(log.rows).toMatchObject([{ action: "review.reply", subjectName: booking.reference }]);

    // Through the page: refused with the translated reason, beside the review, nothing changed.
    const again = await post(fx.staff, { intent: "reply", bookingId: String(booking.id), reply: "Edited" });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({
      bookingId: String(booking.id),
      intent: "reply",
      result: { error: { "": ["adminReviews:errors.reply.already"] } },
    });
    expect((await reviewOf(booking.id)).reply).toBe("Thank you, come back soon.");
  });

  it("is refused to another supplier's staff (404) and to admins, who do not reply for a supplier", async () => {
    const booking = await fx.reviewed();
    expect(await replyToReview(fx.otherStaff, booking.id, "Not ours")).toBe("notFound");
    expect(await replyToReview(fx.admin, booking.id, "Not ours")).toBe("notFound");
    const answer = await post(fx.otherStaff, { intent: "reply", bookingId: String(booking.id), reply: "Not ours" });
    expect(answer.status).toBe(404);
    expect((await reviewOf(booking.id)).reply).toBeNull();
  });

  it("is refused while the review is blind, and once it is hidden", async () => {
    const blind = await fx.reviewed({ blind: true });
    expect(await replyToReview(fx.staff, blind.id, "Too early")).toBe("notPublished");
    expect((await reviewOf(blind.id)).reply).toBeNull();

    const booking = await fx.reviewed();
    expect(await hideReview(fx.admin as StaffUser & { type: "admin" }, booking.id, "spam")).toBe("hidden");
    expect(await replyToReview(fx.staff, booking.id, "Too late")).toBe("hidden");
    expect((await reviewOf(booking.id)).reply).toBeNull();
  });

  it("is posted by the page without JavaScript and goes back to the review", async () => {
    const booking = await fx.reviewed();
    const sent = await post(fx.staff, { intent: "reply", bookingId: String(booking.id), reply: "  Gracias.  " });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`/admin/reviews#review-${booking.id}`);
    expect((await reviewOf(booking.id)).reply).toBe("Gracias.");
  });
});

describe("moderation", () => {
  it("hides with a reason: kept, audited, its author told, the score recomputed, out of public places", async () => {
    const booking = await fx.reviewed();
    expect(await reviewCount()).toBe(1);
    const at = new Date("2026-12-06T09:00:00Z");
    expect(await hideReview(fx.admin as StaffUser & { type: "admin" }, booking.id, "abuse", at)).toBe("hidden");

    // Hidden, never deleted.
    expect(await reviewOf(booking.id)).toMatchObject({
      hiddenAt: at,
      hiddenReason: "abuse",
      hiddenBy: fx.admin.id,
      comment: "Clean car, slow counter.",
    });
    expect(await reviewCount()).toBe(0);
    expect((await supplierScores([fx.llanos.id])).get(fx.llanos.id)).toEqual({ count: 0, average: null });
    const [entry] = await fx.db.select().from(auditLog).where(eq(auditLog.subjectType, "review"));
    expect(entry).toMatchObject({
      actorId: fx.admin.id,
      action: "review.hide",
      subjectId: booking.id,
      supplierId: fx.llanos.id,
      changes: { reason: [null, "abuse"] },
    });
    // The audit log names it by its booking.
    const log = await auditLogPage(readAuditQuery(new URLSearchParams("subject=review")), "en");
    expect(log.rows).toMatchObject([{ action: "review.hide", subjectType: "review", subjectName: booking.reference }]);
    const told = await fx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, fx.driver.id), eq(notifications.bookingId, booking.id)));
    expect(told.map((n) => n.messageKey)).toContain("notifications:messages.reviewHiddenAbuse");

    // Its author still reads it on the booking page, marked hidden with the reason.
    const seen = await bookingReviews({ ...fx.driver, granted: false }, booking, { returnedAt }, "America/Caracas", at);
    expect(seen).toMatchObject({
      role: "driver",
      review: { hiddenReason: "abuse", comment: "Clean car, slow counter." },
    });

    // A second hide changes nothing.
    expect(await hideReview(fx.admin as StaffUser & { type: "admin" }, booking.id, "spam")).toBe("already");
    expect((await reviewOf(booking.id)).hiddenReason).toBe("abuse");
    expect(await fx.db.select().from(auditLog).where(eq(auditLog.subjectType, "review"))).toHaveLength(1);
  });

  it("is the admins': a supplier's staff get 403 and nothing changes", async () => {
    const booking = await fx.reviewed();
    const answer = await post(fx.staff, { intent: "hide", bookingId: String(booking.id), reason: "spam" });
    expect(answer.status).toBe(403);
    expect((await reviewOf(booking.id)).hiddenAt).toBeNull();
    expect(await reviewCount()).toBe(1);
  });

  it("asks before hiding, then hides by the page's plain form post", async () => {
    const booking = await fx.reviewed();
    const page = await reviewsLoader({
      request: new Request(`http://rueda.test/admin/reviews?hide=${booking.id}`),
      context: routeContext("203.0.113.7", fx.admin),
      params: {},
    });
    expect(page.confirmHide).toBe(booking.id);
    const sent = await post(
      fx.admin,
      { intent: "hide", bookingId: String(booking.id), reason: "offTopic" },
      `/admin/reviews?hide=${booking.id}`,
    );
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`/admin/reviews#review-${booking.id}`);
    expect((await reviewOf(booking.id)).hiddenReason).toBe("offTopic");
  });
});

describe("the page's actions without JavaScript", () => {
  it("refuse bad input with 400 and change nothing", async () => {
    const booking = await fx.reviewed();
    const id = String(booking.id);
    const cases: Array<[StaffUser, Record<string, string>]> = [
      [fx.staff, { intent: "reply", bookingId: id, reply: "   " }],
      [fx.staff, { intent: "reply", bookingId: id, reply: "x".repeat(1001) }],
      [fx.staff, { intent: "reply", bookingId: "99999999999", reply: "Hi" }],
      [fx.staff, { intent: "reply", bookingId: id }],
      [fx.staff, { intent: "edit", bookingId: id, reply: "Hi" }],
      [fx.staff, {}],
      [fx.admin, { intent: "hide", bookingId: id, reason: "boring" }],
      [fx.admin, { intent: "hide", bookingId: id }],
      [fx.admin, { intent: "hide", bookingId: "x", reason: "spam" }],
    ];
    for (const [user, fields] of cases) {
      const answer = await post(user, fields);
      expect(answer.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
    }
    const tooLong = await post(fx.staff, { intent: "reply", bookingId: id, reply: "x".repeat(1001) });
    expect(JSON.stringify(await tooLong.json())).toContain("validation.tooLong");
    expect(await reviewOf(booking.id)).toMatchObject({ reply: null, repliedAt: null, hiddenAt: null });
    expect(await reviewCount()).toBe(1);
    expect(await fx.db.select().from(auditLog).where(eq(auditLog.subjectType, "review"))).toHaveLength(0);
  });
});

describe("the back office's list", () => {
  it("shows staff their supplier's published reviews and the monthly averages, an empty month as null", async () => {
    const published = await fx.reviewed();
    await fx.reviewed({ blind: true });
    const now = new Date("2026-12-07T12:00:00Z");
    const query = readReviewsQuery(new URLSearchParams());
    const seen = await backOfficeReviews(fx.staff, query, "en", now);
    expect(seen.items.map((i) => i.bookingId)).toEqual([published.id]);
    expect(seen.months.map((m) => m.month)).toEqual(["2026-07", "2026-08", "2026-09", "2026-10", "2026-11", "2026-12"]);
    expect(seen.months[5]).toMatchObject({
      label: "December 2026",
      count: 1,
      averages: { overall: 4, counterSpeed: 2 },
    });
    expect(seen.months[4]).toMatchObject({ count: 0, averages: { overall: null, value: null } });
    expect(seen.suppliers).toEqual([]);
    // Months are the app's (Caracas): 02:00 UTC on 1 December is still 30 November there.
    expect(lastMonths(new Date("2026-12-01T02:00:00Z")).at(-1)).toBe("2026-11");
    expect(lastMonths(new Date("2026-01-15T12:00:00Z"))).toEqual([
      "2025-08",
      "2025-09",
      "2025-10",
      "2025-11",
      "2025-12",
      "2026-01",
    ]);
    expect((await backOfficeReviews(fx.otherStaff, query, "en", now)).items).toEqual([]);

    // Hidden: still listed, marked; out of the averages as of the score.
    await hideReview(fx.admin as StaffUser & { type: "admin" }, published.id, "personalData");
    const after = await backOfficeReviews(fx.admin, query, "en", now);
    expect(after.items[0]).toMatchObject({ bookingId: published.id, hidden: { reason: "personalData" } });
    expect(after.months[5]).toMatchObject({ count: 0, averages: { overall: null } });
  });
});
