import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { refreshSupplierScore } from "~/modules/review/supplier-scores.server";
import { rateDriver } from "~/modules/review/write-review.server";
import type { SessionUser } from "~/utils/session.server";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { createApiClient, signedInUser } from "../api/client";
import { nextPeriod, rentalFor, seedCatalogue } from "../api/resources";
import { createSupplier, createUser } from "../factories";

/*
 * Reviews in the API (docs/domain.md#reviews, docs/architecture.md#resources): the supplier's score
 * wherever a car or a supplier is answered, its visible reviews, and a driver's review of their own
 * rental, with the booking page's rules.
 */

const api = createApiClient({ ip: "198.51.100.43" });
const catalogue = await seedCatalogue();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

afterAll(async () => {
  await closeDb();
});

const body = {
  overall: 4,
  carCondition: 5,
  cleanliness: 4,
  staff: 5,
  value: 3,
  counterSpeed: 4,
  comment: "Quick counter.",
};

type Stored = { overall: number; publishedAt?: Date | null; hidden?: boolean; reply?: string; comment?: string };

/** A review of a rental of `supplierId` by a fresh driver, stored as given, and the score recomputed as publishing does. */
async function storedReview(supplierId: number, { overall, publishedAt = new Date(), hidden, reply, comment }: Stored) {
  const db = await getDb();
  const driver = await createUser(db, { fullName: "Ramona Reseña", email: `ramona${Math.random()}@example.com` });
  const booking = await rentalFor(catalogue, driver.id, new Date(Date.now() - 20 * DAY), supplierId);
  await db.insert(schema.reviews).values({
    bookingId: booking.id,
    supplierId,
    authorId: driver.id,
    overall,
    carCondition: 3,
    cleanliness: 4,
    staff: 5,
    value: 2,
    counterSpeed: 1,
    comment: comment ?? null,
    publishedAt,
    ...(reply ? { reply, repliedAt: new Date(publishedAt!.getTime() + HOUR) } : {}),
    ...(hidden ? { hiddenAt: new Date(), hiddenReason: "abuse" as const } : {}),
  });
  await refreshSupplierScore(db, supplierId);
  return booking;
}

const json = async (response: Response) => {
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Record<string, any>, text };
};

/** What the API says of the catalogue supplier's score: on /api/suppliers, on its car, in a search. */
async function scoresShown() {
  const suppliers = await json(await api("/api/suppliers"));
  const car = await json(await api(`/api/cars/${catalogue.car.id}`));
  const { from, to } = nextPeriod();
  const search = await json(
    await api(`/api/cars/search?${new URLSearchParams({ pickup: String(catalogue.location.id), from, to })}`),
  );
  expect([suppliers.status, car.status, search.status]).toEqual([200, 200, 200]);
  const found = (search.body.cars as Array<{ supplierId: number; supplierScore: unknown }>).filter(
    (c) => c.supplierId === catalogue.supplier.id,
  );
  expect(found.length).toBeGreaterThan(0);
  return {
    supplier: (suppliers.body.suppliers as Array<{ id: number; score: unknown }>).find(
      (s) => s.id === catalogue.supplier.id,
    )?.score,
    car: car.body.supplierScore,
    search: [...new Set(found.map((c) => JSON.stringify(c.supplierScore)))].map((s) => JSON.parse(s)),
  };
}

describe("the supplier's score on cars and suppliers", () => {
  it('reads "new" (average null) below 3 visible reviews, then the average to one decimal', async () => {
    const none = { count: 0, average: null };
    expect(await scoresShown()).toEqual({ supplier: none, car: none, search: [none] });

    await storedReview(catalogue.supplier.id, { overall: 5 });
    await storedReview(catalogue.supplier.id, { overall: 4 });
    // Neither a hidden review nor a blind one counts.
    await storedReview(catalogue.supplier.id, { overall: 1, hidden: true });
    await storedReview(catalogue.supplier.id, { overall: 1, publishedAt: null });
    const two = { count: 2, average: null };
    expect(await scoresShown()).toEqual({ supplier: two, car: two, search: [two] });

    await storedReview(catalogue.supplier.id, { overall: 4 });
    const three = { count: 3, average: 4.3 };
    expect(await scoresShown()).toEqual({ supplier: three, car: three, search: [three] });
  });
});

