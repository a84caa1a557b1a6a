import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, smallint, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { damageArea, damageKind, inspectionPhase } from "./enums";
import { rentals } from "./rentals";
import { users } from "./users";

/*
 * The walk-around inspection of a rental (docs/domain.md#inspection), at the pick-up (`out`) and
 * at the return (`in`): photos and damage marks. Both belong to the rental record, so there is
 * none before the car went out, and they go with it.
 */

/**
 * A photo of the car. `image` is the stored picture's `/media/` path, as every other picture's
 * column holds it, but the public media route refuses it: the photo is served only to the
 * booking's driver, its supplier's staff and admins (docs/security.md#uploads).
 */
export const rentalPhotos = pgTable(
  "rental_photos",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => rentals.bookingId, { onDelete: "cascade" }),
    phase: inspectionPhase("phase").notNull(),
    image: varchar("image", { length: 80 }).notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt,
  },
  (t) => [index("rental_photos_booking_idx").on(t.bookingId, t.phase), index("rental_photos_image_idx").on(t.image)],
);

/** A damage seen on the car: where, what, and (tapped on the outline) the spot, 0–1000 on each axis. */
export const rentalDamageMarks = pgTable(
  "rental_damage_marks",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => rentals.bookingId, { onDelete: "cascade" }),
    phase: inspectionPhase("phase").notNull(),
    area: damageArea("area").notNull(),
    kind: damageKind("kind").notNull(),
    x: smallint("x"),
    y: smallint("y"),
    note: varchar("note", { length: 200 }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt,
  },
  (t) => [
    index("rental_damage_marks_booking_idx").on(t.bookingId, t.phase),
    check(
      "rental_damage_marks_spot",
      sql`(${t.x} is null and ${t.y} is null) or (${t.x} between 0 and 1000 and ${t.y} between 0 and 1000)`,
    ),
  ],
);

export type RentalPhoto = typeof rentalPhotos.$inferSelect;
export type RentalDamageMark = typeof rentalDamageMarks.$inferSelect;
