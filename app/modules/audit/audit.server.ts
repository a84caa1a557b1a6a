import type { Executor } from "~/utils/db.server";
import { schema } from "~/utils/db.server";
import type { Changes } from "./audit";
import type { StaffUser } from "~/modules/access/staff.server";

export type AuditInput = {
  /** `<subject>.<verb>`: `car.create`, `car.update`, `user.suspend`, `settings.rate`, … */
  action: string;
  subjectType:
    "car" | "location" | "supplier" | "user" | "settings" | "contact" | "outbox" | "booking" | "payment" | "review";
  subjectId?: number | null;
  /** The supplier the subject belongs to, so staff-scoped views can filter; null for admin-wide subjects. */
  supplierId?: number | null;
  changes?: Changes;
};

/** Records a back-office change; call it inside the change's own transaction, so one never exists without the other. */
export async function recordAudit(executor: Executor, actor: Pick<StaffUser, "id">, entry: AuditInput): Promise<void> {
  await executor.insert(schema.auditLog).values({
    actorId: actor.id,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId ?? null,
    supplierId: entry.supplierId ?? null,
    changes: entry.changes ?? {},
  });
}
