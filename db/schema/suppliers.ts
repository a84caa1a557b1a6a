import { boolean, integer, pgTable, text, varchar } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { recordStatus } from "./enums";

export const suppliers = pgTable("suppliers", {
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
  /** The supplier's tax id, stored as `J-12345678-4` (docs/domain.md#fleet-data); the agreement names it. */
  rif: varchar("rif", { length: 12 }),
  /** The address registered with the tax office, printed on the agreement. */
  fiscalAddress: varchar("fiscal_address", { length: 300 }),
  ...timestamps,
});

export type Supplier = typeof suppliers.$inferSelect;
