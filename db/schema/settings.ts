import { boolean, date, index, integer, numeric, pgTable, varchar } from "drizzle-orm/pg-core";
import { createdAt, timestamps } from "./columns";
import { users } from "./users";

/**
 * A single row (id = 1) of operator settings used by payments. The Bs/USD rate is not here: it is
 * the table `exchange_rates`, by date (docs/domain.md#exchange-rate).
 */
export const settings = pgTable("settings", {
  id: integer("id").primaryKey().default(1),
  mobilePaymentBankCode: varchar("mobile_payment_bank_code", { length: 4 }).notNull(),
  mobilePaymentPhone: varchar("mobile_payment_phone", { length: 11 }).notNull(),
  mobilePaymentRif: varchar("mobile_payment_rif", { length: 16 }).notNull(),
  mobilePaymentHolder: varchar("mobile_payment_holder", { length: 120 }).notNull(),
  cardPaymentsEnabled: boolean("card_payments_enabled").notNull().default(true),
  /**
   * Zelle and bolívar bank transfer (docs/domain.md#transfers): each on only with its account,
   * verified by reference in the same queue as pago móvil.
   */
  zelleEnabled: boolean("zelle_enabled").notNull().default(false),
  zelleEmail: varchar("zelle_email", { length: 254 }),
  zelleHolder: varchar("zelle_holder", { length: 120 }),
  bankTransferEnabled: boolean("bank_transfer_enabled").notNull().default(false),
  bankTransferBankCode: varchar("bank_transfer_bank_code", { length: 4 }),
  /** The 20 digits of a Venezuelan account number (código cuenta cliente). */
  bankTransferAccount: varchar("bank_transfer_account", { length: 20 }),
  bankTransferHolder: varchar("bank_transfer_holder", { length: 120 }),
  bankTransferRif: varchar("bank_transfer_rif", { length: 16 }),
  /** Prices read in Spanish show their bolívar equivalent at this rate, as an estimate (docs/domain.md#bolivar-estimates). */
  bolivarEstimates: boolean("bolivar_estimates").notNull().default(false),
  ...timestamps,
});

export const banks = pgTable("banks", {
  code: varchar("code", { length: 4 }).primaryKey(),
  name: varchar("name", { length: 120 }).notNull(),
});

/**
 * The Bs/USD rate by date (docs/domain.md#exchange-rate): the rate that applies on a day is the
 * latest row dated on or before it (the highest id among rows of the same date: an override).
 */
export const exchangeRates = pgTable(
  "exchange_rates",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    usdToBsRate: numeric("usd_to_bs_rate", { precision: 14, scale: 4 }).notNull(),
    rateDate: date("rate_date").notNull(),
    /** Where the rate was read, as the admin typed it ("BCV"). */
    source: varchar("source", { length: 40 }).notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt,
  },
  (t) => [index("exchange_rates_date_idx").on(t.rateDate, t.id)],
);
