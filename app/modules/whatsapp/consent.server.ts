import { and, eq, gt, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Executor } from "~/utils/db.server";
import { getDb, schema } from "~/utils/db.server";

const { users } = schema;

/**
 * A driver's WhatsApp consent (docs/domain.md#whatsapp): the number while they are opted in (an
 * opt-in after their last opt-out), else null.
 */
export async function consentedNumber(executor: Executor, userId: number): Promise<string | null> {
  const [user] = await executor
    .select({ number: users.whatsappNumber })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        isNotNull(users.whatsappNumber),
        isNotNull(users.whatsappOptedInAt),
        or(isNull(users.whatsappOptedOutAt), gt(users.whatsappOptedInAt, users.whatsappOptedOutAt)),
      ),
    );
  return user?.number ?? null;
}

/** What the settings page shows: the number and whether messages go there. */
export async function whatsappConsent(userId: number) {
  const db = await getDb();
  const number = await consentedNumber(db, userId);
  const [user] = await db.select({ number: users.whatsappNumber }).from(users).where(eq(users.id, userId));
  return { number: user?.number ?? null, optedIn: number !== null };
}

/**
 * The driver's choice, at checkout or in the settings: in with `number` (E.164, already checked), or
 * out when null; the number stays after an opt-out, so the settings can offer it again.
 */
export async function saveWhatsappConsent(
  userId: number,
  number: string | null,
  { executor, now = new Date() }: { executor?: Executor; now?: Date } = {},
) {
  await (executor ?? (await getDb()))
    .update(users)
    .set(number ? { whatsappNumber: number, whatsappOptedInAt: now } : { whatsappOptedOutAt: now })
    .where(eq(users.id, userId));
}

/**
 * An inbound "STOP" (docs/domain.md#whatsapp): every account with that number is opted out. A
 * replayed webhook moves nothing that matters: the driver stays out.
 */
export async function optOutNumber(executor: Executor, number: string, now: Date) {
  await executor
    .update(users)
    .set({ whatsappOptedOutAt: sql`greatest(${users.whatsappOptedOutAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(users.whatsappNumber, number));
}
