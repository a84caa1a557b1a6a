import { bigint, index, integer, jsonb, pgTable, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { suppliers } from "./suppliers";
import { users } from "./users";

/**
 * Every change made in the back office: who, when, what (docs/domain.md#audit). Written in
 * the same transaction as the change, never updated or deleted. `supplierId` is the supplier
 * the subject belongs to (null for admin-wide subjects such as places and settings).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer("actor_id").references(() => users.id, {
      onDelete: "set null",
    }),
    /** `<subject>.<verb>`, e.g. `car.create`, `user.suspend`, `settings.rate`. */
    action: varchar("action", { length: 64 }).notNull(),
    subjectType: varchar("subject_type", { length: 32 }).notNull(),
    subjectId: integer("subject_id"),
    supplierId: integer("supplier_id").references(() => suppliers.id, {
      onDelete: "set null",
    }),
    /** The fields that changed: `{ field: [before, after] }`, or the created values. */
    changes: jsonb("changes").notNull().default({}),
    createdAt,
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_subject_idx").on(t.subjectType, t.subjectId),
  ],
);

export type AuditEntry = typeof auditLog.$inferSelect;