describe("GET /api/suppliers/{id}/reviews", () => {
  it("lists the visible reviews only, newest first, with the supplier's reply and without their author", async () => {
    const supplier = await createSupplier(await getDb());
    const older = new Date("2026-11-02T10:00:00Z");
    const newer = new Date("2026-11-20T10:00:00Z");
    await storedReview(supplier.id, { overall: 2, publishedAt: older, reply: "Sorry for the wait.", comment: "Slow." });
    await storedReview(supplier.id, { overall: 5, publishedAt: newer, comment: "Perfect." });
    await storedReview(supplier.id, { overall: 1, publishedAt: newer, hidden: true, comment: "Hidden words." });
    await storedReview(supplier.id, { overall: 1, publishedAt: null, comment: "Blind words." });

    const { status, body: page, text } = await json(await api(`/api/suppliers/${supplier.id}/reviews`));
    expect(status).toBe(200);
    expect(page).toEqual({
      reviews: [
        {
          overall: 5,
          carCondition: 3,
          cleanliness: 4,
          staff: 5,
          value: 2,
          counterSpeed: 1,
          comment: "Perfect.",
          publishedAt: newer.toISOString(),
          reply: null,
        },
        {
          overall: 2,
          carCondition: 3,
          cleanliness: 4,
          staff: 5,
          value: 2,
          counterSpeed: 1,
          comment: "Slow.",
          publishedAt: older.toISOString(),
          reply: { text: "Sorry for the wait.", repliedAt: new Date(older.getTime() + HOUR).toISOString() },
        },
      ],
      score: { count: 2, average: null },
      total: 2,
      page: 1,
      pages: 1,
      pageSize: 30,
    });
    expect(text).not.toMatch(/Ramona|Reseña|ramona|Hidden words|Blind words/);
  });

  it("pages as the API's lists page: pageSize, and a page past the last gives the last", async () => {
    const supplier = await createSupplier(await getDb());
    for (const day of [1, 2, 3])
      await storedReview(supplier.id, { overall: day, publishedAt: new Date(`2026-11-0${day}T10:00:00Z`) });
    const second = await json(await api(`/api/suppliers/${supplier.id}/reviews?pageSize=2&page=2`));
    expect(second.body).toMatchObject({ total: 3, page: 2, pages: 2, pageSize: 2, score: { count: 3, average: 2 } });
    expect(second.body.reviews.map((r: { overall: number }) => r.overall)).toEqual([1]);
    const past = await json(await api(`/api/suppliers/${supplier.id}/reviews?pageSize=2&page=9`));
    expect(past.body).toMatchObject({ page: 2, reviews: [{ overall: 1 }] });
    expect((await api(`/api/suppliers/${supplier.id}/reviews?pageSize=101`)).status).toBe(400);
  });

  it("is 404 for an unknown or inactive supplier", async () => {
    const inactive = await createSupplier(await getDb(), { active: false });
    await storedReview(inactive.id, { overall: 5 });
    expect((await api(`/api/suppliers/${inactive.id}/reviews`)).status).toBe(404);
    expect((await api("/api/suppliers/999999/reviews")).status).toBe(404);
    const empty = await json(await api(`/api/suppliers/${catalogue.supplier.id}/reviews?page=1`));
    expect(empty.status).toBe(200);
  });
});

