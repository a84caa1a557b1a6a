import { boolean, date, integer, numeric, pgTable, varchar } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";

/** A single row (id = 1) of operator settings used by payments. */
export const settings = pgTable("settings", {
  id: integer("id").primaryKey().default(1),
  /** Bolívares per US dollar (BCV reference rate), entered by an admin. */
  usdToBsRate: numeric("usd_to_bs_rate", { precision: 14, scale: 4 }).notNull(),
  rateDate: date("rate_date").notNull(),
  mobilePaymentBankCode: varchar("mobile_payment_bank_code", { length: 4 }).notNull(),
  mobilePaymentPhone: varchar("mobile_payment_phone", { length: 11 }).notNull(),
  mobilePaymentRif: varchar("mobile_payment_rif", { length: 16 }).notNull(),
  mobilePaymentHolder: varchar("mobile_payment_holder", { length: 120 }).notNull(),
  cardPaymentsEnabled: boolean("card_payments_enabled").notNull().default(true),
  ...timestamps,
});

export const banks = pgTable("banks", {
  code: varchar("code", { length: 4 }).primaryKey(),
  name: varchar("name", { length: 120 }).notNull(),
});
