import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { outboxStatus } from "./enums";

/** Jobs written in the same transaction as the business change (docs/architecture.md#outbox). */
export const outbox = pgTable(
  "outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    jobName: varchar("job_name", { length: 64 }).notNull(),
    jobId: varchar("job_id", { length: 200 }).notNull(),
    payload: jsonb("payload").notNull(),
    status: outboxStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    runAfter: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    createdAt,
  },
  (t) => [
    uniqueIndex("outbox_job_id_key").on(t.jobId),
    index("outbox_pending_idx")
      .on(t.runAfter)
      .where(sql`${t.status} = 'pending'`),
    // The relay looks for relayed rows past their hand-over timeout every poll (docs/architecture.md#outbox).
    index("outbox_relayed_idx")
      .on(t.runAfter)
      .where(sql`${t.status} = 'relayed'`),
  ],
);

export type OutboxRow = typeof outbox.$inferSelect;
