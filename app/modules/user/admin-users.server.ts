import { countedPage } from "~/modules/list/counted-page.server";
import { and, asc, desc, eq, ilike, ne, or } from "drizzle-orm";
import type { StaffUser } from "~/modules/access/staff.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { changedFields, createdFields } from "~/modules/audit/audit";
import { formatInstant } from "~/modules/i18n/date-time.server";
import { formatCents } from "~/modules/i18n/format";
import type { Language } from "~/modules/i18n/languages";
import { getDb, schema, type Executor } from "~/utils/db.server";
import { sqlState, UNIQUE_VIOLATION } from "~/utils/postgres.server";
import { endOtherSignIns } from "~/utils/session.server";
import { createUnactivatedAccount } from "./sign-up.server";
import { APP_TIME_ZONE } from "~/modules/time/calendar";
import {
  likePattern,
  selfActionProblem,
  supplierFor,
  type ChangeTypeInput,
  type CreateAccountInput,
  type SelfRefusal,
  type UserListQuery,
} from "./admin-users";

const { bookings, cars, locations, suppliers, tokens, users } = schema;

/** A deleted account is gone for the back office too: not listed, and its page is a 404. */
const live = ne(users.status, "deleted");

/** One page (30) of accounts, newest first, matching the search (name or email) and the type filter. */
export async function listUsers(query: UserListQuery, language: Language) {
  const db = await getDb();
  const pattern = likePattern(query.q);
  const where = and(
    live,
    query.type ? eq(users.type, query.type) : undefined,
    query.q ? or(ilike(users.fullName, pattern), ilike(users.email, pattern)) : undefined,
  );
  const { total, page, pages, offset, limit } = await countedPage(users, where, query.page);
  const rows = await db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      type: users.type,
      supplier: suppliers.name,
      activated: users.activated,
      suspended: users.blacklisted,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(suppliers, eq(suppliers.id, users.supplierId))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
    .offset(offset);
  const items = rows.map((row) => ({
    ...row,
    createdAt: formatInstant(row.createdAt, language, APP_TIME_ZONE, false),
  }));
  return { items, total, page, pages };
}

/** One account as its page shows it; null when there is none (or it was deleted). */
export async function loadUser(userId: number, language: Language) {
  const db = await getDb();
  const [row] = await db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      phone: users.phone,
      type: users.type,
      supplierId: users.supplierId,
      supplier: suppliers.name,
      activated: users.activated,
      suspended: users.blacklisted,
      language: users.language,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(suppliers, eq(suppliers.id, users.supplierId))
    .where(and(eq(users.id, userId), live));
  return row ? { ...row, createdAt: formatInstant(row.createdAt, language, APP_TIME_ZONE) } : null;
}

/** One page of the bookings this account made as a driver, newest pick-up first, with times on the pick-up place's clock. */
export async function userBookings(userId: number, requestedPage: number, language: Language) {
  const db = await getDb();
  const where = eq(bookings.driverId, userId);
  const { total, page, pages, offset, limit } = await countedPage(bookings, where, requestedPage);
  const rows = await db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      status: bookings.status,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      priceCents: bookings.priceCents,
      car: cars.name,
      timeZone: locations.timeZone,
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(locations, eq(locations.id, bookings.pickupLocationId))
    .where(where)
    .orderBy(desc(bookings.startsAt), desc(bookings.id))
    .limit(limit)
    .offset(offset);
  const items = rows.map(({ startsAt, endsAt, priceCents, timeZone, ...row }) => ({
    ...row,
    startsAt: formatInstant(startsAt, language, timeZone),
    endsAt: formatInstant(endsAt, language, timeZone),
    price: formatCents(priceCents),
  }));
  return { items, total, page, pages };
}

/** The suppliers a staff account can belong to (not deleted ones), by name. */
export async function supplierChoices(): Promise<Array<{ id: number; name: string }>> {
  const db = await getDb();
  return db
    .select({ id: suppliers.id, name: suppliers.name })
    .from(suppliers)
    .where(ne(suppliers.status, "deleted"))
    .orderBy(asc(suppliers.name));
}

async function supplierExists(tx: Executor, supplierId: number | null): Promise<boolean> {
  return supplierId === null || (await supplierName(tx, supplierId)) !== null;
}

/** A supplier's name, or null when it does not exist or was deleted. */
async function supplierName(tx: Executor, supplierId: number): Promise<string | null> {
  const [row] = await tx
    .select({ name: suppliers.name })
    .from(suppliers)
    .where(and(eq(suppliers.id, supplierId), ne(suppliers.status, "deleted")));
  return row?.name ?? null;
}

/**
 * docs/security.md#suspension: every way into the account ends at once, in the caller's
 * transaction — the browser sessions (the next request of an open page is signed out) and the
 * API's bearer tokens.
 */
const signOutEverywhere = (tx: Executor, userId: number) => endOtherSignIns(userId, null, tx);

/** The account, locked for the change, or nothing when it does not exist (or was deleted). */
async function lockUser(tx: Executor, userId: number) {
  const [row] = await tx
    .select({ id: users.id, type: users.type, supplierId: users.supplierId, blacklisted: users.blacklisted })
    .from(users)
    .where(and(eq(users.id, userId), live))
    .for("update");
  return row;
}

/**
 * docs/security.md#suspension: there is always an admin who can act. Every change of an account
 * first locks every admin row (in id order), then the account: always in that order, so two
 * changes never deadlock. Two admins demoting, suspending or deleting each other at once: the
 * second waits for the first, then sees the admin set as it now is, and is refused if it would
 * leave no admin that is activated, not suspended and not deleted, or if its actor is no longer one.
 */
