import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, smallint, text, varchar } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { recordStatus } from "./enums";

export const suppliers = pgTable(
  "suppliers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: varchar("name", { length: 120 }).notNull(),
    slug: varchar("slug", { length: 120 }).notNull().unique(),
    logo: text("logo"),
    email: varchar("email", { length: 254 }),
    phone: varchar("phone", { length: 32 }),
    /** The WhatsApp number drivers write to, international digits without "+" (docs/domain.md#voucher). */
    whatsapp: varchar("whatsapp", { length: 15 }),
    active: boolean("active").notNull().default(true),
    payLater: boolean("pay_later").notNull().default(true),
    status: recordStatus("status").notNull().default("active"),
    /** Hours a car needs between a return and the next pick-up (docs/domain.md#preparation). */
    preparationHours: smallint("preparation_hours").notNull().default(0),
    /** The least hours between now and a pick-up (docs/domain.md#rental-limits). */
    minimumNoticeHours: smallint("minimum_notice_hours").notNull().default(0),
    /** The least rental days (docs/domain.md#rental-limits). */
    minimumDays: smallint("minimum_days").notNull().default(1),
    /** The price of each eighth of a tank missing at a "like for like" return, in cents (docs/domain.md#final-bill). */
    refuelEighthCents: integer("refuel_eighth_cents").notNull().default(0),
    /** Minutes after the drop-off time a return is still on time (docs/domain.md#final-bill). */
    lateGraceMinutes: smallint("late_grace_minutes").notNull().default(0),
    /** Days after the return a deposit still held is overdue to return (docs/domain.md#deposit-ledger). */
    depositReturnDays: smallint("deposit_return_days").notNull().default(7),
    /** A flat fee in cents when the drop-off place differs from the pick-up; null: none (docs/domain.md#fees). */
    oneWayFeeCents: integer("one_way_fee_cents"),
    /** Drivers younger than this on the pick-up date pay the young driver fee (docs/domain.md#young-driver-fee). */
    youngDriverAge: smallint("young_driver_age").notNull().default(25),
    /** The young driver fee per rental day, in cents; null: none (docs/domain.md#young-driver-fee). */
    youngDriverFeeCents: integer("young_driver_fee_cents"),
    /** The supplier's tax id, stored as `J-12345678-4` (docs/domain.md#fleet-data); the agreement names it. */
    rif: varchar("rif", { length: 12 }),
    /**
     * Whether the supplier is designated to collect IGTF: a payment to it in foreign currency
     * (Zelle) adds 3 % of that payment as its own line (docs/domain.md#igtf).
     */
    collectsIgtf: boolean("collects_igtf").notNull().default(false),
    /** The address registered with the tax office, printed on the agreement. */
    fiscalAddress: varchar("fiscal_address", { length: 300 }),
    /**
     * The supplier's score (docs/domain.md#reviews): the count and the sum of the overall stars of
     * its published, visible reviews, recomputed from them by `refreshSupplierScore` whenever one
     * publishes or is hidden, never typed; kept here so the search orders and filters by it in its
     * one statement.
     */
    reviewCount: integer("review_count").notNull().default(0),
    reviewSum: integer("review_sum").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check("suppliers_preparation_hours", sql`${t.preparationHours} between 0 and 72`),
    check("suppliers_minimum_notice_hours", sql`${t.minimumNoticeHours} between 0 and 720`),
    check("suppliers_minimum_days", sql`${t.minimumDays} between 1 and 90`),
    check("suppliers_refuel_eighth_cents", sql`${t.refuelEighthCents} between 0 and 100000`),
    check("suppliers_late_grace_minutes", sql`${t.lateGraceMinutes} between 0 and 240`),
    check("suppliers_deposit_return_days", sql`${t.depositReturnDays} between 1 and 90`),
    check("suppliers_one_way_fee", sql`${t.oneWayFeeCents} between 0 and 100000000`),
    check("suppliers_young_driver_age", sql`${t.youngDriverAge} between 21 and 99`),
    check("suppliers_young_driver_fee", sql`${t.youngDriverFeeCents} between 1 and 100000000`),
  ],
);

export type Supplier = typeof suppliers.$inferSelect;
