import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, timestamp, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { bookings } from "./bookings";
import { claimResponse, claimStatus } from "./enums";
import { rentalDamageMarks } from "./inspections";
import { users } from "./users";

/*
 * A damage claim (docs/domain.md#damage-claims): at the return, damage marked that was not there at
 * the pick-up, what staff estimate it costs and what they ask from the deposit; the driver's answer
 * (accepted, or disputed with a comment), an admin's decision of a dispute, and what was
 * settled against the deposit. One per booking. Money in integer cents.
 */
export const damageClaims = pgTable(
  "damage_claims",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer("booking_id")
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: "cascade" }),
    status: claimStatus("status").notNull().default("open"),
    openedBy: integer("opened_by").references(() => users.id, { onDelete: "set null" }),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
    estimateCents: integer("estimate_cents").notNull(),
    askedCents: integer("asked_cents").notNull(),
    staffNote: varchar("staff_note", { length: 500 }).notNull(),
    response: claimResponse("response"),
    responseComment: varchar("response_comment", { length: 1000 }),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    decidedCents: integer("decided_cents"),
    decisionNote: varchar("decision_note", { length: 500 }),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    settledCents: integer("settled_cents"),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    createdAt,
  },
  (t) => [
    index("damage_claims_status_idx").on(t.status),
    check("damage_claims_amounts", sql`${t.estimateCents} >= 0 and ${t.askedCents} between 1 and 100000000`),
    check("damage_claims_settled", sql`(${t.status} = 'settled') = (${t.settledAt} is not null)`),
    check(
      "damage_claims_settled_amount",
      sql`${t.settledCents} is null or ${t.settledCents} between 0 and ${t.askedCents}`,
    ),
    check("damage_claims_responded", sql`(${t.response} is null) = (${t.respondedAt} is null)`),
  ],
);

/** The return's damage marks a claim covers (the new ones: docs/domain.md#damage-claims). */
export const damageClaimMarks = pgTable(
  "damage_claim_marks",
  {
    claimId: integer("claim_id")
      .notNull()
      .references(() => damageClaims.id, { onDelete: "cascade" }),
    markId: integer("mark_id")
      .notNull()
      .references(() => rentalDamageMarks.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.claimId, t.markId] })],
);

export type DamageClaim = typeof damageClaims.$inferSelect;