async function lockForChange(tx: Executor, actorId: number, userId: number) {
  const admins = await tx
    .select({ id: users.id, blacklisted: users.blacklisted, activated: users.activated })
    .from(users)
    .where(and(eq(users.type, "admin"), live))
    .orderBy(asc(users.id))
    .for("update");
  const acting = admins.filter((a) => a.activated && !a.blacklisted);
  const before = await lockUser(tx, userId);
  return { before, adminsRemain: acting.some((a) => a.id === actorId) && acting.some((a) => a.id !== userId) };
}

/** Whether the change takes away one of the admins: only then must one remain (lockForChange). */
const removesAdmin = (before: { type: string }, change: { type?: string; blacklisted?: boolean; deleted?: boolean }) =>
  before.type === "admin" &&
  (change.deleted === true || change.blacklisted === true || (change.type !== undefined && change.type !== "admin"));

export async function changeUserType(
  actor: StaffUser,
  userId: number,
  input: ChangeTypeInput,
): Promise<"changed" | "unchanged" | "notFound" | "unknownSupplier" | "lastAdmin" | SelfRefusal> {
  const refusal = selfActionProblem(actor.id, userId, { kind: "changeType", type: input.type });
  if (refusal) return refusal;
  const after = { type: input.type, supplierId: supplierFor(input) };
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { before, adminsRemain } = await lockForChange(tx, actor.id, userId);
    if (!before) return "notFound";
    if (removesAdmin(before, { type: after.type }) && !adminsRemain) return "lastAdmin";
    if (!(await supplierExists(tx, after.supplierId))) return "unknownSupplier";
    const changes = changedFields({ type: before.type, supplierId: before.supplierId }, after);
    if (Object.keys(changes).length === 0) return "unchanged";
    await tx
      .update(users)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await recordAudit(tx, actor, {
      action: "user.type",
      subjectType: "user",
      subjectId: userId,
      supplierId: after.supplierId ?? before.supplierId,
      changes,
    });
    return "changed";
  });
}

/**
 * Suspends (blacklists) an account and signs it out everywhere in the same transaction, or
 * reinstates it (docs/security.md#suspension). Its owner then sees "Your account is suspended"
 * at sign-in.
 */
export async function setSuspended(
  actor: StaffUser,
  userId: number,
  suspended: boolean,
): Promise<"changed" | "unchanged" | "notFound" | "selfSuspend" | "lastAdmin"> {
  if (suspended && selfActionProblem(actor.id, userId, { kind: "suspend" })) return "selfSuspend";
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { before, adminsRemain } = await lockForChange(tx, actor.id, userId);
    if (!before) return "notFound";
    if (before.blacklisted === suspended) return "unchanged";
    if (removesAdmin(before, { blacklisted: suspended }) && !adminsRemain) return "lastAdmin";
    await tx.update(users).set({ blacklisted: suspended, updatedAt: new Date() }).where(eq(users.id, userId));
    if (suspended) await signOutEverywhere(tx, userId);
    await recordAudit(tx, actor, {
      action: suspended ? "user.suspend" : "user.reinstate",
      subjectType: "user",
      subjectId: userId,
      supplierId: before.supplierId,
      changes: { blacklisted: [before.blacklisted, suspended] },
    });
    return "changed";
  });
}

/**
 * Soft delete (docs/domain.md#user-management): the row stays for the bookings that name it; the
 * account is signed out everywhere and its unused emailed links stop working.
 */
export async function deleteUser(
  actor: StaffUser,
  userId: number,
): Promise<"deleted" | "notFound" | "selfDelete" | "lastAdmin"> {
  if (selfActionProblem(actor.id, userId, { kind: "delete" })) return "selfDelete";
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { before, adminsRemain } = await lockForChange(tx, actor.id, userId);
    if (!before) return "notFound";
    if (removesAdmin(before, { deleted: true }) && !adminsRemain) return "lastAdmin";
    await tx.update(users).set({ status: "deleted", updatedAt: new Date() }).where(eq(users.id, userId));
    await signOutEverywhere(tx, userId);
    await tx.delete(tokens).where(eq(tokens.userId, userId));
    await recordAudit(tx, actor, {
      action: "user.delete",
      subjectType: "user",
      subjectId: userId,
      supplierId: before.supplierId,
      changes: { status: ["active", "deleted"] },
    });
    return "deleted";
  });
}

/**
 * An admin or supplier account made by an admin: unactivated, without a password, with the
 * invitation email (who invited them, to which supplier, as what), whose activation link lets its
 * owner choose the password (docs/domain.md#user-management).
 */
export async function createStaffAccount(
  actor: StaffUser,
  input: Omit<CreateAccountInput, "language">,
  language: Language,
  now = new Date(),
): Promise<{ ok: true; userId: number } | { ok: false; reason: "emailTaken" | "unknownSupplier" }> {
  const values = {
    fullName: input.fullName,
    email: input.email,
    phone: input.phone,
    type: input.type,
    supplierId: supplierFor(input),
  };
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const supplier = values.supplierId === null ? null : await supplierName(tx, values.supplierId);
      if (values.supplierId !== null && supplier === null) return { ok: false, reason: "unknownSupplier" } as const;
      const invitation = { inviter: actor.fullName, supplier, role: input.type };
      const created = await createUnactivatedAccount(tx, { ...values, language, invitation }, now);
      if (!created.ok) return created;
      await recordAudit(tx, actor, {
        action: "user.create",
        subjectType: "user",
        subjectId: created.userId,
        supplierId: values.supplierId,
        changes: createdFields(values),
      });
      return created;
    });
  } catch (error) {
    // Two creations with one address at the same moment: the unique index decides.
    if (sqlState(error) === UNIQUE_VIOLATION) return { ok: false, reason: "emailTaken" };
    throw error;
  }
}