describe("POST /api/bookings/{id}/review", () => {
  const reviewRow = async (bookingId: number) => {
    const db = await getDb();
    const [row] = await db.select().from(schema.reviews).where(eq(schema.reviews.bookingId, bookingId));
    return row;
  };
  const post = (bookingId: number, token: string, sent: unknown = body, query = "") =>
    api(`/api/bookings/${bookingId}/review${query}`, { method: "POST", token, json: sent });
  const justReturned = () => new Date(Date.now() - HOUR);

  it("writes the driver's review of their returned rental: 201, blind until the supplier has rated", async () => {
    const { user, token } = await signedInUser();
    const booking = await rentalFor(catalogue, user.id, justReturned());
    const answer = await json(await post(booking.id, token));
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      bookingId: booking.id,
      overall: 4,
      carCondition: 5,
      cleanliness: 4,
      staff: 5,
      value: 3,
      counterSpeed: 4,
      comment: "Quick counter.",
      published: false,
      publishedAt: null,
    });
    expect(await reviewRow(booking.id)).toMatchObject({ authorId: user.id, overall: 4, publishedAt: null });
  });

  it("publishes at once when the supplier has rated the driver already", async () => {
    const { user, token } = await signedInUser();
    const booking = await rentalFor(catalogue, user.id, justReturned());
    const staff = await createUser(await getDb(), { type: "supplier", supplierId: catalogue.supplier.id });
    const rating = { onTime: 5, asAgreed: 5, communication: 5 } as const;
    expect(await rateDriver(staff as unknown as SessionUser, booking.id, rating)).toBe("written");
    const answer = await json(await post(booking.id, token, { ...body, comment: "" }));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ published: true, comment: null });
    expect(answer.body.publishedAt).toEqual(expect.any(String));
  });

  it("is 404 for another driver's booking, and writes nothing", async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    const booking = await rentalFor(catalogue, owner.user.id, justReturned());
    const answer = await json(await post(booking.id, other.token));
    expect(answer).toMatchObject({ status: 404, body: { error: { code: "notFound" } } });
    expect(await reviewRow(booking.id)).toBeUndefined();
    expect((await post(999_999, other.token)).status).toBe(404);
  });

  it("is refused with 409 for a car not returned, after 14 days, and a second time; nothing changes", async () => {
    const { user, token } = await signedInUser();
    const out = await rentalFor(catalogue, user.id, null);
    expect(await json(await post(out.id, token))).toMatchObject({
      status: 409,
      body: {
        error: { code: "notReturned", message: "A rental can be reviewed only once its car has been returned." },
      },
    });
    expect(await reviewRow(out.id)).toBeUndefined();

    const late = await rentalFor(catalogue, user.id, new Date(Date.now() - 14 * DAY - HOUR));
    expect(await json(await post(late.id, token, body, "?l=es"))).toMatchObject({
      status: 409,
      body: { error: { code: "windowClosed", message: expect.stringMatching(/14 días/) } },
    });
    expect(await reviewRow(late.id)).toBeUndefined();
    // Still open on its last day.
    const lastDay = await rentalFor(catalogue, user.id, new Date(Date.now() - 14 * DAY + HOUR));
    expect((await post(lastDay.id, token)).status).toBe(201);

    const booking = await rentalFor(catalogue, user.id, justReturned());
    expect((await post(booking.id, token)).status).toBe(201);
    const again = await json(await post(booking.id, token, { ...body, overall: 1, comment: "Changed my mind." }));
    expect(again).toMatchObject({ status: 409, body: { error: { code: "already" } } });
    expect(await reviewRow(booking.id)).toMatchObject({ overall: 4, comment: "Quick counter." });
  });

  it("validates the body as the page's form: 400 with translated field messages, nothing written", async () => {
    const { user, token } = await signedInUser();
    const booking = await rentalFor(catalogue, user.id, justReturned());
    const long = await json(await post(booking.id, token, { ...body, comment: "x".repeat(1001) }));
    expect(long.status).toBe(400);
    expect(long.body.error.code).toBe("validation");
    expect(Object.keys(long.body.error.fields)).toEqual(["comment"]);
    expect(long.body.error.fields.comment).not.toMatch(/validation\.|reviews:/);

    const missing = await json(await post(booking.id, token, { cleanliness: 4, staff: 5, value: 3, counterSpeed: 4 }));
    expect(missing).toMatchObject({ status: 400, body: { error: { code: "validation" } } });
    expect(Object.keys(missing.body.error.fields).sort()).toEqual(["carCondition", "overall"]);
    expect(missing.body.error.message).toMatch(/overall/);

    for (const stars of [0, 6, 2.5, "many"]) {
      const wrong = await json(await post(booking.id, token, { ...body, overall: stars }));
      expect(wrong.status, String(stars)).toBe(400);
      expect(Object.keys(wrong.body.error.fields)).toEqual(["overall"]);
    }
    expect(await reviewRow(booking.id)).toBeUndefined();
    // Exactly the longest comment is taken.
    expect((await post(booking.id, token, { ...body, comment: "x".repeat(1000) })).status).toBe(201);
  });

  it("asks for a signed-in caller", async () => {
    const { user } = await signedInUser();
    const booking = await rentalFor(catalogue, user.id, justReturned());
    expect((await api(`/api/bookings/${booking.id}/review`, { method: "POST", json: body })).status).toBe(401);
    expect(await reviewRow(booking.id)).toBeUndefined();
  });
});
