import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, smallint, timestamp, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { reviewHiddenReason } from "./enums";
import { bookings } from "./bookings";
import { suppliers } from "./suppliers";
import { users } from "./users";

/** A score of 1 to 5 stars; the name is the column's. */
const stars = (name: string) => smallint(name).notNull();
const starsCheck = (name: string, column: unknown) => check(name, sql`${column} between 1 and 5`);

/**
 * The driver's review of the supplier, one per booking (docs/domain.md#reviews): written after the
 * car came back, public once published. `published_at` stays null while the review is blind: until
 * the supplier has rated the driver too, or the window after the return has closed.
 */
export const reviews = pgTable(
  "reviews",
  {
    bookingId: integer("booking_id")
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    supplierId: integer("supplier_id")
      .notNull()
      .references(() => suppliers.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    overall: stars("overall"),
    carCondition: stars("car_condition"),
    cleanliness: stars("cleanliness"),
    staff: stars("staff"),
    value: stars("value"),
    counterSpeed: stars("counter_speed"),
    /** Plain text, REVIEW_COMMENT_MAX characters at most (app/modules/review/review.ts). */
    comment: varchar("comment", { length: 1000 }),
    createdAt,
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** The supplier's one public reply, once published; never edited. */
    reply: varchar("reply", { length: 1000 }),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    repliedBy: integer("replied_by").references(() => users.id, { onDelete: "set null" }),
    /** Hidden by an admin, with a reason of the fixed list: kept, out of every public place and of the score. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenReason: reviewHiddenReason("hidden_reason"),
    hiddenBy: integer("hidden_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    check("reviews_replied", sql`(${t.reply} is null) = (${t.repliedAt} is null)`),
    check("reviews_hidden", sql`(${t.hiddenAt} is null) = (${t.hiddenReason} is null)`),
    starsCheck("reviews_overall", t.overall),
    starsCheck("reviews_car_condition", t.carCondition),
    starsCheck("reviews_cleanliness", t.cleanliness),
    starsCheck("reviews_staff", t.staff),
    starsCheck("reviews_value", t.value),
    starsCheck("reviews_counter_speed", t.counterSpeed),
    // The supplier's published reviews, newest first, and its score.
    index("reviews_supplier_idx").on(t.supplierId, t.publishedAt),
  ],
);

/**
 * The supplier's private rating of the driver, one per booking (docs/domain.md#reviews): seen by
 * the staff of suppliers and admins only, published (to them) by the same rule as the review.
 */
export const driverRatings = pgTable(
  "driver_ratings",
  {
    bookingId: integer("booking_id")
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    driverId: integer("driver_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    onTime: stars("on_time"),
    asAgreed: stars("as_agreed"),
    communication: stars("communication"),
    /** Plain text, REVIEW_NOTE_MAX characters at most (app/modules/review/review.ts). */
    note: varchar("note", { length: 500 }),
    createdAt,
    publishedAt: timestamp("published_at", { withTimezone: true }),
  },
  (t) => [
    starsCheck("driver_ratings_on_time", t.onTime),
    starsCheck("driver_ratings_as_agreed", t.asAgreed),
    starsCheck("driver_ratings_communication", t.communication),
    index("driver_ratings_driver_idx").on(t.driverId),
  ],
);

export type Review = typeof reviews.$inferSelect;
export type DriverRating = typeof driverRatings.$inferSelect;
